// The light visitor entry's landing and bundle pages (issue 28) on the real backend
// (@appforge/test-backend): the fetch-only visitor-lite client reads what row-level security lets
// a signed-out visitor read, and the pages show what the shell's pages show — or hand over to the
// full shell (onNeedsFullApp) where a paywall, a sign-in or a checkout is needed.
import { createVisitorLiteClient } from '@appforge/sdk/visitor-lite';
import type { VisitorLiteClient } from '@appforge/sdk/visitor-lite';
import { setupAppforgeBackend } from '@appforge/test-backend';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deployApp, ownBundle } from '../../test/fixtures';
import { LightBundlePage } from './LightBundlePage';
import { LightLandingPage } from './LightLandingPage';

const backend = setupAppforgeBackend();

beforeEach(() => {
  document.title = 'Appforge';
});

/** The light client on the test backend; `fetch` may stand in for a broken server. */
function liteClient(fetch?: typeof globalThis.fetch): VisitorLiteClient {
  return createVisitorLiteClient({ url: backend().url, anonKey: backend().anonKey, ...(fetch ? { fetch } : {}) });
}

/** A fetch that answers requests whose URL contains `part` with `body` (a server gone wrong), the rest for real. */
function answering(part: string, body: unknown): typeof globalThis.fetch {
  return (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.includes(part)) return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    return globalThis.fetch(input, init);
  };
}

function renderLanding(appId: string, client = liteClient()) {
  const onNeedsFullApp = vi.fn();
  render(<LightLandingPage client={client} appId={appId} onNeedsFullApp={onNeedsFullApp} />);
  return { onNeedsFullApp };
}

function renderBundle(bundleId: string, client = liteClient()) {
  const onNeedsFullApp = vi.fn();
  render(<LightBundlePage client={client} bundleId={bundleId} onNeedsFullApp={onNeedsFullApp} />);
  return { onNeedsFullApp };
}

