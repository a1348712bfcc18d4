import { createFakeAppforgeClient, makeApp, makeBundle } from '@appforge/sdk/testing';
import type { FakeAppforgeClient } from '@appforge/sdk/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Landed, renderWithProviders } from '../../test/render';
import { routes } from '../routes';

function paidBundle() {
  const client = createFakeAppforgeClient();
  const ownerId = crypto.randomUUID();
  const tutor = makeApp({ owner_id: ownerId, name: 'Essay tutor', deployed_version_id: crypto.randomUUID() });
  const quiz = makeApp({ owner_id: ownerId, name: 'Quiz maker', deployed_version_id: crypto.randomUUID() });
  client.fake.data.apps[tutor.id] = tutor;
  client.fake.data.apps[quiz.id] = quiz;
  const bundle = makeBundle({
    owner_id: ownerId,
    name: 'Study kit',
    description: 'Two apps for exams.',
    price: { kind: 'monthly', amount_cents: 900, currency: 'EUR' },
    apps: [tutor, quiz].map((app) => ({ id: app.id, name: app.name, description: app.description, icon_path: null, deployed: true, price: app.price })),
  });
  client.fake.data.bundles[bundle.id] = bundle;
  return { client, bundle, tutor, ownerId };
}

/** The bundle page as the shell renders it, with the pages it leads to as stand-ins. */
function renderBundles(path: string, client: FakeAppforgeClient = createFakeAppforgeClient()) {
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

describe('/bundle/:bundleId (public)', () => {
  it('shows a visitor the bundle, its apps and the price; Get access goes to the sign-in branded with the bundle', async () => {
    const { client, bundle } = paidBundle();
    const user = userEvent.setup();
    renderBundles(`/bundle/${bundle.id}`, client);
    expect(await screen.findByRole('heading', { level: 1, name: 'Study kit' })).toBeInTheDocument();
    expect(screen.getByText('Two apps for exams.')).toBeInTheDocument();
    const apps = screen.getByRole('list', { name: 'Apps in this bundle' });
    expect(within(apps).getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['Essay tutor', 'Quiz maker']);
    expect(screen.getByText('€9.00 a month')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Open/ })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Manage this bundle' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Get access' }));
    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/sign-in?bundle_id=${bundle.id}&next=%2Fbundle%2F${bundle.id}`);
  });

  it('offers a buyer who is not signed in on this host "Already bought it? Sign in"', async () => {
    const { client, bundle } = paidBundle();
    const user = userEvent.setup();
    renderBundles(`/bundle/${bundle.id}`, client);
    await user.click(await screen.findByRole('link', { name: 'Already bought it? Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/sign-in?bundle_id=${bundle.id}&next=%2Fbundle%2F${bundle.id}`);
  });

  it('a signed-in person pays on the test checkout, comes back and can open the apps', async () => {
    const { client, bundle, tutor } = paidBundle();
    client.fake.signIn({ email: 'sam@example.org' });
    const user = userEvent.setup();
    const { router } = renderBundles(`/bundle/${bundle.id}`, client);
    await user.click(await screen.findByRole('button', { name: 'Get access' }));
    // The test checkout stands in for the payment provider (the bundles feature's page).
    expect(await screen.findByRole('heading', { name: 'Test checkout' })).toBeInTheDocument();
    const sessionId = router.state.location.pathname.split('/').pop() ?? '';
    const back = new URL(await client.billing.finishTestCheckout(sessionId, 'complete'));
    await router.navigate(`${back.pathname}${back.search}`);
    expect(await screen.findByText('You have access.')).toBeInTheDocument();
    // Access and "still being confirmed" never show together (issue 27).
    expect(screen.getByText('Thank you — your payment went through.')).toHaveAttribute('role', 'status');
    expect(screen.queryByText(/being confirmed/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Open Essay tutor' })).toHaveAttribute('href', `/deployed-app/${tutor.id}`);
    expect(client.fake.data.purchases).toHaveLength(1);
  });

  it('cancelling the test checkout buys nothing', async () => {
    const { client, bundle } = paidBundle();
    client.fake.signIn({ email: 'sam@example.org' });
    const user = userEvent.setup();
    const { router } = renderBundles(`/bundle/${bundle.id}`, client);
    await user.click(await screen.findByRole('button', { name: 'Get access' }));
    expect(await screen.findByRole('heading', { name: 'Test checkout' })).toBeInTheDocument();
    const sessionId = router.state.location.pathname.split('/').pop() ?? '';
    const back = new URL(await client.billing.finishTestCheckout(sessionId, 'cancel'));
    await router.navigate(`${back.pathname}${back.search}`);
    expect(await screen.findByText('Checkout was cancelled; nothing was charged.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get access' })).toBeInTheDocument();
    expect(client.fake.data.purchases).toHaveLength(0);
  });

  it('in production without Stripe, Get access says the bundle cannot be bought yet', async () => {
    const { client, bundle } = paidBundle();
    client.fake.data.checkoutMode = 'off';
    client.fake.signIn({ email: 'sam@example.org' });
    const user = userEvent.setup();
    renderBundles(`/bundle/${bundle.id}`, client);
    await user.click(await screen.findByRole('button', { name: 'Get access' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('cannot be bought yet');
  });

  it('an allowed person gets in without paying; the owner sees the manage links', async () => {
    const { client, bundle, ownerId } = paidBundle();
    client.fake.data.allowedUsers[bundle.id] = [{ id: crypto.randomUUID(), entry: '@school.example', invited_at: null, created_at: new Date().toISOString() }];
    client.fake.signIn({ email: 'pupil@school.example' });
    const first = renderBundles(`/bundle/${bundle.id}`, client);
    expect(await screen.findByText('You are on the list of people allowed in.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^Open / })).toHaveLength(2);
    first.unmount();

    client.fake.signIn({ id: ownerId, email: 'owner@example.org' });
    renderBundles(`/bundle/${bundle.id}`, client);
    const manage = await screen.findByRole('navigation', { name: 'Manage this bundle' });
    expect(within(manage).getByRole('link', { name: 'Custom domain' })).toHaveAttribute('href', `/bundle/${bundle.id}/custom-domain`);
  });

  it('an unknown or malformed bundle id is "not found"', async () => {
    renderBundles('/bundle/not-a-uuid');
    expect(await screen.findByRole('heading', { name: 'This bundle was not found' })).toBeInTheDocument();
  });
});
