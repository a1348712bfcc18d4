import type { AppforgeClient } from '@appforge/sdk';
import * as sdkApi from '@appforge/sdk/api';
import { renderWithAppforge, setupAppforgeBackend } from '@appforge/test-backend';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { keysRoutes } from '../routes';
import { deployedApp, renderKeys } from '../test/render';

const backend = setupAppforgeBackend();

/**
 * Asks a topic, a level (a choice) and whether to be brief (yes/no), answers, then waits for the
 * person to pick a tone with two buttons before a second answer.
 */
const toneSpec = {
  entryStepId: 'ask',
  steps: [
    {
      id: 'ask',
      kind: 'input',
      title: 'Ask',
      config: {
        fields: [
          { type: 'text', name: 'topic', label: 'Topic', required: true },
          { type: 'choice', name: 'level', label: 'Level', required: true, options: ['Beginner', 'Expert'] },
          { type: 'yes_no', name: 'brief', label: 'Brief', required: false },
        ],
      },
    },
    { id: 'write', kind: 'ai', title: 'Write', config: { prompt: 'Explain {{topic}} to a {{level}}.', outputVariable: 'text', outputFormat: 'text' } },
    {
      id: 'show',
      kind: 'output',
      title: 'Result',
      config: { template: '# First answer\n\n{{text}}' },
      next: { type: 'choices', prompt: 'Which tone next?', buttons: [{ label: 'Plain', goto: 'plain' }, { label: 'Stop', goto: 'end' }] },
    },
    { id: 'plain', kind: 'ai', title: 'Plainly', config: { prompt: 'Say {{topic}} plainly.', outputVariable: 'plainly', outputFormat: 'text' } },
    { id: 'again', kind: 'output', title: 'Plain answer', config: { template: '## Said plainly\n\n{{plainly}}' } },
  ],
};

/** A deployed app of the user with API access on, set up as the server would (service role). */
async function toneApp(ownerId: string): Promise<string> {
  const { admin } = backend();
  const app = await admin.from('App').insert({ owner_id: ownerId, name: 'Tone picker', visibility: 'public' }).select('id').single();
  if (app.error) throw app.error;
  const version = await admin.from('AppVersion').insert({ app_id: app.data.id, spec: toneSpec, frozen: true, created_by: ownerId }).select('id').single();
  if (version.error) throw version.error;
  const deployed = await admin.from('App').update({ draft_version_id: version.data.id, deployed_version_id: version.data.id, api_access_enabled: true }).eq('id', app.data.id);
  if (deployed.error) throw deployed.error;
  return app.data.id;
}

/** Opens the app's API page, pastes the key, answers with the app's own controls and runs it. */
async function runToTheChoice(client: AppforgeClient, appId: string, key: string) {
  const user = userEvent.setup();
  renderWithAppforge({ client, routes: keysRoutes, path: `/api-app-access/${appId}` });
  await user.type(await screen.findByLabelText('API key'), key);
  const topic = screen.getByRole('textbox', { name: 'Topic (topic)' });
  await user.clear(topic);
  await user.type(topic, 'tides');
  const level = screen.getByRole('group', { name: 'Level (level)' });
  await user.click(within(level).getByRole('radio', { name: 'Expert' }));
  const brief = screen.getByRole('group', { name: 'Brief (brief)' });
  await user.click(within(brief).getByRole('radio', { name: 'No' }));
  await user.click(screen.getByRole('button', { name: 'Run with this key' }));
  return user;
}

