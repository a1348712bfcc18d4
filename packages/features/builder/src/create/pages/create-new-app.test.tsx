// On the real backend (@appforge/test-backend) with a model provider on loopback
// (../../shared/test/model-provider) that writes the lesson planner, or fails as a busy provider
// does: descriptions are stored and apps built through the real create-app-from-description.
import { setupAppforgeBackend } from '@appforge/test-backend';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { watchedServer } from '../../shared/test/backend';
import { setupModelProvider } from '../../shared/test/model-provider';
import { loadDraft } from '../lib/description-draft';
import { lessonSpec } from '../lib/spec-fixtures';
import { renderRoute } from '../test/render';

const model = setupModelProvider();
const backend = setupAppforgeBackend(() => ({ model: { baseUrl: model().baseUrl, name: model().name } }));

beforeEach(() => {
  model().failWith(null);
  model().answer(JSON.stringify({ name: 'Lesson planner', description: 'Plans lessons.', spec: lessonSpec }));
});

const box = () => screen.findByRole('textbox', { name: 'Describe the app you need' });
const DESCRIPTION = 'A quiz maker: I paste a text and it writes ten questions with answers.';

/** The description as the server stored it (nobody but the service role may read it back). */
async function storedDescription(id: string) {
  const { data, error } = await backend().admin.from('AppDescription').select('text, claimed_by, app_id').eq('id', id).maybeSingle();
  if (error) throw new Error(error.message);
  return data;
}

async function appsOf(userId: string) {
  const { data, error } = await backend().admin.from('App').select('id, name').eq('owner_id', userId);
  if (error) throw new Error(error.message);
  return data;
}

describe('/create-new-app for a visitor', () => {
  it('stores the description and sends the visitor to sign up with its id', async () => {
    const user = userEvent.setup();
    renderRoute('/create-new-app', { client: backend().client() });
    await user.type(await box(), DESCRIPTION);
    await user.click(screen.getByRole('button', { name: 'Sign up and create my app' }));

    expect(await screen.findByRole('heading', { name: 'Sign-in screen' })).toBeInTheDocument();
    const landed = new URL(screen.getByTestId('location').textContent ?? '', 'http://x');
    const id = landed.searchParams.get('app_description_id') ?? '';
    expect((await storedDescription(id))?.text).toBe(DESCRIPTION);
    expect(landed.searchParams.get('next')).toBe(`/create-new-app?app_description_id=${id}`);
    // Kept until the app exists: sign-up may be abandoned and resumed.
    expect(loadDraft()).toBe(DESCRIPTION);
  });

  it('keeps the typed text across a reload', async () => {
    const user = userEvent.setup();
    const first = renderRoute('/create-new-app', { client: backend().client() });
    await user.type(await box(), 'A recipe helper');
    first.unmount();
    renderRoute('/create-new-app', { client: backend().client() });
    expect(await box()).toHaveValue('A recipe helper');
  });

  it('refuses an oversized description, naming the limit, and sends nothing', async () => {
    const user = userEvent.setup();
    const server = watchedServer();
    renderRoute('/create-new-app', { client: backend().client({ fetch: server.fetch }) });
    await user.click(await box());
    await user.paste('y'.repeat(4001));
    await user.click(screen.getByRole('button', { name: 'Sign up and create my app' }));
    expect(screen.getByText(/at most 4,000 characters; this one has 4,001/)).toBeInTheDocument();
    expect(server.requests.filter((url) => url.includes('/rest/v1/AppDescription'))).toEqual([]);
  });

  it('says when the description could not be saved, keeps the text, and a retry goes on', async () => {
    const user = userEvent.setup();
    const server = watchedServer();
    server.offline.match = /\/rest\/v1\/AppDescription/;
    renderRoute('/create-new-app', { client: backend().client({ fetch: server.fetch }) });
    await user.type(await box(), DESCRIPTION);
    await user.click(screen.getByRole('button', { name: 'Sign up and create my app' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Your description could not be saved: .*Check your connection/);
    expect(await box()).toHaveValue(DESCRIPTION);

    server.offline.match = null;
    await user.click(screen.getByRole('button', { name: 'Sign up and create my app' }));
    expect(await screen.findByRole('heading', { name: 'Sign-in screen' })).toBeInTheDocument();
  });
});

describe('/create-new-app for a signed-in person', () => {
  it('builds the app straight away and opens its overview', async () => {
    const user = userEvent.setup();
    const { client, id: userId } = await backend().signedInUser('ada');
    renderRoute('/create-new-app', { client });
    await user.type(await box(), DESCRIPTION);
    await user.click(screen.getByRole('button', { name: 'Create my app' }));

    const [app] = await waitFor(async () => {
      const apps = await appsOf(userId);
      expect(apps).toHaveLength(1);
      return apps;
    });
    expect(await screen.findByRole('heading', { level: 1, name: app?.name ?? '' })).toBeInTheDocument();
    expect(loadDraft()).toBe('');
  });

  it('after sign-up, builds the app from the stored description and lands on /create-app/:appId', async () => {
    const { client, id: userId } = await backend().signedInUser('ada');
    const { id } = await backend().client().apps.createDescription('A lesson planner for my history class');
    const { router } = renderRoute(`/create-new-app?app_description_id=${id}`, { client });

    const appId = await waitFor(async () => {
      const made = (await storedDescription(id))?.app_id;
      expect(made).toEqual(expect.any(String));
      return made ?? '';
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/create-app/${appId}`));
    expect(await screen.findByRole('list', { name: 'Steps' })).toBeInTheDocument();
    // Built from that description, for this person, once.
    expect(await storedDescription(id)).toMatchObject({ claimed_by: userId, app_id: appId });
    expect(await appsOf(userId)).toEqual([{ id: appId, name: 'Lesson planner' }]);
  });

  it('shows "Building your app…" while it works, and the failure in words with a retry', async () => {
    const user = userEvent.setup();
    const { client } = await backend().signedInUser('ada');
    model().failWith({ status: 429, message: 'Rate limit reached for requests' });
    renderRoute('/create-new-app', { client });
    await user.type(await box(), DESCRIPTION);
    await user.click(screen.getByRole('button', { name: 'Create my app' }));
    // The words are the server's own (the fake client had made up shorter ones).
    expect(await screen.findByRole('alert')).toHaveTextContent(/The AI provider is receiving too many requests .*Wait a minute and try again\./);
    expect(screen.getByLabelText('Your description')).toHaveTextContent(DESCRIPTION);
    expect(loadDraft()).toBe(DESCRIPTION);

    model().failWith(null);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Steps' })).toBeInTheDocument();
  });

  it('refuses a description another account claimed, and lets the person write their own', async () => {
    const user = userEvent.setup();
    const me = await backend().signedInUser('ada');
    const other = await backend().signedInUser('grace');
    const { id } = await backend().client().apps.createDescription('Theirs');
    await other.client.apps.createFromDescription({ appDescriptionId: id });
    const { router } = renderRoute(`/create-new-app?app_description_id=${id}`, { client: me.client });
    expect(await screen.findByRole('alert')).toHaveTextContent('This app description belongs to someone else');
    expect(await appsOf(me.id)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Edit the description' }));
    expect(await box()).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('ignores an app_description_id that is not a UUID', async () => {
    const server = watchedServer();
    const { client } = await backend().signedInUser('ada', { fetch: server.fetch });
    renderRoute('/create-new-app?app_description_id=%3Cscript%3E', { client });
    expect(await box()).toBeInTheDocument();
    expect(server.requests.filter((url) => url.includes('create-app-from-description'))).toEqual([]);
  });
});
