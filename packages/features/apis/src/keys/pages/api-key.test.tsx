// On the real backend (@appforge/test-backend).
import { setupAppforgeBackend } from '@appforge/test-backend';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deployedApp, renderKeys } from '../test/render';

const backend = setupAppforgeBackend();

describe('/api-key', () => {
  it('creates a key for chosen apps, shows it once with a warning and a curl line for the app', async () => {
    const user = userEvent.setup();
    const { client, id: ownerId } = await backend().signedInUser('ada');
    const app = await deployedApp(backend(), ownerId);
    await deployedApp(backend(), ownerId, { name: 'Other app' });
    renderKeys(client, '/api-key');

    await user.type(await screen.findByRole('textbox', { name: /Name/ }), 'CI pipeline');
    await user.click(screen.getByRole('radio', { name: 'Only the apps I choose' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Topic explainer' }));
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    const key = await screen.findByTestId('new-api-key');
    expect(key.textContent).toMatch(/^af_[0-9A-Za-z]{51}$/);
    expect(screen.getByRole('alert')).toHaveTextContent('It will not be shown again');
    const curl = await screen.findByTestId('curl-line');
    expect(curl).toHaveTextContent(`/functions/v1/api/v1/apps/${app.id}/runs`);
    expect(curl).toHaveTextContent(`Bearer ${key.textContent ?? ''}`);
    expect(curl).toHaveTextContent('"topic":"Your topic"');
    const keys = await client.apiKeys.listMine();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ name: 'CI pipeline', app_ids: [app.id], expires_at: null, rate_limit_per_minute: 60 });
  });

  it('refuses an empty name and a bad rate limit in words, creating nothing', async () => {
    const user = userEvent.setup();
    const { client } = await backend().signedInUser('ada');
    renderKeys(client, '/api-key');
    await user.click(await screen.findByRole('button', { name: 'Create key' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Give the key a name');
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'x');
    const limit = screen.getByRole('spinbutton', { name: /Runs per minute/ });
    await user.clear(limit);
    await user.type(limit, '0');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(screen.getByRole('alert')).toHaveTextContent('from 1 to 1000');
    expect(await client.apiKeys.listMine()).toEqual([]);
  });

  it('shows a key’s details and revokes it after confirmation', async () => {
    const user = userEvent.setup();
    const { client } = await backend().signedInUser('ada');
    const created = await client.apiKeys.create({ name: 'Website', app_ids: null, expires_at: null });
    renderKeys(client, `/api-key/${created.id}`);
    expect(await screen.findByRole('heading', { name: 'Website', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(`${created.prefix}…`)).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Usage by day (UTC)' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Revoke key' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(async () => expect((await client.apiKeys.get(created.id)).revoked_at).not.toBeNull());
    expect(await screen.findByText('Revoked', { selector: '.af-badge, span' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke key' })).not.toBeInTheDocument();
  });

  it('rotates a key with a grace period and shows the new key once', async () => {
    const user = userEvent.setup();
    const { client } = await backend().signedInUser('ada');
    const created = await client.apiKeys.create({ name: 'Website', app_ids: null, expires_at: null });
    renderKeys(client, `/api-key/${created.id}`);
    await user.click(await screen.findByRole('button', { name: 'Rotate key' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Rotate' }));
    const fresh = await screen.findByTestId('new-api-key');
    expect(fresh.textContent).not.toBe(created.key);
    const old = await client.apiKeys.get(created.id);
    expect(Date.parse(old.expires_at ?? '') - Date.now()).toBeGreaterThan(23 * 3_600_000);
    // The new key works from now on; the old one until its grace period ends.
    expect((await client.apiKeys.listMine()).filter((key) => key.status === 'active')).toHaveLength(2);
  });

  it('says so when the key does not exist', async () => {
    const { client } = await backend().signedInUser('ada');
    renderKeys(client, '/api-key/0a7c1c4e-9c7b-4f36-9d52-1f2a3b4c5d6e');
    expect(await screen.findByRole('heading', { name: 'This key was not found' })).toBeInTheDocument();
  });
});
