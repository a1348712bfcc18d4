import { makeVersion } from '@appforge/sdk/testing';
import { EditorView } from '@codemirror/view';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes, seedApp } from '../test-render';

async function typePrompt(text: string): Promise<void> {
  const content = await screen.findByRole('textbox', { name: 'Prompt' });
  const view = EditorView.findFromDOM(content);
  if (!view) throw new Error('No prompt editor');
  act(() => {
    view.dispatch({ changes: { from: view.state.doc.length, insert: text }, userEvent: 'input.type' });
  });
}

describe('the editor while another tab works on the same app', () => {
  it('says a newer version exists and stops saving instead of overwriting it', async () => {
    const { client, app, version } = seedApp();
    renderRoutes(client, `/create-app/${app.id}/${version.id}/write`);
    await screen.findByRole('textbox', { name: 'Prompt' });
    const newer = makeVersion({ app_id: app.id, number: version.number + 1, spec: version.spec });
    client.fake.data.versions[newer.id] = newer;
    act(() => client.fake.emitLive({ table: 'AppVersion', eventType: 'INSERT', new: { ...newer }, old: {} }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`A newer version exists: version ${newer.number} was made in another tab.`);
    expect(alert).toHaveTextContent('This tab stopped saving so that it does not overwrite that work.');
    expect(screen.getByRole('link', { name: `Open version ${newer.number}` })).toHaveAttribute('href', `/create-app/${app.id}/${newer.id}`);
    await typePrompt(' more');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(client.fake.calls('versions.updateSpec')).toHaveLength(0);
  });

  it('tells its own saves from another tab’s change of the same version', async () => {
    const { client, app, version } = seedApp();
    renderRoutes(client, `/create-app/${app.id}/${version.id}/write`);
    await typePrompt('!');
    await waitFor(() => expect(client.fake.calls('versions.updateSpec')).toHaveLength(1));
    const saved = client.fake.data.versions[version.id];
    // Realtime echoes this tab's own save: nothing to say.
    act(() => client.fake.emitLive({ table: 'AppVersion', eventType: 'UPDATE', new: { ...saved }, old: { id: version.id } }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Another tab saves different steps into the same version.
    const theirs = { ...saved, spec: { ...version.spec, steps: version.spec.steps.slice(0, 1) } };
    act(() => client.fake.emitLive({ table: 'AppVersion', eventType: 'UPDATE', new: theirs, old: { id: version.id } }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This version was changed in another tab.');
    expect(screen.getByRole('link', { name: 'Reload this version' })).toBeInTheDocument();
  });

  it('does not send an autosave that was already waiting when another tab changed the version', async () => {
    const { client, app, version } = seedApp();
    const view = renderRoutes(client, `/create-app/${app.id}/${version.id}/write`);
    // An edit schedules an autosave (sent after a pause in typing) …
    await typePrompt(' typed just before');
    // … and before it goes, another tab saves different steps into the same version.
    const theirs = { ...version, spec: { ...version.spec, steps: version.spec.steps.slice(0, 1) } };
    client.fake.data.versions[version.id] = theirs;
    act(() => client.fake.emitLive({ table: 'AppVersion', eventType: 'UPDATE', new: theirs, old: { id: version.id } }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This version was changed in another tab.');
    await new Promise((resolve) => setTimeout(resolve, 1200));
    // Leaving the page (which flushes a pending save) must not send it either.
    view.unmount();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(client.fake.calls('versions.updateSpec')).toHaveLength(0);
    expect(client.fake.data.versions[version.id]?.spec.steps).toHaveLength(1);
    // The typed edit is still kept in this browser, for "Reload this version" to offer.
    expect(window.localStorage.getItem(`appforge:builder:unsaved:${version.id}`)).toContain('typed just before');
  });
});

describe('unsent edits kept in the browser when the version was saved elsewhere since', () => {
  function keepUnsent(version: ReturnType<typeof seedApp>['version'], title: string, at: number): void {
    const edited = structuredClone(version.spec);
    const step = edited.steps[1];
    if (step) step.title = title;
    window.localStorage.setItem(`appforge:builder:unsaved:${version.id}`, JSON.stringify({ spec: edited, at }));
  }

  it('“Reload this version” of a stale editor asks before restoring them, and restores them only when told', async () => {
    const { client, app, version } = seedApp();
    keepUnsent(version, 'Typed in the stale tab', Date.now());
    renderRoutes(client, `/create-app/${app.id}/${version.id}?unsent=ask`);
    const question = await screen.findByRole('alert');
    expect(question).toHaveTextContent('This browser kept changes to version 1 that never reached the server');
    // Until asked, the saved version shows and nothing is sent.
    expect(screen.getByRole('list', { name: 'Steps' })).not.toHaveTextContent('Typed in the stale tab');
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(client.fake.calls('versions.updateSpec')).toHaveLength(0);
    act(() => screen.getByRole('button', { name: 'Restore my unsent changes' }).click());
    await waitFor(() => expect(client.fake.data.versions[version.id]?.spec.steps[1]?.title).toBe('Typed in the stale tab'));
    expect(screen.getByRole('list', { name: 'Steps' })).toHaveTextContent('Typed in the stale tab');
    expect(screen.getByText(/were restored and are being saved/)).toBeInTheDocument();
  });

  it('discarding them keeps the saved version and forgets the backup', async () => {
    const { client, app, version } = seedApp();
    // Kept a minute before the version's last save (made in another tab).
    keepUnsent(version, 'Older than the save', Date.parse(version.updated_at) - 60_000);
    renderRoutes(client, `/create-app/${app.id}/${version.id}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('never reached the server');
    act(() => screen.getByRole('button', { name: 'Discard them' }).click());
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(window.localStorage.getItem(`appforge:builder:unsaved:${version.id}`)).toBeNull();
    expect(screen.getByRole('list', { name: 'Steps' })).not.toHaveTextContent('Older than the save');
    expect(client.fake.calls('versions.updateSpec')).toHaveLength(0);
  });

  it('the stale editor’s reload link asks', async () => {
    const { client, app, version } = seedApp();
    renderRoutes(client, `/create-app/${app.id}/${version.id}/write`);
    await screen.findByRole('textbox', { name: 'Prompt' });
    const theirs = { ...version, spec: { ...version.spec, steps: version.spec.steps.slice(0, 1) } };
    act(() => client.fake.emitLive({ table: 'AppVersion', eventType: 'UPDATE', new: theirs, old: { id: version.id } }));
    expect(await screen.findByRole('link', { name: 'Reload this version' })).toHaveAttribute('href', `/create-app/${app.id}/${version.id}?unsent=ask`);
  });
});
