// On the real backend (@appforge/test-backend): the bundle, its apps and its price are the
// owner's rows; buying goes through the real checkout function and its built-in test checkout
// (Stripe is outside the world); the allowed people are added through the real allowed-users function.
import type { AppforgeClient } from '@appforge/sdk';
import { setupAppforgeBackend } from '@appforge/test-backend';
import type { TestUser } from '@appforge/test-backend';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deployApp, ownBundle } from '../../test/fixtures';
import { Landed, renderWithProviders } from '../../test/render';
import { routes } from '../routes';

const backend = setupAppforgeBackend();

async function paidBundle() {
  const owner = await backend().signedInUser('owner');
  const tutor = await deployApp(backend(), owner, { name: 'Essay tutor' });
  const quiz = await deployApp(backend(), owner, { name: 'Quiz maker' });
  const bundleId = await ownBundle(
    backend(),
    owner,
    { name: 'Study kit', description: 'Two apps for exams.', price: { kind: 'monthly', amount_cents: 900, currency: 'EUR' } },
    [tutor, quiz],
  );
  return { owner, bundleId, tutor };
}

/** The bundle page as the shell renders it, with the pages it leads to as stand-ins. */
function renderBundles(path: string, client: AppforgeClient) {
  return renderWithProviders(
    [
      ...routes,
      { path: '/sign-in', element: <Landed name="Sign-in page" /> },
      { path: '/test-checkout/:sessionId', element: <Landed name="Test checkout" /> },
    ],
    path,
    { client },
  );
}

async function purchasesOf(buyer: TestUser, bundleId: string) {
  const { data, error } = await backend().admin.from('Purchase').select('item_kind, status').eq('bundle_id', bundleId).eq('buyer_id', buyer.id);
  if (error) throw new Error(error.message);
  return data;
}

describe('/bundle/:bundleId (public)', () => {
  it('shows a visitor the bundle, its apps and the price; Get access goes to the sign-in branded with the bundle', async () => {
    const { bundleId } = await paidBundle();
    const user = userEvent.setup();
    renderBundles(`/bundle/${bundleId}`, backend().client());
    expect(await screen.findByRole('heading', { level: 1, name: 'Study kit' })).toBeInTheDocument();
    expect(screen.getByText('Two apps for exams.')).toBeInTheDocument();
    const apps = screen.getByRole('list', { name: 'Apps in this bundle' });
    expect(within(apps).getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['Essay tutor', 'Quiz maker']);
    expect(screen.getByText('€9.00 a month')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Open/ })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Manage this bundle' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Get access' }));
    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/sign-in?bundle_id=${bundleId}&next=%2Fbundle%2F${bundleId}`);
  });

  it('offers a buyer who is not signed in on this host "Already bought it? Sign in"', async () => {
    const { bundleId } = await paidBundle();
    const user = userEvent.setup();
    renderBundles(`/bundle/${bundleId}`, backend().client());
    await user.click(await screen.findByRole('link', { name: 'Already bought it? Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/sign-in?bundle_id=${bundleId}&next=%2Fbundle%2F${bundleId}`);
  });

  it('a signed-in person pays on the test checkout, comes back and can open the apps', async () => {
    const { bundleId, tutor } = await paidBundle();
    const sam = await backend().signedInUser('sam');
    const user = userEvent.setup();
    const { router } = renderBundles(`/bundle/${bundleId}`, sam.client);
    await user.click(await screen.findByRole('button', { name: 'Get access' }));
    // The test checkout stands in for the payment provider (the bundles feature's page).
    expect(await screen.findByRole('heading', { name: 'Test checkout' })).toBeInTheDocument();
    const sessionId = router.state.location.pathname.split('/').pop() ?? '';
    const back = new URL(await sam.client.billing.finishTestCheckout(sessionId, 'complete'));
    await router.navigate(`${back.pathname}${back.search}`);
    expect(await screen.findByText('You have access.')).toBeInTheDocument();
    // Access and "still being confirmed" never show together (issue 27).
    expect(screen.getByText('Thank you — your payment went through.')).toHaveAttribute('role', 'status');
    expect(screen.queryByText(/being confirmed/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Open Essay tutor' })).toHaveAttribute('href', `/deployed-app/${tutor}`);
    expect(await purchasesOf(sam, bundleId)).toEqual([{ item_kind: 'bundle', status: 'active' }]);
  });

  it('cancelling the test checkout buys nothing', async () => {
    const { bundleId } = await paidBundle();
    const sam = await backend().signedInUser('sam');
    const user = userEvent.setup();
    const { router } = renderBundles(`/bundle/${bundleId}`, sam.client);
    await user.click(await screen.findByRole('button', { name: 'Get access' }));
    expect(await screen.findByRole('heading', { name: 'Test checkout' })).toBeInTheDocument();
    const sessionId = router.state.location.pathname.split('/').pop() ?? '';
    const back = new URL(await sam.client.billing.finishTestCheckout(sessionId, 'cancel'));
    await router.navigate(`${back.pathname}${back.search}`);
    expect(await screen.findByText('Checkout was cancelled; nothing was charged.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get access' })).toBeInTheDocument();
    expect(await purchasesOf(sam, bundleId)).toEqual([]);
  });

  it('an allowed person gets in without paying; the owner sees the manage links', async () => {
    const { owner, bundleId } = await paidBundle();
    await owner.client.bundles.addAllowedUsers({ kind: 'bundle', id: bundleId }, ['@school.example']);
    const pupil = await backend().signedInUser('pupil', { email: `pupil-${crypto.randomUUID().slice(0, 8)}@school.example` });
    const first = renderBundles(`/bundle/${bundleId}`, pupil.client);
    expect(await screen.findByText('You are on the list of people allowed in.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^Open / })).toHaveLength(2);
    first.unmount();

    renderBundles(`/bundle/${bundleId}`, owner.client);
    const manage = await screen.findByRole('navigation', { name: 'Manage this bundle' });
    expect(within(manage).getByRole('link', { name: 'Custom domain' })).toHaveAttribute('href', `/bundle/${bundleId}/custom-domain`);
  });

  it('an unknown or malformed bundle id is "not found"', async () => {
    const view = renderBundles('/bundle/not-a-uuid', backend().client());
    expect(await screen.findByRole('heading', { name: 'This bundle was not found' })).toBeInTheDocument();
    view.unmount();
    renderBundles(`/bundle/${crypto.randomUUID()}`, backend().client());
    expect(await screen.findByRole('heading', { name: 'This bundle was not found' })).toBeInTheDocument();
  });
});
