// On the real backend (@appforge/test-backend).
import { setupAppforgeBackend } from '@appforge/test-backend';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderKeys } from '../test/render';

const backend = setupAppforgeBackend();

describe('/list-api-keys', () => {
  it('says what to do first when there are no keys', async () => {
    const { client } = await backend().signedInUser('ada');
    renderKeys(client, '/list-api-keys');
    expect(await screen.findByRole('heading', { name: 'No API keys yet' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'New key' })[0]).toHaveAttribute('href', '/api-key');
  });

  it('lists keys with prefix, scope, expiry, status and usage, never their value; none of someone else’s', async () => {
    const { client } = await backend().signedInUser('ada');
    const first = await client.apiKeys.create({ name: 'Website', app_ids: null, expires_at: null });
    const second = await client.apiKeys.create({ name: 'Cron job', app_ids: null, expires_at: null });
    await client.apiKeys.revoke(second.id);
    // Usage is counted by the public API's server function as runs go through it.
    const counted = await backend()
      .admin.from('ApiKeyUsageDay')
      .insert({ api_key_id: first.id, day: new Date().toISOString().slice(0, 10), runs: 4, input_tokens: 1, output_tokens: 1, errors: 0 });
    expect(counted.error).toBeNull();
    const mallory = await backend().signedInUser('mallory');
    await mallory.client.apiKeys.create({ name: 'Mallory’s key', app_ids: null, expires_at: null });
    const { container } = renderKeys(client, '/list-api-keys');

    const website = (await screen.findByRole('rowheader', { name: 'Website' })).closest('tr');
    if (!website) throw new Error('no row');
    expect(within(website).getByText(`${first.prefix}…`)).toBeInTheDocument();
    expect(within(website).getByText('All apps')).toBeInTheDocument();
    expect(within(website).getByText('Active')).toBeInTheDocument();
    expect(within(website).getByRole('img', { name: '4 runs in the last 14 days' })).toBeInTheDocument();
    expect(within(website).getByText('4')).toHaveClass('af-keys-usage__total');
    const cron = screen.getByRole('rowheader', { name: 'Cron job' }).closest('tr');
    expect(cron && within(cron).getByText('Revoked')).toBeInTheDocument();
    expect(container.innerHTML).not.toContain(first.key);
    expect(screen.queryByText('Mallory’s key')).not.toBeInTheDocument();
  });

  it('shows the server’s words and a retry when the keys cannot load', async () => {
    let offline = false;
    const network: typeof fetch = (input, init) => (offline ? Promise.reject(new TypeError('Failed to fetch')) : fetch(input, init));
    const { client } = await backend().signedInUser('ada', { fetch: network });
    offline = true;
    renderKeys(client, '/list-api-keys');
    expect(await screen.findByRole('alert')).toHaveTextContent(/connection|network|reach/i);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
