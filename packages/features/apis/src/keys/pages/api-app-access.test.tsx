import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deployedApp, renderKeys, signedInOwner } from '../test/render';

describe('/api-app-access/:appId', () => {
  it('turns API access on, shows snippets with the real input names, OpenAPI and MCP', async () => {
    const user = userEvent.setup();
    const { client, ownerId } = signedInOwner();
    const app = deployedApp(client, ownerId, { api_access_enabled: false });
    renderKeys(client, `/api-app-access/${app.id}`);

    const toggle = await screen.findByRole('switch', { name: 'Allow calls with API keys' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(client.fake.data.apps[app.id]?.api_access_enabled).toBe(true));
    expect(await screen.findByRole('switch', { name: 'Allow calls with API keys' })).toBeChecked();

    expect(screen.getByText(/curl -sS -X POST/)).toHaveTextContent(`/v1/apps/${app.id}/runs`);
    await user.click(screen.getByRole('tab', { name: 'Python' }));
    expect(await screen.findByText(/import requests/)).toHaveTextContent('"topic": "Your topic"');
    expect(screen.getByRole('link', { name: 'OpenAPI document of this app' })).toHaveAttribute('href', expect.stringContaining(`/v1/apps/${app.id}/openapi.json`));
    expect(screen.getByText(/mcpServers/)).toHaveTextContent('/functions/v1/api/mcp');
  });

  it('runs the app with a pasted key and streams the answer; a wrong key gets the API’s words', async () => {
    const user = userEvent.setup();
    const { client, ownerId } = signedInOwner();
    const app = deployedApp(client, ownerId);
    const created = await client.apiKeys.create({ name: 'Try', app_ids: null, expires_at: null });
    renderKeys(client, `/api-app-access/${app.id}`);

    const keyField = await screen.findByLabelText('API key');
    expect(keyField).toHaveAttribute('type', 'password');
    await user.type(keyField, 'af_wrong');
    await user.click(screen.getByRole('button', { name: 'Run with this key' }));
    expect(await screen.findByText(/missing, unknown, revoked or expired/)).toBeInTheDocument();

    await user.clear(keyField);
    await user.type(keyField, created.key);
    const topic = screen.getByRole('textbox', { name: 'Topic (topic)' });
    await user.clear(topic);
    await user.type(topic, 'volcanoes');
    await user.click(screen.getByRole('button', { name: 'Run with this key' }));
    expect(await screen.findByRole('region', { name: 'Answer' })).toHaveTextContent('Offline model: volcanoes');
    expect(window.localStorage.length).toBe(0);
  });
});