describe('LightLandingPage', () => {
  it('shows a free app as the shell does: name, description, what it does, Free, Open app and a sign-in branded with the app', async () => {
    const owner = await backend().signedInUser('owner');
    const appId = await deployApp(backend(), owner, { description: 'Plans a lesson for any topic.' });
    const { onNeedsFullApp } = renderLanding(appId);
    expect(await screen.findByRole('heading', { level: 1, name: 'Lesson Planner' })).toBeInTheDocument();
    expect(document.title).toBe('Lesson Planner');
    expect(screen.getByText('Plans a lesson for any topic.')).toBeInTheDocument();
    expect(screen.getByText('Free')).toBeInTheDocument();
    const what = screen.getByRole('region', { name: 'What it does' });
    expect(within(what).getAllByRole('listitem').map((item) => item.textContent).slice(0, 3)).toEqual([
      'Asks for Topic, Notes, Minutes, Level and Homework.',
      'Uses AI to write “Lesson plan”.',
      'Shows “Your plan”.',
    ]);
    expect(screen.getByRole('link', { name: 'Open app' })).toHaveAttribute('href', `/deployed-app/${appId}`);
    expect(screen.getByRole('link', { name: 'Sign in to Lesson Planner' })).toHaveAttribute('href', `/sign-in?app_id=${appId}&next=%2Fdeployed-app%2F${appId}`);
    expect(onNeedsFullApp).not.toHaveBeenCalled();
  });

  it('says "not found" for an unknown app (with the sign-in hint) and for a malformed id (without)', async () => {
    const unknown = crypto.randomUUID();
    const first = renderLanding(unknown);
    expect(await screen.findByRole('heading', { level: 1, name: 'This app does not exist or is not published' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/sign-in?app_id=${unknown}&next=%2Flanding-page%2F${unknown}`);
    expect(document.title).toBe('App not found');
    expect(first.onNeedsFullApp).not.toHaveBeenCalled();
    document.body.innerHTML = '';
    renderLanding("x' or 1=1 --");
    expect(await screen.findByRole('heading', { level: 1, name: 'This app does not exist or is not published' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('says an app open to signed-in people needs a sign-in, by its name, and that an unpublished app does not exist', async () => {
    const owner = await backend().signedInUser('owner');
    const hidden = await deployApp(backend(), owner, { name: 'Staff Planner', visibility: 'signed_in' });
    renderLanding(hidden);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to use Staff Planner' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to continue' })).toHaveAttribute('href', `/sign-in?app_id=${hidden}&next=%2Flanding-page%2F${hidden}`);
    document.body.innerHTML = '';

    const draft = await backend().admin.from('App').insert({ owner_id: owner.id, name: 'Draft Tool', visibility: 'public' }).select('id').single();
    if (draft.error) throw new Error(draft.error.message);
    renderLanding(draft.data.id);
    expect(await screen.findByRole('heading', { level: 1, name: 'This app does not exist or is not published' })).toBeInTheDocument();
    expect(screen.queryByText('Draft Tool')).not.toBeInTheDocument();
  });

  it('hands a paid app, and a free app sold in a paid bundle, over to the full shell (its paywall)', async () => {
    const owner = await backend().signedInUser('owner');
    const paid = await deployApp(backend(), owner, { name: 'Paid Planner', price: { kind: 'one_time', amount_cents: 500, currency: 'USD' } });
    const first = renderLanding(paid);
    await waitFor(() => expect(first.onNeedsFullApp).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('link', { name: 'Open app' })).not.toBeInTheDocument();
    document.body.innerHTML = '';

    const inBundle = await deployApp(backend(), owner, { name: 'Bundled Planner' });
    await ownBundle(backend(), owner, { name: 'Kit', price: { kind: 'monthly', amount_cents: 900, currency: 'EUR' } }, [inBundle]);
    const second = renderLanding(inBundle);
    await waitFor(() => expect(second.onNeedsFullApp).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('link', { name: 'Open app' })).not.toBeInTheDocument();
  });

  it('shows a malformed app row from the server as an error with "Try again", not a crash', async () => {
    const owner = await backend().signedInUser('owner');
    const appId = await deployApp(backend(), owner);
    const { onNeedsFullApp } = renderLanding(appId, liteClient(answering('/rest/v1/App?', [{ id: appId, name: { evil: true }, visibility: 'public' }])));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(within(alert).getByText('The server sent an unexpected answer for the app.')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open app' })).not.toBeInTheDocument();
    expect(onNeedsFullApp).not.toHaveBeenCalled();
  });
});

describe('LightBundlePage', () => {
  it('shows a free bundle as the shell does: name, description, access, its apps and their Open links', async () => {
    const owner = await backend().signedInUser('owner');
    const tutor = await deployApp(backend(), owner, { name: 'Essay tutor', description: 'Feedback on essays.' });
    const quiz = await deployApp(backend(), owner, { name: 'Quiz maker' });
    const bundleId = await ownBundle(backend(), owner, { name: 'Study kit', description: 'Two apps for exams.', price: { kind: 'free', amount_cents: 0, currency: 'USD' } }, [tutor, quiz]);
    const { onNeedsFullApp } = renderBundle(bundleId);
    expect(await screen.findByRole('heading', { level: 1, name: 'Study kit' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Study kit · Appforge'));
    expect(screen.getByText('Two apps for exams.')).toBeInTheDocument();
    expect(screen.getByText('Free for everyone.')).toBeInTheDocument();
    const apps = screen.getByRole('list', { name: 'Apps in this bundle' });
    expect(within(apps).getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['Essay tutor', 'Quiz maker']);
    expect(within(apps).getByText('Feedback on essays.')).toBeInTheDocument();
    expect(within(apps).getByRole('link', { name: 'Open Essay tutor' })).toHaveAttribute('href', `/deployed-app/${tutor}`);
    expect(within(apps).getByRole('link', { name: 'Open Quiz maker' })).toHaveAttribute('href', `/deployed-app/${quiz}`);
    expect(screen.queryByRole('navigation', { name: 'Manage this bundle' })).not.toBeInTheDocument();
    expect(onNeedsFullApp).not.toHaveBeenCalled();
  });

  it('hands a paid bundle over to the full shell (its price, Get access and checkout)', async () => {
    const owner = await backend().signedInUser('owner');
    const tutor = await deployApp(backend(), owner, { name: 'Essay tutor' });
    const bundleId = await ownBundle(backend(), owner, { name: 'Paid kit', price: { kind: 'monthly', amount_cents: 900, currency: 'EUR' } }, [tutor]);
    const { onNeedsFullApp } = renderBundle(bundleId);
    await waitFor(() => expect(onNeedsFullApp).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('heading', { name: 'Paid kit' })).not.toBeInTheDocument();
  });

  it('says "not found" for a private bundle, an unknown one and a malformed id', async () => {
    const owner = await backend().signedInUser('owner');
    const hidden = await ownBundle(backend(), owner, { name: 'Hidden kit', visibility: 'allowed_users', price: { kind: 'free', amount_cents: 0, currency: 'USD' } }, []);
    for (const bundleId of [hidden, crypto.randomUUID(), '../../rest/v1/Bundle']) {
      const { onNeedsFullApp } = renderBundle(bundleId);
      expect(await screen.findByRole('heading', { level: 1, name: 'This bundle was not found' })).toBeInTheDocument();
      expect(screen.queryByText('Hidden kit')).not.toBeInTheDocument();
      expect(onNeedsFullApp).not.toHaveBeenCalled();
      document.body.innerHTML = '';
    }
  });

  it('shows a malformed bundle page from the server as an error, and "Try again" asks again', async () => {
    const owner = await backend().signedInUser('owner');
    const bundleId = await ownBundle(backend(), owner, { name: 'Study kit', price: { kind: 'free', amount_cents: 0, currency: 'USD' } }, []);
    let broken = true;
    const real = answering('rpc/bundle_page', { id: bundleId, name: 'Study kit', visibility: 'public', is_owner: false, access: 'root', apps: 'none' });
    const client = liteClient((input, init) => (broken ? real(input, init) : globalThis.fetch(input, init)));
    const user = userEvent.setup();
    renderBundle(bundleId, client);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This bundle could not be loaded. The server sent an unexpected answer for the bundle page.');
    expect(screen.queryByRole('heading', { level: 1, name: 'Study kit' })).not.toBeInTheDocument();
    broken = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Study kit' })).toBeInTheDocument();
    expect(screen.getByText('Its owner has not added any apps yet.')).toBeInTheDocument();
  });
});
