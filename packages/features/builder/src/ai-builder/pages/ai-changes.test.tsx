import { AppforgeError } from '@appforge/sdk';
import { createFakeAppforgeClient, makeApp } from '@appforge/sdk/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { readChat } from '../lib/chat-history';
import { ownerWithApp, renderRoute } from '../test/render';

afterEach(() => window.sessionStorage.clear());

describe('/create-app-ai-changes/:appId', () => {
  it('applies the described change to the current draft and opens the new version in the AI builder', async () => {
    const { client, app, versions } = ownerWithApp();
    const user = userEvent.setup();
    const { router } = renderRoute(`/create-app-ai-changes/${app.id}`, { client });
    expect(await screen.findByRole('heading', { level: 1, name: 'Change Topic writer' })).toBeInTheDocument();
    expect(screen.getByText(/new version from version 1/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Rename step 2 to Draft' }));
    expect(screen.getByRole('textbox', { name: /What should change/ })).toHaveValue('Rename step 2 to Draft');
    await user.click(screen.getByRole('button', { name: 'Apply change' }));

    expect(await screen.findByRole('heading', { name: 'Preview of version 2' })).toBeInTheDocument();
    const draftId = client.fake.data.apps[app.id]?.draft_version_id;
    expect(draftId).not.toBe(versions[0]?.id);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/ai-builder/${app.id}/${draftId ?? ''}`));
    expect(client.fake.calls('builder.generateVersion')[0]?.[0]).toMatchObject({ appId: app.id, versionId: versions[0]?.id, message: 'Rename step 2 to Draft' });
    // The AI builder's chat shows what was asked here.
    expect(screen.getByText('Version 2 is ready.')).toBeInTheDocument();
    expect(readChat(app.id)).toHaveLength(1);
  });

  it('shows a failure in words, keeps the message (even after a reload) and retries it', async () => {
    const { client, app } = ownerWithApp();
    client.fake.fail('builder.generateVersion', new AppforgeError({ code: 'relay_error', message: 'The builder is busy. Try again in a minute.', status: 503 }));
    const user = userEvent.setup();
    const first = renderRoute(`/create-app-ai-changes/${app.id}`, { client });
    await user.type(await screen.findByRole('textbox', { name: /What should change/ }), 'Make it more formal');
    await user.click(screen.getByRole('button', { name: 'Apply change' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The builder is busy. Try again in a minute.');
    expect(screen.getByRole('textbox', { name: /What should change/ })).toHaveValue('Make it more formal');
    first.unmount();

    renderRoute(`/create-app-ai-changes/${app.id}`, { client });
    expect(await screen.findByRole('textbox', { name: /What should change/ })).toHaveValue('Make it more formal');
    client.fake.heal('builder.generateVersion');
    await user.click(screen.getByRole('button', { name: 'Apply change' }));
    expect(await screen.findByRole('heading', { name: 'Preview of version 2' })).toBeInTheDocument();
  });

  it('refuses an empty change in words, sending nothing', async () => {
    const { client, app } = ownerWithApp();
    const user = userEvent.setup();
    renderRoute(`/create-app-ai-changes/${app.id}`, { client });
    await user.click(await screen.findByRole('button', { name: 'Apply change' }));
    expect(await screen.findByText('Say what to change first.')).toBeInTheDocument();
    expect(client.fake.calls('builder.generateVersion')).toHaveLength(0);
  });

  it('says "not found" for someone else’s app and for an app with no version says what to do first', async () => {
    const client = createFakeAppforgeClient();
    const session = client.fake.signIn();
    const theirs = makeApp({ name: 'Not mine' });
    const empty = makeApp({ owner_id: session.user.id, name: 'Blank app' });
    client.fake.data.apps[theirs.id] = theirs;
    client.fake.data.apps[empty.id] = empty;
    const first = renderRoute(`/create-app-ai-changes/${theirs.id}`, { client });
    expect(await screen.findByRole('heading', { name: 'App not found' })).toBeInTheDocument();
    first.unmount();
    renderRoute(`/create-app-ai-changes/${empty.id}`, { client });
    expect(await screen.findByRole('heading', { name: 'Blank app has no version yet' })).toBeInTheDocument();
  });
});
