import { setupAppforgeBackend } from '@appforge/test-backend';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { AccessDenied } from './AccessDenied';

const backend = setupAppforgeBackend();

/** A network that notes the sign-out requests and can be taken down, as a browser tab goes offline. */
function network() {
  const state = { offline: false, signOuts: 0 };
  const fetchThrough: typeof fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.includes('/auth/v1/logout')) state.signOuts += 1;
    return state.offline ? Promise.reject(new TypeError('Failed to fetch')) : fetch(input, init);
  };
  return { state, fetch: fetchThrough };
}

describe('AccessDenied', () => {
  it('says whom to contact and signs out with Logout', async () => {
    const user = userEvent.setup();
    const net = network();
    const { client } = await backend().signedInUser('pending', { fetch: net.fetch });
    renderWithProviders(<AccessDenied />, { client, path: '/denied' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Contact help@appforge.test for access');
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(async () => expect((await client.supabase.auth.getSession()).data.session).toBeNull());
    expect(net.state.signOuts).toBe(1);
  });

  it('reports a failed sign-out and lets the person try again', async () => {
    const user = userEvent.setup();
    const net = network();
    const { client } = await backend().signedInUser('pending', { fetch: net.fetch });
    const { reportError } = renderWithProviders(<AccessDenied />, { client, path: '/denied' });
    net.state.offline = true;
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(reportError).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('button', { name: 'Logout' })).toBeEnabled();
    // Still signed in: nothing was dropped on a sign-out the server never heard of.
    expect((await client.supabase.auth.getSession()).data.session).not.toBeNull();
    net.state.offline = false;
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(async () => expect((await client.supabase.auth.getSession()).data.session).toBeNull());
    expect(reportError).toHaveBeenCalledTimes(1);
  });
});
