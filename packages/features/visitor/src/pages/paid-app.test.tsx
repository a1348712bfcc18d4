// On the real backend (@appforge/test-backend): prices, bundles and purchases go through the real
// checkout function and its built-in test checkout (Stripe is outside the world), and access is
// decided by the real my_access / app_paid_bundles and run-app.
import { setupAppforgeBackend } from '@appforge/test-backend';
import type { TestUser } from '@appforge/test-backend';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Landed } from '../../test/render';
import { buyOnTestCheckout, deployApp, ownBundle, renderPage } from '../../test/fixtures';
import type { Price } from '../../test/fixtures';

const backend = setupAppforgeBackend();

const OTHER_ROUTES = [
  { path: '/test-checkout/:sessionId', element: <Landed name="Test checkout" /> },
  { path: '/bundle/:bundleId', element: <Landed name="Bundle page" /> },
];

beforeEach(() => {
  window.sessionStorage.clear();
});

async function paidApp(price: Price = { kind: 'one_time', amount_cents: 499, currency: 'USD' }) {
  const owner = await backend().signedInUser('owner');
  const appId = await deployApp(backend(), owner, { price });
  return { owner, appId, path: `/deployed-app/${appId}` };
}

async function freeAppInPaidBundle(visibility: 'public' | 'allowed_users' = 'public') {
  const owner = await backend().signedInUser('owner');
  const appId = await deployApp(backend(), owner);
  const bundleId = await ownBundle(backend(), owner, { name: 'Study kit', visibility, price: { kind: 'monthly', amount_cents: 900, currency: 'USD' } }, [appId]);
  return { owner, appId, bundleId, path: `/deployed-app/${appId}` };
}

/** The checkouts the buyer started, as the server keeps them. */
async function checkoutsOf(buyer: TestUser | null, itemId: string) {
  let query = backend().admin.from('CheckoutSession').select('item_kind, item_id, success_url, status').eq('item_id', itemId);
  if (buyer) query = query.eq('buyer_id', buyer.id);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return data;
}

