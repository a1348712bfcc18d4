// On the real backend (@appforge/test-backend): the app and its draft are made through the SDK,
// "another tab" is a second client signed in as the same person, and the editor hears that tab's
// versions and saves through Realtime (nothing is emitted by hand). What this tab sent is read from
// its client's own requests, what the server kept with the service role.
import type { AppSpec } from '@appforge/engine';
import type { AppforgeClient } from '@appforge/sdk';
import { setupAppforgeBackend } from '@appforge/test-backend';
import { EditorView } from '@codemirror/view';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ownApp, secondTab, spec, watchedServer } from '../../shared/test/backend';
import { renderRoutes } from '../test-render';

const backend = setupAppforgeBackend();

const TOPIC_SPEC: AppSpec = spec({
  entryStepId: 'ask',
  steps: [
    { id: 'ask', kind: 'input', title: 'Your topic', config: { fields: [{ name: 'topic', label: 'Topic', type: 'text', required: true }] } },
    { id: 'write', kind: 'ai', title: 'Write', config: { prompt: 'Write three sentences about {{topic}}.', outputVariable: 'text' } },
    { id: 'show', kind: 'output', title: 'Result', config: { template: '{{text}}' } },
  ],
});

/** Ada's app "Essay helper" with its draft (version 1), her requests listed, and a second tab of hers. */
async function seedApp() {
  const server = watchedServer();
  const owner = await backend().signedInUser('ada', { fetch: server.fetch });
  const { appId, versionId } = await ownApp(owner, { name: 'Essay helper', spec: TOPIC_SPEC });
  const version = await owner.client.versions.get(versionId);
  const other: AppforgeClient = await secondTab(backend(), owner);
  server.writes.length = 0;
  return { client: owner.client, appId, version, other, server };
}

/** This tab's saves of the version's steps. */
const specSaves = (server: { writes: string[] }) => server.writes.filter((url) => url.includes('/rest/v1/AppVersion?'));

/** The page hears changes once every channel of the client has joined. */
async function listening(client: AppforgeClient): Promise<void> {
  await waitFor(() => {
    const channels = client.supabase.getChannels();
    expect(channels.length > 0 && channels.every((channel) => channel.state === 'joined')).toBe(true);
  });
}

async function savedSpec(versionId: string): Promise<AppSpec> {
  const { data, error } = await backend().admin.from('AppVersion').select('spec').eq('id', versionId).single();
  if (error) throw new Error(error.message);
  return data.spec as unknown as AppSpec;
}

async function typePrompt(text: string): Promise<void> {
  const content = await screen.findByRole('textbox', { name: 'Prompt' });
  const view = EditorView.findFromDOM(content);
  if (!view) throw new Error('No prompt editor');
  act(() => {
    view.dispatch({ changes: { from: view.state.doc.length, insert: text }, userEvent: 'input.type' });
  });
}

/** The version's steps with only the first one: what "another tab" saves. */
const firstStepOnly = (appSpec: AppSpec): AppSpec => ({ ...appSpec, steps: appSpec.steps.slice(0, 1) });