describe('/api-app-access/:appId', () => {
  it('turns API access on, shows snippets with the real input names, OpenAPI and MCP', async () => {
    const user = userEvent.setup();
    const { client, id: ownerId } = await backend().signedInUser('ada');
    const app = await deployedApp(backend(), ownerId, { api_access_enabled: false });
    renderKeys(client, `/api-app-access/${app.id}`);

    const toggle = await screen.findByRole('switch', { name: 'Allow calls with API keys' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(async () => expect((await client.apiKeys.appAccess(app.id)).enabled).toBe(true));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Allow calls with API keys' })).toBeChecked());

    expect(screen.getByText(/curl -sS -X POST/)).toHaveTextContent(`/v1/apps/${app.id}/runs`);
    await user.click(screen.getByRole('tab', { name: 'Python' }));
    expect(await screen.findByText(/import requests/)).toHaveTextContent('"topic": "Your topic"');
    expect(screen.getByRole('link', { name: 'OpenAPI document of this app' })).toHaveAttribute('href', expect.stringContaining(`/v1/apps/${app.id}/openapi.json`));
    expect(screen.getByText(/mcpServers/)).toHaveTextContent('/functions/v1/api/mcp');
  });

  it('the JavaScript snippet, run as the page shows it with a real key, prints the app’s answer', async () => {
    const user = userEvent.setup();
    const { client, id: ownerId } = await backend().signedInUser('ada');
    const app = await deployedApp(backend(), ownerId);
    const created = await client.apiKeys.create({ name: 'Snippet', app_ids: [app.id], expires_at: null });
    renderKeys(client, `/api-app-access/${app.id}`);

    await user.click(await screen.findByRole('tab', { name: 'JavaScript' }));
    const snippet = (await screen.findByText(/createAppforgeApi/)).textContent ?? '';
    // The snippet's one import, bound to the real @appforge/sdk/api module; the rest runs as shown.
    const importLine = /^import \{ ([^}]+) \} from '@appforge\/sdk\/api';$/m;
    const imported = importLine.exec(snippet)?.[1]?.split(',').map((name) => name.trim()) ?? [];
    expect(imported.length).toBeGreaterThan(0);
    for (const name of imported) expect(sdkApi).toHaveProperty(name);
    const body = snippet.replace(importLine, `const { ${imported.join(', ')} } = sdkApi;`);
    const printed: unknown[] = [];
    // eslint-disable-next-line @typescript-eslint/require-await -- only its constructor is used
    const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (...names: string[]) => (...values: unknown[]) => Promise<void>;
    await new AsyncFunction('sdkApi', 'process', 'console', body)(
      sdkApi,
      { env: { APPFORGE_API_KEY: created.key } },
      { log: (...values: unknown[]) => printed.push(...values), error: (...values: unknown[]) => printed.push(...values) },
    );
    expect(printed).toHaveLength(1);
    expect(String(printed[0])).toContain('Offline model');
    expect((await client.apiKeys.get(created.id)).runs_count).toBe(1);
  });

  it('runs the app with a pasted key and streams the answer; a wrong key gets the API’s words', async () => {
    const user = userEvent.setup();
    const { client, id: ownerId } = await backend().signedInUser('ada');
    const app = await deployedApp(backend(), ownerId);
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
    // The real offline model answers about the topic it was given.
    const answer = await screen.findByRole('region', { name: 'Answer' });
    await waitFor(() => expect(answer).toHaveTextContent('volcanoes'));
    // The pasted key is kept nowhere in the browser (only the page's own sign-in session is).
    const stored = Array.from({ length: window.localStorage.length }, (_, i) => window.localStorage.getItem(window.localStorage.key(i) ?? '') ?? '');
    expect(stored.join('\n')).not.toContain(created.key);
    expect(window.sessionStorage.length).toBe(0);
  });

  it('shows the answer so far when the app waits for a choice, offers its options, and Continue finishes the same run', async () => {
    const owner = await backend().signedInUser('ada');
    const appId = await toneApp(owner.id);
    const created = await owner.client.apiKeys.create({ name: 'Try', app_ids: [appId], expires_at: null });
    const user = await runToTheChoice(owner.client, appId, created.key);

    const answer = screen.getByRole('region', { name: 'Answer' });
    expect(await within(answer).findByRole('heading', { name: 'First answer' })).toBeInTheDocument();
    expect(answer).toHaveTextContent('tides');
    const next = screen.getByRole('form', { name: 'Continue the run' });
    const tone = within(next).getByRole('group', { name: 'Which tone next?' });
    expect(within(tone).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['Plain', 'Stop']);
    expect(screen.queryByText(/continue it with POST/)).not.toBeInTheDocument();

    await user.click(within(tone).getByRole('radio', { name: 'Plain' }));
    await user.click(within(next).getByRole('button', { name: 'Continue' }));
    expect(await within(answer).findByRole('heading', { name: 'Said plainly' })).toBeInTheDocument();
    expect(within(answer).getByRole('heading', { name: 'First answer' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Continue the run' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('continuing with no option chosen, no key, a revoked key or another key’s run says why and keeps the question', async () => {
    const owner = await backend().signedInUser('grace');
    const appId = await toneApp(owner.id);
    const created = await owner.client.apiKeys.create({ name: 'Try', app_ids: [appId], expires_at: null });
    const user = await runToTheChoice(owner.client, appId, created.key);
    const next = await screen.findByRole('form', { name: 'Continue the run' });
    const keyField = screen.getByLabelText('API key');

    await user.click(within(next).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose one of the options first.');

    await user.click(within(next).getByRole('radio', { name: 'Plain' }));
    await user.clear(keyField);
    await user.click(within(next).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Paste an API key first.');

    await owner.client.apiKeys.revoke(created.id);
    await user.type(keyField, created.key);
    await user.click(within(next).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/missing, unknown, revoked or expired/)).toBeInTheDocument();
    expect(within(next).getByRole('group', { name: 'Which tone next?' })).toBeInTheDocument();

    // A second key of the owner cannot continue the first key's run: the API knows no such run.
    const other = await owner.client.apiKeys.create({ name: 'Other', app_ids: [appId], expires_at: null });
    await user.clear(keyField);
    await user.type(keyField, other.key);
    await user.click(within(next).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('There is no such run of this key')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Answer' })).toHaveTextContent('tides');
  });
});
