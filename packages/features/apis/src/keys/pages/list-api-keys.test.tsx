import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderKeys, signedInOwner } from '../test/render';

describe('/list-api-keys', () => {
  it('says what to do first when there are no keys', async () => {
    const { client } = signedInOwner();
    renderKeys(client, '/list-api-keys');
    expect(await screen.findByRole('heading', { name: 'No API keys yet' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'New key' })[0]).toHaveAttribute('href', '/api-key');
  });

  it('lists keys with prefix, scope, expiry, status and usage, never their value', async () => {
    const { client } = signedInOwner();
    const first = await client.apiKeys.create({ name: 'Website', app_ids: null, expires_at: null });
    const second = await client.apiKeys.create({ name: 'Cron job', app_ids: null, expires_at: null });
    await client.apiKeys.revoke(second.id);
    const stored = client.fake.data.apiKeys[first.id];
    if (stored) stored.usage = [{ day: new Date().toISOString().slice(0, 10), runs: 4, input_tokens: 1, output_tokens: 1, errors: 0 }];
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
  });

  it('shows the server’s words and a retry when the keys cannot load', async () => {
    const { client } = signedInOwner();
    client.fake.fail('apiKeys.listMine');
    renderKeys(client, '/list-api-keys');
    expect(await screen.findByRole('alert')).toHaveTextContent(/connection|network|reach/i);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