describe('the editor while another tab works on the same app', () => {
  it('says a newer version exists and stops saving instead of overwriting it', async () => {
    const { client, appId, version, other, server } = await seedApp();
    renderRoutes(client, `/create-app/${appId}/${version.id}/write`);
    await screen.findByRole('textbox', { name: 'Prompt' });
    await listening(client);
    const newer = await other.versions.createDraft({ appId, spec: version.spec, parentVersionId: version.id });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`A newer version exists: version ${newer.number} was made in another tab.`);
    expect(alert).toHaveTextContent('This tab stopped saving so that it does not overwrite that work.');
    expect(screen.getByRole('link', { name: `Open version ${newer.number}` })).toHaveAttribute('href', `/create-app/${appId}/${newer.id}`);
    await typePrompt(' more');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(specSaves(server)).toHaveLength(0);
    expect(await savedSpec(version.id)).toEqual(version.spec);
  });

  it('tells its own saves from another tab’s change of the same version', async () => {
    const { client, appId, version, other, server } = await seedApp();
    renderRoutes(client, `/create-app/${appId}/${version.id}/write`);
    await screen.findByRole('textbox', { name: 'Prompt' });
    await listening(client);
    await typePrompt('!');
    await waitFor(() => expect(specSaves(server)).toHaveLength(1));
    await waitFor(async () => expect((await savedSpec(version.id)).steps[1]).toMatchObject({ config: { prompt: 'Write three sentences about {{topic}}.!' } }));
    // Realtime echoes this tab's own save: nothing to say (the echo comes before the other tab's change below).
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Another tab saves different steps into the same version.
    await other.versions.updateSpec(version.id, firstStepOnly(version.spec));
    expect(await screen.findByRole('alert')).toHaveTextContent('This version was changed in another tab.');
    expect(screen.getByRole('link', { name: 'Reload this version' })).toBeInTheDocument();
  });

  it('does not send an autosave that was already waiting when another tab changed the version', async () => {
    const { client, appId, version, other, server } = await seedApp();
    const view = renderRoutes(client, `/create-app/${appId}/${version.id}/write`);
    await screen.findByRole('textbox', { name: 'Prompt' });
    await listening(client);
    // An edit schedules an autosave (sent after a pause in typing) …
    await typePrompt(' typed just before');
    // … and before it goes, another tab saves different steps into the same version.
    await other.versions.updateSpec(version.id, firstStepOnly(version.spec));
    expect(await screen.findByRole('alert')).toHaveTextContent('This version was changed in another tab.');
    await new Promise((resolve) => setTimeout(resolve, 1200));
    // Leaving the page (which flushes a pending save) must not send it either.
    view.unmount();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(specSaves(server)).toHaveLength(0);
    expect((await savedSpec(version.id)).steps).toHaveLength(1);
    // The typed edit is still kept in this browser, for "Reload this version" to offer.
    expect(window.localStorage.getItem(`appforge:builder:unsaved:${version.id}`)).toContain('typed just before');
  });
});

describe('unsent edits kept in the browser when the version was saved elsewhere since', () => {
  function keepUnsent(version: { id: string; spec: AppSpec }, title: string, at: number): void {
    const edited = structuredClone(version.spec);
    const step = edited.steps[1];
    if (step) step.title = title;
    window.localStorage.setItem(`appforge:builder:unsaved:${version.id}`, JSON.stringify({ spec: edited, at }));
  }

  it('“Reload this version” of a stale editor asks before restoring them, and restores them only when told', async () => {
    const { client, appId, version, server } = await seedApp();
    keepUnsent(version, 'Typed in the stale tab', Date.now());
    renderRoutes(client, `/create-app/${appId}/${version.id}?unsent=ask`);
    const question = await screen.findByRole('alert');
    expect(question).toHaveTextContent('This browser kept changes to version 1 that never reached the server');
    // Until asked, the saved version shows and nothing is sent.
    expect(screen.getByRole('list', { name: 'Steps' })).not.toHaveTextContent('Typed in the stale tab');
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(specSaves(server)).toHaveLength(0);
    act(() => screen.getByRole('button', { name: 'Restore my unsent changes' }).click());
    await waitFor(async () => expect((await savedSpec(version.id)).steps[1]?.title).toBe('Typed in the stale tab'));
    expect(screen.getByRole('list', { name: 'Steps' })).toHaveTextContent('Typed in the stale tab');
    expect(screen.getByText(/were restored and are being saved/)).toBeInTheDocument();
  });

  it('discarding them keeps the saved version and forgets the backup', async () => {
    const { client, appId, version, server } = await seedApp();
    // Kept a minute before the version's last save (made in another tab).
    keepUnsent(version, 'Older than the save', Date.parse(version.updated_at) - 60_000);
    renderRoutes(client, `/create-app/${appId}/${version.id}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('never reached the server');
    act(() => screen.getByRole('button', { name: 'Discard them' }).click());
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(window.localStorage.getItem(`appforge:builder:unsaved:${version.id}`)).toBeNull();
    expect(screen.getByRole('list', { name: 'Steps' })).not.toHaveTextContent('Older than the save');
    expect(specSaves(server)).toHaveLength(0);
  });

  it('the stale editor’s reload link asks', async () => {
    const { client, appId, version, other } = await seedApp();
    renderRoutes(client, `/create-app/${appId}/${version.id}/write`);
    await screen.findByRole('textbox', { name: 'Prompt' });
    await listening(client);
    await other.versions.updateSpec(version.id, firstStepOnly(version.spec));
    expect(await screen.findByRole('link', { name: 'Reload this version' })).toHaveAttribute('href', `/create-app/${appId}/${version.id}?unsent=ask`);
  });
});
