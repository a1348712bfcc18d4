// Issue 26: a teacher who tries to give the class another creator's paid app sees the server's
// words for it, and the form keeps the choice so they can pick another item.
import { toAppforgeError } from '@appforge/sdk';
import { screen } from '@testing-library/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AssignForm } from './AssignForm';

const REFUSAL = 'Tax quiz is paid and not yours: buy it first to give it to your class, or pick a free app.';

describe('AssignForm', () => {
  it('shows why another creator’s paid app cannot be assigned, as the database words it', async () => {
    // What postgrest-js hands the SDK for the Assignment trigger's refusal (SQLSTATE PT402, HTTP 402).
    const onAssign = vi.fn(() => Promise.reject(toAppforgeError({ code: 'PT402', message: REFUSAL, details: null, hint: 'Students run what you assign at no cost to them.' })));
    render(<AssignForm items={[{ kind: 'app', id: 'a1', name: 'Tax quiz', own: false }, { kind: 'app', id: 'a2', name: 'Cell quiz', own: true }]} onAssign={onAssign} />);
    await userEvent.click(screen.getByRole('combobox', { name: /App or bundle/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'App: Tax quiz (public)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(REFUSAL);
    expect(onAssign).toHaveBeenCalledWith(expect.objectContaining({ kind: 'app', id: 'a1' }));
    // The choice stays, so the teacher sees what was refused and can pick another.
    expect(screen.getByRole('combobox', { name: /App or bundle/ })).toHaveTextContent('App: Tax quiz (public)');
  });
});
