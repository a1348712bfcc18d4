import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Draft } from './answers';
import { field, renderInRouter } from '../test/field';
import { InputStepForm } from './InputStepForm';
import type { InputStepFormProps } from './InputStepForm';

function Form(props: Pick<InputStepFormProps, 'fields' | 'onSubmit'> & Partial<InputStepFormProps>) {
  const [draft, setDraft] = useState<Draft>({});
  return <InputStepForm title="Questions" draft={draft} onDraftChange={setDraft} {...props} />;
}

describe('InputStepForm', () => {
  it('sends a text file’s content, and refuses a file over the limit naming it', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    renderInRouter(<Form fields={[field({ type: 'file', name: 'doc', label: 'Document', accept: ['.txt'], maxBytes: 20 })]} onSubmit={onSubmit} />);
    const input = screen.getByLabelText('Document');
    expect(input).toHaveAccessibleDescription('.txt · up to 20 bytes');

    await user.upload(input, new File(['a'.repeat(30)], 'long.txt', { type: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(input).toHaveAccessibleDescription('.txt · up to 20 bytes “Document” is 30 bytes; the limit is 20 bytes.');

    await user.upload(input, new File(['hello'], 'short.txt', { type: 'text/plain' }));
    expect(await screen.findByText('short.txt (5 bytes)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(onSubmit).toHaveBeenCalledWith({ doc: { name: 'short.txt', mimeType: 'text/plain', size: 5, text: 'hello' } });
  });

  it('offers a long list of options as a select', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    const options = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];
    renderInRouter(<Form fields={[field({ type: 'choice', name: 'grade', label: 'Grade', options, required: true })]} onSubmit={onSubmit} />);
    await user.selectOptions(screen.getByRole('combobox', { name: /Grade/ }), 'G');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(onSubmit).toHaveBeenCalledWith({ grade: 'G' });
  });

  it('answers yes/no with the keyboard alone', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    renderInRouter(<Form fields={[field({ type: 'yes_no', name: 'ok', label: 'Agree?', required: true })]} onSubmit={onSubmit} />);
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Yes' })).toHaveFocus();
    await user.keyboard(' ');
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledWith({ ok: true });
  });

  it('counts the characters of a long answer against its limit', async () => {
    const user = userEvent.setup();
    renderInRouter(<Form fields={[field({ type: 'long_text', name: 'essay', label: 'Essay', maxLength: 50 })]} onSubmit={vi.fn()} />);
    const essay = screen.getByRole('textbox', { name: 'Essay' });
    expect(essay).toHaveAccessibleDescription('0 / 50 characters');
    await user.type(essay, 'Hello');
    expect(essay).toHaveAccessibleDescription('5 / 50 characters');
  });

  it('cannot be sent twice while the answers are on their way', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    renderInRouter(<Form fields={[field({ type: 'text', name: 'a', label: 'A' })]} onSubmit={onSubmit} busy />);
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Run' })).toHaveAttribute('aria-busy', 'true');
  });
});
