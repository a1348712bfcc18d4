import { makeBundle } from '@appforge/sdk/testing';
import type { FakeAppforgeClient } from '@appforge/sdk/testing';
import { createFakeAppforgeClient } from '@appforge/sdk/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Landed } from '../../test/render';
import { APP_ID, deployApp, renderPage } from '../../test/fixtures';

const PATH = `/deployed-app/${APP_ID}`;
const OTHER_ROUTES = [
  { path: '/test-checkout/:sessionId', element: <Landed name="Test checkout" /> },
  { path: '/bundle/:bundleId', element: <Landed name="Bundle page" /> },
];

beforeEach(() => {
  window.sessionStorage.clear();
});

function paidApp(client: FakeAppforgeClient = createFakeAppforgeClient()) {
  const app = deployApp(client, { price: { kind: 'one_time', amount_cents: 499, currency: 'USD' } });
  return { client, app };
}

function freeAppInPaidBundle(visibility: 'public' | 'allowed_users' = 'public') {
  const client = createFakeAppforgeClient();
  const app = deployApp(client);
  const bundle = makeBundle({
    owner_id: app.owner_id,
    name: 'Study kit',
    visibility,
    price: { kind: 'monthly', amount_cents: 900, currency: 'USD' },
    apps: [{ id: app.id, name: app.name, description: null, icon_path: null, deployed: true, price: app.price }],
  });
  client.fake.data.bundles[bundle.id] = bundle;
  return { client, app, bundle };
}

