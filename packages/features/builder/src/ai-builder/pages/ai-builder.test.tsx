import type { BuilderStreamEvent } from '@appforge/sdk';
import { AppforgeError } from '@appforge/sdk';
import { createFakeAppforgeClient, makeApp, makeSpec, makeVersion } from '@appforge/sdk/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { readChat } from '../lib/chat-history';
import { ownerWithApp, renderRoute } from '../test/render';

afterEach(() => window.sessionStorage.clear());

/** Version 1 asks for a topic; version 2 writes more formally. */
function twoVersions() {
  const first = makeSpec();
  const second = structuredClone(first);
  const write = second.steps[1];
  if (write?.kind === 'ai') write.config.prompt = 'Write three formal sentences about {{topic}}.';
  return [first, second];
}

describe('/ai-builder/:appId/:currentVersionId', () => {
  it('shows a skeleton, then the app, the version on screen and every version with its source, summary and markers', async () => {
    const { client, app, versions } = ownerWithApp(twoVersions());
    const [v1, v2] = versions;
    if (!v1 || !v2) throw new Error('fixture');
    client.fake.data.apps[app.id] = { ...app, deployed_version_id: v1.id };
    renderRoute(`/ai-builder/${app.id}/${v2.id}`, { client });
    expect(await screen.findByText('Loading the AI builder…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Topic writer' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Preview of version 2' })).toBeInTheDocument();

    const list = await screen.findByRole('list', { name: 'Versions' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual(['Version 2', 'Version 1']);
    const [second, first] = items;
    if (!second || !first) throw new Error('two versions');
    expect(second).toHaveTextContent('Manual');
    expect(second).toHaveTextContent('Manual change 2');
    expect(second).toHaveTextContent('Draft');
    expect(second).toHaveTextContent('Viewing');
    expect(within(second).getByText(/2026/)).toBeInTheDocument();
    expect(first).toHaveTextContent('Template');
    expect(first).toHaveTextContent('First version');
    expect(first).toHaveTextContent('Deployed');
    expect(first).not.toHaveTextContent('Viewing');
  });

  it('says "not found" for someone else’s app, revealing nothing about it', async () => {
    const client = createFakeAppforgeClient();
    client.fake.signIn({ email: 'eve@example.org' });
    const theirs = makeApp({ name: 'Secret app' });
    const version = makeVersion({ app_id: theirs.id });
    client.fake.data.apps[theirs.id] = { ...theirs, draft_version_id: version.id };
    client.fake.data.versions[version.id] = version;
    renderRoute(`/ai-builder/${theirs.id}/${version.id}`, { client });
    expect(await screen.findByRole('heading', { level: 1, name: 'App not found' })).toBeInTheDocument();
    expect(screen.queryByText('Secret app')).not.toBeInTheDocument();
  });

  it('answers a malformed app id with "not found" and a malformed version id with a way to the draft', async () => {
    const { client, app, versions } = ownerWithApp();
    const { unmount } = renderRoute('/ai-builder/not-an-id/also-not', { client });
    expect(await screen.findByRole('heading', { name: 'App not found' })).toBeInTheDocument();
    unmount();
    renderRoute(`/ai-builder/${app.id}/nope`, { client });
    expect(await screen.findByRole('heading', { name: 'Version not found' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Open the current draft' }));
    expect(await screen.findByRole('heading', { name: 'Preview of version 1' })).toBeInTheDocument();
    expect(versions).toHaveLength(1);
  });

  it('streams the builder’s progress live, then names the new version and its summary, and opens it', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const setup = ownerWithApp([makeSpec()], {}, {
      builder: {
        async *generateVersion(): AsyncGenerator<BuilderStreamEvent> {
          yield { type: 'progress', stage: 'thinking', message: 'Reading your message' };
          await gate;
          yield { type: 'progress', stage: 'saving', message: 'Saving the new version' };
          const created = makeVersion({ app_id: setup.app.id, number: 2, source: 'ai', change_summary: 'Made the tone formal.' });
          setup.client.fake.data.versions[created.id] = created;
          yield { type: 'version', version_id: created.id, number: 2, change_summary: 'Made the tone formal.' };
        },
      },
    });
    const { client, app, versions } = setup;
    const user = userEvent.setup();
    const { router } = renderRoute(`/ai-builder/${app.id}/${versions[0]?.id ?? ''}`, { client });
    const box = await screen.findByRole('textbox', { name: /Describe a change to version 1/ });
    await user.type(box, 'Make it more formal{Enter}');

    const conversation = screen.getByRole('list', { name: 'Conversation' });
    expect(await within(conversation).findByText('Reading your message')).toBeInTheDocument();
    expect(within(conversation).getByText('Make it more formal')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument();

    await act(async () => {
      release();
      await gate;
    });
    expect(await within(conversation).findByText('Version 2 is ready.')).toBeInTheDocument();
    expect(within(conversation).getByText('Made the tone formal.')).toBeInTheDocument();
    // The new version is opened; the reply still offers "Open".
    await waitFor(() => expect(router.state.location.pathname).toMatch(new RegExp(`^/ai-builder/${app.id}/(?!${versions[0]?.id ?? ''})`)));
    expect(await screen.findByRole('heading', { name: 'Preview of version 2' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open version 2' })).toBeInTheDocument();
    // The message went out, so the box is empty again; the chat is kept for this tab.
    expect(screen.getByRole('textbox', { name: /Describe a change to version 2/ })).toHaveValue('');
    expect(readChat(app.id)).toEqual([expect.objectContaining({ message: 'Make it more formal', baseNumber: 1, outcome: expect.objectContaining({ type: 'version', number: 2 }) })]);
  });

  it('makes a real change with the offline model, and the chat survives a reload of the page', async () => {
    const { client, app, versions } = ownerWithApp();
    const user = userEvent.setup();
    const first = renderRoute(`/ai-builder/${app.id}/${versions[0]?.id ?? ''}`, { client });
    await user.type(await screen.findByRole('textbox', { name: /Describe a change/ }), 'Rename step 2 to Draft');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Version 2 is ready.')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Conversation' })).getByText(/Renamed step 2/)).toBeInTheDocument();
    // The new version is in the list too, marked as made by AI.
    expect(await screen.findByRole('heading', { name: 'Preview of version 2' })).toBeInTheDocument();
    const newest = within(screen.getByRole('list', { name: 'Versions' })).getAllByRole('listitem')[0];
    expect(newest).toHaveTextContent('Version 2');
    expect(newest).toHaveTextContent('AI');
    first.unmount();

    renderRoute(`/ai-builder/${app.id}/${versions[0]?.id ?? ''}`, { client });
    expect(await screen.findByText('Version 2 is ready.')).toBeInTheDocument();
    expect(screen.getByText('Rename step 2 to Draft')).toBeInTheDocument();
  });

  it('shows a failure in words with "Try again", never losing the typed message; a retry replaces the failure', async () => {
    const { client, app, versions } = ownerWithApp();
    client.fake.fail('builder.generateVersion', new AppforgeError({ code: 'network_error', message: 'The builder could not be reached. Check your connection.', status: 0 }));
    const user = userEvent.setup();
    const { unmount } = renderRoute(`/ai-builder/${app.id}/${versions[0]?.id ?? ''}`, { client });
    const box = await screen.findByRole('textbox', { name: /Describe a change/ });
    await user.type(box, 'Make it more formal');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The builder could not be reached. Check your connection.');
    expect(screen.getByRole('textbox', { name: /Describe a change/ })).toHaveValue('Make it more formal');

    // Even a reload keeps what was typed.
    unmount();
    renderRoute(`/ai-builder/${app.id}/${versions[0]?.id ?? ''}`, { client });
    expect(await screen.findByRole('textbox', { name: /Describe a change/ })).toHaveValue('Make it more formal');

    client.fake.heal('builder.generateVersion');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Version 2 is ready.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getAllByText('Make it more formal')).toHaveLength(1);
    expect(readChat(app.id)).toHaveLength(1);
  });

  it('says why when the builder made no change (the offline model does not understand)', async () => {
    const { client, app, versions } = ownerWithApp();
    const user = userEvent.setup();
    renderRoute(`/ai-builder/${app.id}/${versions[0]?.id ?? ''}`, { client });
    await user.type(await screen.findByRole('textbox', { name: /Describe a change/ }), 'Paint it purple{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(/offline model can't do that/);
    expect(screen.getByText('No new version.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('refuses to send an empty message, in words', async () => {
    const { client, app, versions } = ownerWithApp();
    const user = userEvent.setup();
    renderRoute(`/ai-builder/${app.id}/${versions[0]?.id ?? ''}`, { client });
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Say what to change first.')).toBeInTheDocument();
    expect(client.fake.calls('builder.generateVersion')).toHaveLength(0);
  });

  it('switches to another version from the list', async () => {
    const { client, app, versions } = ownerWithApp(twoVersions());
    const user = userEvent.setup();
    const { router } = renderRoute(`/ai-builder/${app.id}/${versions[1]?.id ?? ''}`, { client });
    await user.click(await screen.findByRole('link', { name: 'Open version 1' }));
    expect(await screen.findByRole('heading', { name: 'Preview of version 1' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/ai-builder/${app.id}/${versions[0]?.id ?? ''}`);
  });

  it('compares two versions step by step, with the changed field before and after', async () => {
    const { client, app, versions } = ownerWithApp(twoVersions());
    const user = userEvent.setup();
    renderRoute(`/ai-builder/${app.id}/${versions[1]?.id ?? ''}`, { client });
    const compare = await screen.findByRole('button', { name: 'Compare two versions' });
    expect(compare).toBeDisabled();
    await user.click(await screen.findByRole('checkbox', { name: 'Compare version 2' }));
    await user.click(screen.getByRole('checkbox', { name: 'Compare version 1' }));
    await user.click(screen.getByRole('button', { name: 'Compare versions 1 and 2' }));

    const region = await screen.findByRole('region', { name: 'Changes from version 1 to version 2' });
    expect(within(region).getByText('1 step changed.')).toBeInTheDocument();
    const change = within(region).getByRole('listitem');
    expect(change).toHaveTextContent('Step 2: Write');
    expect(within(change).getByText('Prompt')).toBeInTheDocument();
    expect(within(change).getByText('Write three sentences about {{topic}}.')).toBeInTheDocument();
    expect(within(change).getByText('Write three formal sentences about {{topic}}.')).toBeInTheDocument();
    expect(within(region).getByText('2 steps unchanged.')).toBeInTheDocument();

    await user.click(within(region).getByRole('button', { name: 'Close comparison' }));
    expect(screen.queryByRole('region', { name: /Changes from/ })).not.toBeInTheDocument();
  });

  it('says "no changes" when two versions have the same steps', async () => {
    const spec = makeSpec();
    const { client, app, versions } = ownerWithApp([spec, structuredClone(spec)]);
    const user = userEvent.setup();
    renderRoute(`/ai-builder/${app.id}/${versions[1]?.id ?? ''}`, { client });
    await user.click(await screen.findByRole('checkbox', { name: 'Compare version 1' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Compare version 2' }));
    await user.click(screen.getByRole('button', { name: 'Compare versions 1 and 2' }));
    expect(await screen.findByText('No changes: both versions have the same steps.')).toBeInTheDocument();
  });

  it('restores an old version as a new draft and opens it', async () => {
    const { client, app, versions } = ownerWithApp(twoVersions());
    const user = userEvent.setup();
    const { router } = renderRoute(`/ai-builder/${app.id}/${versions[1]?.id ?? ''}`, { client });
    // The draft itself offers no restore: it already is the draft.
    expect(await screen.findByRole('button', { name: 'Restore as new draft: version 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restore as new draft: version 2' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restore as new draft: version 1' }));

    expect(await screen.findByRole('heading', { name: 'Preview of version 3' })).toBeInTheDocument();
    const draftId = client.fake.data.apps[app.id]?.draft_version_id;
    expect(router.state.location.pathname).toBe(`/ai-builder/${app.id}/${draftId ?? ''}`);
    const restored = client.fake.data.versions[draftId ?? ''];
    expect(restored?.parent_version_id).toBe(versions[0]?.id);
    expect(restored?.spec).toEqual(versions[0]?.spec);
  });

  it('shows a refused restore in words and retries it', async () => {
    const { client, app, versions } = ownerWithApp(twoVersions());
    client.fake.fail('versions.changeVersion', new AppforgeError({ code: 'network_error', message: 'No connection.', status: 0 }));
    const user = userEvent.setup();
    renderRoute(`/ai-builder/${app.id}/${versions[1]?.id ?? ''}`, { client });
    await user.click(await screen.findByRole('button', { name: 'Restore as new draft: version 1' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Version 1 could not be restored: No connection.');
    client.fake.heal('versions.changeVersion');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Preview of version 3' })).toBeInTheDocument();
  });

  it('previews the version as a draft: the form, the streamed answer as markdown, and the offline-model badge', async () => {
    const { client, app, versions } = ownerWithApp();
    const user = userEvent.setup();
    renderRoute(`/ai-builder/${app.id}/${versions[0]?.id ?? ''}`, { client });
    await user.click(await screen.findByRole('button', { name: 'Run preview' }));
    const form = await screen.findByRole('form', { name: 'Your topic' });
    await user.click(within(form).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/required/i)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Topic/ }), 'Volcanoes');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('Finished')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Preview output' })).toHaveTextContent('Volcanoes');
    expect(screen.getByTitle(/offline model answered/)).toHaveTextContent('Offline model');
    expect(client.fake.calls('runs.start')[0]?.[0]).toMatchObject({ appId: app.id, versionId: versions[0]?.id });
    expect(screen.getByRole('button', { name: 'Run again' })).toBeInTheDocument();
  });

  it('offers a choice step’s buttons in the preview', async () => {
    const spec = makeSpec({
      entryStepId: 'show',
      steps: [
        { id: 'show', kind: 'output', title: 'Hello', config: { template: 'Hello!' }, next: { type: 'choices', prompt: 'Which way?', buttons: [{ label: 'Left', goto: 'left' }, { label: 'Right', goto: 'right' }] } },
        { id: 'left', kind: 'output', title: 'Left', config: { template: 'You went **left**.' }, next: { type: 'end' } },
        { id: 'right', kind: 'output', title: 'Right', config: { template: 'You went right.' }, next: { type: 'end' } },
      ],
    });
    const { client, app, versions } = ownerWithApp([spec]);
    const user = userEvent.setup();
    renderRoute(`/ai-builder/${app.id}/${versions[0]?.id ?? ''}`, { client });
    await user.click(await screen.findByRole('button', { name: 'Run preview' }));
    const choices = await screen.findByRole('group', { name: 'Which way?' });
    await user.click(within(choices).getByRole('button', { name: 'Left' }));
    expect(await screen.findByText('Finished')).toBeInTheDocument();
    const output = screen.getByRole('region', { name: 'Preview output' });
    expect(within(output).getByText('left').tagName).toBe('STRONG');
    expect(output).not.toHaveTextContent('You went right.');
  });

  it('shows the preview’s answer as formatted text from its first paint, never as raw Markdown (issue 28: the renderer loads lazily for visitors only)', async () => {
    const spec = makeSpec({
      entryStepId: 'show',
      steps: [{ id: 'show', kind: 'output', title: 'Hello', config: { template: 'You went **left**.' }, next: { type: 'end' } }],
    });
    const { client, app, versions } = ownerWithApp([spec]);
    // Every state the page goes through, as the person sees it: the raw asterisks must never show.
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      if (document.body.textContent?.includes('**left**')) seen.push(document.body.textContent);
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    try {
      const user = userEvent.setup();
      renderRoute(`/ai-builder/${app.id}/${versions[0]?.id ?? ''}`, { client });
      await user.click(await screen.findByRole('button', { name: 'Run preview' }));
      expect(await screen.findByText('Finished')).toBeInTheDocument();
      const output = screen.getByRole('region', { name: 'Preview output' });
      expect(within(output).getByText('left').tagName).toBe('STRONG');
    } finally {
      observer.disconnect();
    }
    expect(seen).toEqual([]);
  });

  it('shows a refused preview in words with "Try again"', async () => {
    const { client, app, versions } = ownerWithApp();
    client.fake.fail('runs.start', new AppforgeError({ code: 'draft_owner_only', message: 'Only the owner can run a draft.', status: 403 }));
    const user = userEvent.setup();
    renderRoute(`/ai-builder/${app.id}/${versions[0]?.id ?? ''}`, { client });
    await user.click(await screen.findByRole('button', { name: 'Run preview' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only the owner can run a draft.');
    client.fake.heal('runs.start');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('form', { name: 'Your topic' })).toBeInTheDocument();
  });
});