describe('a paid app on /deployed-app/:appId', () => {
  it('shows a signed-out visitor the price and "Get access", which signs in first and comes back', async () => {
    const { appId, path } = await paidApp();
    const user = userEvent.setup();
    renderPage(path, { client: backend().client() });
    expect(await screen.findByRole('heading', { level: 2, name: 'Get access to Lesson Planner' })).toBeInTheDocument();
    expect(screen.getByText('$4.99')).toBeInTheDocument();
    expect(screen.getByText('one-time payment')).toBeInTheDocument();
    // No form whose run would only be refused.
    expect(screen.queryByRole('textbox', { name: /Topic/ })).toBeNull();
    const link = screen.getByRole('link', { name: 'Get access' });
    expect(link).toHaveAttribute('href', `/sign-in?app_id=${appId}&next=%2Fdeployed-app%2F${appId}`);
    await user.click(link);
    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeInTheDocument();
    expect(await checkoutsOf(null, appId)).toEqual([]);
  });

  it('a signed-in visitor pays on the test checkout, comes back and gets the form, with a thank-you', async () => {
    const { appId, path } = await paidApp();
    const sam = await backend().signedInUser('sam');
    const user = userEvent.setup();
    const { router } = renderPage(path, { client: sam.client, routes: OTHER_ROUTES });
    await user.click(await screen.findByRole('button', { name: 'Get access' }));
    expect(await screen.findByRole('heading', { name: 'Test checkout' })).toBeInTheDocument();
    expect(await checkoutsOf(sam, appId)).toEqual([
      { item_kind: 'app', item_id: appId, success_url: `http://localhost:5173${path}?checkout=success`, status: 'open' },
    ]);
    const sessionId = router.state.location.pathname.split('/').pop() ?? '';
    const back = await sam.client.billing.finishTestCheckout(sessionId, 'complete');
    const url = new URL(back);
    expect(`${url.pathname}${url.search}`).toBe(`${path}?checkout=success`);
    await router.navigate(`${url.pathname}${url.search}`);
    expect(await screen.findByRole('textbox', { name: /Topic/ })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Thank you — you have access to Lesson Planner now.');
    expect(screen.queryByRole('button', { name: 'Get access' })).toBeNull();
  });

  it('says a cancelled checkout charged nothing and still offers "Get access"', async () => {
    const { appId, path } = await paidApp();
    const sam = await backend().signedInUser('sam');
    renderPage(`${path}?checkout=canceled`, { client: sam.client });
    expect(await screen.findByText('Checkout was cancelled; nothing was charged.')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: 'Get access' })).toBeEnabled();
    const purchases = await backend().admin.from('Purchase').select('id').eq('app_id', appId);
    expect(purchases.data).toEqual([]);
  });

  it('lets in someone who bought it in another tab, without a second checkout', async () => {
    const { appId, path } = await paidApp();
    const sam = await backend().signedInUser('sam');
    const user = userEvent.setup();
    renderPage(path, { client: sam.client });
    const getAccess = await screen.findByRole('button', { name: 'Get access' });
    // Bought meanwhile in another tab: the server refuses a second payment ("You already have access").
    await buyOnTestCheckout(sam, { item_kind: 'app', item_id: appId }, path);
    await user.click(getAccess);
    expect(await screen.findByRole('textbox', { name: /Topic/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Get access' })).toBeNull();
    expect(await checkoutsOf(sam, appId)).toEqual([expect.objectContaining({ status: 'complete' })]);
  });

  it('keeps waiting for the payment to be confirmed when the visitor is back before the purchase is', async () => {
    const { path } = await paidApp();
    const sam = await backend().signedInUser('sam');
    renderPage(`${path}?checkout=success`, { client: sam.client });
    expect(await screen.findByText(/your payment is being confirmed/)).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: 'Get access' })).toBeInTheDocument();
  });

  it('offers a buyer who is not signed in on this host "Already bought it? Sign in", and not to someone signed in', async () => {
    const { appId, path } = await paidApp();
    const user = userEvent.setup();
    const view = renderPage(path, { client: backend().client() });
    const link = await screen.findByRole('link', { name: 'Already bought it? Sign in' });
    expect(link).toHaveAttribute('href', `/sign-in?app_id=${appId}&next=%2Fdeployed-app%2F${appId}`);
    await user.click(link);
    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeInTheDocument();
    view.unmount();

    const sam = await backend().signedInUser('sam');
    renderPage(path, { client: sam.client });
    expect(await screen.findByRole('button', { name: 'Get access' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Already bought it? Sign in' })).toBeNull();
  });

  it('lets the owner and people who bought it run it without a word about paying', async () => {
    const { owner, appId, path } = await paidApp();
    const first = renderPage(path, { client: owner.client });
    expect(await screen.findByRole('textbox', { name: /Topic/ })).toBeInTheDocument();
    expect(screen.queryByText(/Get access/)).toBeNull();
    first.unmount();

    const buyer = await backend().signedInUser('buyer');
    await buyOnTestCheckout(buyer, { item_kind: 'app', item_id: appId }, path);
    renderPage(path, { client: buyer.client });
    expect(await screen.findByRole('textbox', { name: /Topic/ })).toBeInTheDocument();
    expect(screen.queryByText(/Get access/)).toBeNull();
  });

  it('offers both the app and a paid bundle holding it when both are sold', async () => {
    const { appId, bundleId, path } = await freeAppInPaidBundle();
    const priced = await backend().admin.from('App').update({ price: { kind: 'monthly', amount_cents: 300, currency: 'USD' } }).eq('id', appId);
    if (priced.error) throw new Error(priced.error.message);
    const sam = await backend().signedInUser('sam');
    renderPage(path, { client: sam.client, routes: OTHER_ROUTES });
    expect(await screen.findByRole('button', { name: 'Get access' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Or get it with a bundle' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get it with Study kit' })).toHaveAttribute('href', `/bundle/${bundleId}`);
  });
});

describe('a free app inside a paid bundle', () => {
  it('links the visitor to the bundle\'s page, with the bundle\'s price, and has no checkout of its own', async () => {
    const { bundleId, path } = await freeAppInPaidBundle();
    const user = userEvent.setup();
    renderPage(path, { client: backend().client(), routes: OTHER_ROUTES });
    expect(await screen.findByText('Lesson Planner is part of a paid bundle: get access to the bundle to run it.')).toBeInTheDocument();
    expect(screen.getByText('$9.00 per month')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Get access' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Get it with Study kit' }));
    expect(await screen.findByRole('heading', { name: 'Bundle page' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/bundle/${bundleId}`);
  });

  it('runs for someone who bought the bundle', async () => {
    const { bundleId, path } = await freeAppInPaidBundle();
    const sam = await backend().signedInUser('sam');
    await buyOnTestCheckout(sam, { item_kind: 'bundle', item_id: bundleId }, `/bundle/${bundleId}`);
    renderPage(path, { client: sam.client });
    expect(await screen.findByRole('textbox', { name: /Topic/ })).toBeInTheDocument();
  });

  it('is not offered through an invite-only bundle (nobody buys their way onto a list)', async () => {
    const { path } = await freeAppInPaidBundle('allowed_users');
    renderPage(path, { client: backend().client() });
    // Nothing to buy here: the page is the app itself (run-app explains if the run is refused).
    expect(await screen.findByRole('textbox', { name: /Topic/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Get it with/ })).toBeNull();
  });
});

describe('a paid app on /landing-page/:appId', () => {
  it('shows the price and "Get access" instead of "Open app" to a visitor without access', async () => {
    const { appId, path } = await paidApp();
    const sam = await backend().signedInUser('sam');
    const user = userEvent.setup();
    renderPage(`/landing-page/${appId}`, { client: sam.client, routes: OTHER_ROUTES });
    expect(await screen.findByRole('heading', { level: 2, name: 'Get access to Lesson Planner' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open app' })).toBeNull();
    // What it does is still shown: the visitor decides with it.
    expect(screen.getByRole('heading', { name: 'What it does' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Get access' }));
    expect(await screen.findByRole('heading', { name: 'Test checkout' })).toBeInTheDocument();
    // The checkout comes back to the app itself.
    await waitFor(async () =>
      expect(await checkoutsOf(sam, appId)).toEqual([expect.objectContaining({ item_kind: 'app', success_url: `http://localhost:5173${path}?checkout=success` })]),
    );
  });

  it('shows "Open app" to someone who bought it', async () => {
    const { appId, path } = await paidApp();
    const sam = await backend().signedInUser('sam');
    await buyOnTestCheckout(sam, { item_kind: 'app', item_id: appId }, path);
    renderPage(`/landing-page/${appId}`, { client: sam.client });
    expect(await screen.findByRole('link', { name: 'Open app' })).toHaveAttribute('href', path);
    expect(screen.queryByRole('button', { name: 'Get access' })).toBeNull();
  });
});
