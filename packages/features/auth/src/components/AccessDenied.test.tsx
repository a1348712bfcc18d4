import { createFakeAppforgeClient } from '@appforge/sdk/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { AccessDenied } from './AccessDenied';

describe('AccessDenied', () => {
  it('says whom to contact and signs out with Logout', async () => {
    const user = userEvent.setup();
    const client = createFakeAppforgeClient();
    client.fake.signIn({ email: 'pending@example.org' });
    renderWithProviders(<AccessDenied />, { client, path: '/denied' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Contact help@appforge.test for access');
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(client.fake.data.session).toBeNull());
    expect(client.fake.calls('auth.signOut')).toEqual([[]]);
  });

  it('reports a failed sign-out and lets the person try again', async () => {
    const user = userEvent.setup();
    const client = createFakeAppforgeClient();
    client.fake.signIn();
    client.fake.fail('auth.signOut');
    const { reportError } = renderWithProviders(<AccessDenied />, { client, path: '/denied' });
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(reportError).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('button', { name: 'Logout' })).toBeEnabled();
  });
});
