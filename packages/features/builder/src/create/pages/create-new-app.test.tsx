import { AppforgeError } from '@appforge/sdk';
import { createFakeAppforgeClient, makeApp } from '@appforge/sdk/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { loadDraft } from '../lib/description-draft';
import { renderRoute } from '../test/render';

const box = () => screen.findByRole('textbox', { name: 'Describe the app you need' });
const DESCRIPTION = 'A quiz maker: I paste a text and it writes ten questions with answers.';

function signedIn() {
  const client = createFakeAppforgeClient();
  const session = client.fake.signIn({ email: 'ada@example.org' });
  return { client, userId: session.user.id };
}

describe('/create-new-app for a visitor', () => {
  it('stores the description and sends the visitor to sign up with its id', async () => {
    const user = userEvent.setup();
    const { client } = renderRoute('/create-new-app');
    await user.type(await box(), DESCRIPTION);
    await user.click(screen.getByRole('button', { name: 'Sign up and create my app' }));

    expect(await screen.findByRole('heading', { name: 'Sign-in screen' })).toBeInTheDocument();
    const [id, stored] = Object.entries(client.fake.data.descriptions)[0] ?? [];
    expect(stored?.text).toBe(DESCRIPTION);
    const landed = new URL(screen.getByTestId('location').textContent ?? '', 'http://x');
    expect(landed.searchParams.get('app_description_id')).toBe(id);
    expect(landed.searchParams.get('next')).toBe(`/create-new-app?app_description_id=${id ?? ''}`);
    // Kept until the app exists: sign-up may be abandoned and resumed.
    expect(loadDraft()).toBe(DESCRIPTION);
  });

  it('keeps the typed text across a reload', async () => {
    const user = userEvent.setup();
    const first = renderRoute('/create-new-app');
    await user.type(await box(), 'A recipe helper');
    first.unmount();
    renderRoute('/create-new-app');
    expect(await box()).toHaveValue('A recipe helper');
  });

  it('refuses an oversized description, naming the limit, and sends nothing', async () => {
    const user = userEvent.setup();
    const client = createFakeAppforgeClient();
    renderRoute('/create-new-app', { client });
    await user.click(await box());
    await user.paste('y'.repeat(4001));
    await user.click(screen.getByRole('button', { name: 'Sign up and create my app' }));
    expect(screen.getByText(/at most 4,000 characters; this one has 4,001/)).toBeInTheDocument();
    expect(client.fake.calls('apps.createDescription')).toEqual([]);
  });

  it('says when the description could not be saved, keeps the text, and a retry goes on', async () => {
    const user = userEvent.setup();
    const client = createFakeAppforgeClient();
    client.fake.fail('apps.createDescription');
    renderRoute('/create-new-app', { client });
    await user.type(await box(), DESCRIPTION);
    await user.click(screen.getByRole('button', { name: 'Sign up and create my app' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Your description could not be saved: .*Check your connection/);
    expect(await box()).toHaveValue(DESCRIPTION);

    client.fake.heal('apps.createDescription');
    await user.click(screen.getByRole('button', { name: 'Sign up and create my app' }));
    expect(await screen.findByRole('heading', { name: 'Sign-in screen' })).toBeInTheDocument();
  });
});

describe('/create-new-app for a signed-in person', () => {
  it('builds the app straight away and opens its overview', async () => {
    const user = userEvent.setup();
    const { client, userId } = signedIn();
    renderRoute('/create-new-app', { client });
    await user.type(await box(), DESCRIPTION);
    await user.click(screen.getByRole('button', { name: 'Create my app' }));

    const [app] = await waitFor(() => {
      const apps = Object.values(client.fake.data.apps);
      expect(apps).toHaveLength(1);
      return apps;
    });
    expect(app?.owner_id).toBe(userId);
    expect(await screen.findByRole('heading', { level: 1, name: app?.name ?? '' })).toBeInTheDocument();
    expect(loadDraft()).toBe('');
  });

  it('after sign-up, builds the app from the stored description and lands on /create-app/:appId', async () => {
    const { client } = signedIn();
    const id = crypto.randomUUID();
    client.fake.data.descriptions[id] = { text: 'A lesson planner for my history class', claimed_by: null, app_id: null };
    const { router } = renderRoute(`/create-new-app?app_description_id=${id}`, { client });

    const app = await waitFor(() => {
      const made = client.fake.data.descriptions[id]?.app_id;
      expect(made).toEqual(expect.any(String));
      return client.fake.data.apps[made ?? ''];
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/create-app/${app?.id ?? ''}`));
    expect(await screen.findByRole('list', { name: 'Steps' })).toBeInTheDocument();
    expect(client.fake.calls('apps.createFromDescription')).toEqual([[{ appDescriptionId: id }]]);
  });

  it('shows "Building your app…" while it works, and the failure in words with a retry', async () => {
    const user = userEvent.setup();
    const { client } = signedIn();
    client.fake.fail('apps.createFromDescription', new AppforgeError({ code: 'model_rate_limited', message: 'The AI provider is busy; try again in a minute.', status: 429 }));
    renderRoute('/create-new-app', { client });
    await user.type(await box(), DESCRIPTION);
    await user.click(screen.getByRole('button', { name: 'Create my app' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The AI provider is busy; try again in a minute.');
    expect(screen.getByLabelText('Your description')).toHaveTextContent(DESCRIPTION);
    expect(loadDraft()).toBe(DESCRIPTION);

    client.fake.heal('apps.createFromDescription');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Steps' })).toBeInTheDocument();
  });

  it('refuses a description another account claimed, and lets the person write their own', async () => {
    const user = userEvent.setup();
    const { client } = signedIn();
    const id = crypto.randomUUID();
    const other = makeApp();
    client.fake.data.descriptions[id] = { text: 'Theirs', claimed_by: other.owner_id, app_id: null };
    const { router } = renderRoute(`/create-new-app?app_description_id=${id}`, { client });
    expect(await screen.findByRole('alert')).toHaveTextContent('This app description belongs to someone else');
    expect(Object.keys(client.fake.data.apps)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Edit the description' }));
    expect(await box()).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('ignores an app_description_id that is not a UUID', async () => {
    const { client } = signedIn();
    renderRoute('/create-new-app?app_description_id=%3Cscript%3E', { client });
    expect(await box()).toBeInTheDocument();
    expect(client.fake.calls('apps.createFromDescription')).toEqual([]);
  });
});