describe('a paid app on /deployed-app/:appId', () => {
  it('shows a signed-out visitor the price and "Get access", which signs in first and comes back', async () => {
    const { client } = paidApp();
    const user = userEvent.setup();
    renderPage(PATH, { client });
    expect(await screen.findByRole('heading', { level: 2, name: 'Get access to Lesson Planner' })).toBeInTheDocument();
    expect(screen.getByText('$4.99')).toBeInTheDocument();
    expect(screen.getByText('one-time payment')).toBeInTheDocument();
    // No form whose run would only be refused.
    expect(screen.queryByRole('textbox', { name: /Topic/ })).toBeNull();
    const link = screen.getByRole('link', { name: 'Get access' });
    expect(link).toHaveAttribute('href', `/sign-in?app_id=${APP_ID}&next=%2Fdeployed-app%2F${APP_ID}`);
    await user.click(link);
    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeInTheDocument();
    expect(client.fake.calls('billing.checkout')).toEqual([]);
  });

  it('a signed-in visitor pays on the test checkout, comes back and gets the form, with a thank-you', async () => {
    const { client } = paidApp();
    client.fake.signIn({ email: 'sam@example.org' });
    const user = userEvent.setup();
    const { router } = renderPage(PATH, { client, routes: OTHER_ROUTES });
    await user.click(await screen.findByRole('button', { name: 'Get access' }));
    expect(await screen.findByRole('heading', { name: 'Test checkout' })).toBeInTheDocument();
    expect(client.fake.calls('billing.checkout')).toEqual([[{ item_kind: 'app', item_id: APP_ID, return_path: PATH }]]);
    const sessionId = router.state.location.pathname.split('/').pop() ?? '';
    const back = await client.billing.finishTestCheckout(sessionId, 'complete');
    const url = new URL(back);
    expect(`${url.pathname}${url.search}`).toBe(`${PATH}?checkout=success`);
    await router.navigate(`${url.pathname}${url.search}`);
    expect(await screen.findByRole('textbox', { name: /Topic/ })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Thank you — you have access to Lesson Planner now.');
    expect(screen.queryByRole('button', { name: 'Get access' })).toBeNull();
  });

  it('says a cancelled checkout charged nothing and still offers "Get access"', async () => {
    const { client } = paidApp();
    client.fake.signIn({ email: 'sam@example.org' });
    renderPage(`${PATH}?checkout=canceled`, { client });
    expect(await screen.findByText('Checkout was cancelled; nothing was charged.')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: 'Get access' })).toBeEnabled();
  });

  it('shows the server\'s refusal when the item cannot be bought on this server', async () => {
    const { client } = paidApp();
    client.fake.data.checkoutMode = 'off';
    client.fake.signIn({ email: 'sam@example.org' });
    const user = userEvent.setup();
    renderPage(PATH, { client });
    await user.click(await screen.findByRole('button', { name: 'Get access' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('cannot be bought yet: payments are not set up on this server');
  });

  it('keeps waiting for the payment to be confirmed when the visitor is back before the purchase is', async () => {
    const { client } = paidApp();
    client.fake.signIn({ email: 'sam@example.org' });
    renderPage(`${PATH}?checkout=success`, { client });
    expect(await screen.findByText(/your payment is being confirmed/)).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: 'Get access' })).toBeInTheDocument();
  });

  it('offers a buyer who is not signed in on this host "Already bought it? Sign in", and not to someone signed in', async () => {
    const { client } = paidApp();
    const user = userEvent.setup();
    const view = renderPage(PATH, { client });
    const link = await screen.findByRole('link', { name: 'Already bought it? Sign in' });
    expect(link).toHaveAttribute('href', `/sign-in?app_id=${APP_ID}&next=%2Fdeployed-app%2F${APP_ID}`);
    await user.click(link);
    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeInTheDocument();
    view.unmount();

    client.fake.signIn({ email: 'sam@example.org' });
    renderPage(PATH, { client });
    expect(await screen.findByRole('button', { name: 'Get access' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Already bought it? Sign in' })).toBeNull();
  });

  it('lets the owner and people who bought it run it without a word about paying', async () => {
    const { client, app } = paidApp();
    client.fake.signIn({ id: app.owner_id, email: 'owner@example.org' });
    renderPage(PATH, { client });
    expect(await screen.findByRole('textbox', { name: /Topic/ })).toBeInTheDocument();
    expect(screen.queryByText(/Get access/)).toBeNull();
  });

  it('offers both the app and a paid bundle holding it when both are sold', async () => {
    const { client, app, bundle } = freeAppInPaidBundle();
    client.fake.data.apps[app.id] = { ...app, price: { kind: 'monthly', amount_cents: 300, currency: 'USD' } };
    client.fake.signIn({ email: 'sam@example.org' });
    renderPage(PATH, { client, routes: OTHER_ROUTES });
    expect(await screen.findByRole('button', { name: 'Get access' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Or get it with a bundle' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get it with Study kit' })).toHaveAttribute('href', `/bundle/${bundle.id}`);
  });
});

describe('a free app inside a paid bundle', () => {
  it('links the visitor to the bundle\'s page, with the bundle\'s price, and has no checkout of its own', async () => {
    const { client, bundle } = freeAppInPaidBundle();
    const user = userEvent.setup();
    renderPage(PATH, { client, routes: OTHER_ROUTES });
    expect(await screen.findByText('Lesson Planner is part of a paid bundle: get access to the bundle to run it.')).toBeInTheDocument();
    expect(screen.getByText('$9.00 per month')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Get access' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Get it with Study kit' }));
    expect(await screen.findByRole('heading', { name: 'Bundle page' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/bundle/${bundle.id}`);
  });

  it('runs for someone who bought the bundle', async () => {
    const { client, bundle } = freeAppInPaidBundle();
    const session = client.fake.signIn({ email: 'sam@example.org' });
    client.fake.data.purchases.push({
      id: crypto.randomUUID(),
      buyer_id: session.user.id,
      item_kind: 'bundle',
      app_id: null,
      bundle_id: bundle.id,
      plan_id: null,
      provider: 'test',
      mode: 'monthly',
      amount_cents: 900,
      currency: 'USD',
      status: 'active',
      cancel_at_period_end: false,
      period_start: new Date().toISOString(),
      period_end: new Date(Date.now() + 86_400_000).toISOString(),
      created_at: new Date().toISOString(),
    });
    renderPage(PATH, { client });
    expect(await screen.findByRole('textbox', { name: /Topic/ })).toBeInTheDocument();
  });

  it('is not offered through an invite-only bundle (nobody buys their way onto a list)', async () => {
    const { client } = freeAppInPaidBundle('allowed_users');
    renderPage(PATH, { client });
    // Nothing to buy here: the page is the app itself (run-app explains if the run is refused).
    expect(await screen.findByRole('textbox', { name: /Topic/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Get it with/ })).toBeNull();
  });
});

describe('a paid app on /landing-page/:appId', () => {
  it('shows the price and "Get access" instead of "Open app" to a visitor without access', async () => {
    const { client } = paidApp();
    client.fake.signIn({ email: 'sam@example.org' });
    const user = userEvent.setup();
    renderPage(`/landing-page/${APP_ID}`, { client, routes: OTHER_ROUTES });
    expect(await screen.findByRole('heading', { level: 2, name: 'Get access to Lesson Planner' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open app' })).toBeNull();
    // What it does is still shown: the visitor decides with it.
    expect(screen.getByRole('heading', { name: 'What it does' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Get access' }));
    await waitFor(() => expect(client.fake.calls('billing.checkout')).toEqual([[{ item_kind: 'app', item_id: APP_ID, return_path: PATH }]]));
    expect(await screen.findByRole('heading', { name: 'Test checkout' })).toBeInTheDocument();
  });

  it('shows "Open app" to someone who bought it', async () => {
    const { client } = paidApp();
    client.fake.signIn({ email: 'sam@example.org' });
    const sessionId = (await client.billing.checkout({ item_kind: 'app', item_id: APP_ID, return_path: PATH })).url.split('/').pop() ?? '';
    await client.billing.finishTestCheckout(sessionId, 'complete');
    renderPage(`/landing-page/${APP_ID}`, { client });
    expect(await screen.findByRole('link', { name: 'Open app' })).toHaveAttribute('href', PATH);
    expect(screen.queryByRole('button', { name: 'Get access' })).toBeNull();
  });
});
