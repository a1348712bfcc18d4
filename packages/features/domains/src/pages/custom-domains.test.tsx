// On the real backend (@appforge/test-backend): the list reads through manage-domain, whose
// answers only ever hold the caller's own domains.
import { renderWithAppforge, setupAppforgeBackend, standIn } from '@appforge/test-backend';
import type { TestUser } from '@appforge/test-backend';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../index';

const backend = setupAppforgeBackend();

function render(client: TestUser['client'], path = '/custom-domains') {
  return renderWithAppforge({ client, routes: [...routes, standIn('/', 'Your apps'), standIn('/bundles', 'Your bundles')], path });
}

let hosts = 0;
const uniqueHost = (name: string) => `${name}-${(hosts += 1)}-${Math.random().toString(36).slice(2, 8)}.example.org`;

async function ownApp(user: TestUser, name: string): Promise<string> {
  const made = await backend().admin.from('App').insert({ owner_id: user.id, name }).select('id').single();
  if (made.error) throw new Error(made.error.message);
  return made.data.id;
}

async function ownBundle(user: TestUser, name: string): Promise<string> {
  const made = await backend().admin.from('Bundle').insert({ owner_id: user.id, name }).select('id').single();
  if (made.error) throw new Error(made.error.message);
  return made.data.id;
}

/** A domain as the server leaves it after its checks (only the server writes the verification state). */
async function domain(user: TestUser, host: string, target: { app_id: string; landing?: boolean } | { bundle_id: string }, status: 'pending' | 'verified' | 'failed') {
  const columns =
    'bundle_id' in target
      ? { bundle_id: target.bundle_id, is_bundle: true }
      : { app_id: target.app_id, is_app: target.landing !== true, is_landing_page: target.landing === true };
  const made = await backend().admin.from('CustomDomain').insert({ value: host, owner_id: user.id, status, ...columns });
  if (made.error) throw new Error(made.error.message);
}

describe('/custom-domains (issue 27: custom domains had no list of their own)', () => {
  it('lists each of the person’s domains with its status, what it shows and a link to manage it, and none of anyone else’s', async () => {
    const ada = await backend().signedInUser('ada');
    const mallory = await backend().signedInUser('mallory');
    const quiz = await ownApp(ada, 'Recipe Quiz');
    const kit = await ownBundle(ada, 'Study Kit');
    const shop = uniqueHost('shop');
    const learn = uniqueHost('learn');
    const promo = uniqueHost('promo');
    await domain(ada, shop, { app_id: quiz }, 'verified');
    await domain(ada, learn, { bundle_id: kit }, 'pending');
    await domain(ada, promo, { app_id: quiz, landing: true }, 'failed');
    const theirs = uniqueHost('mallory');
    await domain(mallory, theirs, { app_id: await ownApp(mallory, 'Mallory’s app') }, 'verified');

    render(ada.client);
    const list = await screen.findByRole('list', { name: 'Your custom domains' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);

    const row = (host: string) => {
      const found = rows.find((item) => within(item).queryByRole('heading', { name: host }) !== null);
      if (found === undefined) throw new Error(`no row for ${host}`);
      return found;
    };
    expect(within(row(shop)).getByText('Connected')).toBeInTheDocument();
    expect(await within(row(shop)).findByText('App “Recipe Quiz”')).toBeInTheDocument();
    expect(within(row(shop)).getByRole('link', { name: `Manage ${shop}` })).toHaveAttribute('href', `/custom-domain/${quiz}`);

    expect(within(row(learn)).getByText('Waiting for DNS records')).toBeInTheDocument();
    expect(await within(row(learn)).findByText('Bundle “Study Kit”')).toBeInTheDocument();
    expect(within(row(learn)).getByRole('link', { name: `Manage ${learn}` })).toHaveAttribute('href', `/bundle/${kit}/custom-domain`);

    expect(within(row(promo)).getByText('Failed')).toBeInTheDocument();
    expect(within(row(promo)).getByText('Landing page of “Recipe Quiz”')).toBeInTheDocument();

    expect(screen.queryByText(theirs)).toBeNull();
    expect(screen.queryByText(/Mallory/)).toBeNull();
  });

  it('"Manage" opens the domain’s own page', async () => {
    const user = userEvent.setup();
    const ada = await backend().signedInUser('ada');
    const quiz = await ownApp(ada, 'Recipe Quiz');
    const shop = uniqueHost('shop');
    await domain(ada, shop, { app_id: quiz }, 'verified');
    const { router } = render(ada.client);
    await user.click(await screen.findByRole('link', { name: `Manage ${shop}` }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Custom domain' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/custom-domain/${quiz}`);
    expect(await screen.findByRole('region', { name: shop })).toBeInTheDocument();
  });

  it('shows a hostile app name as text', async () => {
    const ada = await backend().signedInUser('ada');
    const app = await ownApp(ada, '<img src=x onerror=alert(1)>');
    const host = uniqueHost('odd');
    await domain(ada, host, { app_id: app }, 'verified');
    const { container } = render(ada.client);
    expect(await screen.findByText('App “<img src=x onerror=alert(1)>”')).toBeInTheDocument();
    expect(container.querySelector('img[src="x"]')).toBeNull();
  });

  it('with no domain yet, says what a custom domain is and where to add one', async () => {
    const ada = await backend().signedInUser('ada');
    render(ada.client);
    expect(await screen.findByRole('heading', { name: 'No custom domain yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your apps' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Your bundles' })).toHaveAttribute('href', '/bundles');
    expect(screen.queryByRole('list', { name: 'Your custom domains' })).toBeNull();
  });

  it('a failed load says so and a retry recovers', async () => {
    const user = userEvent.setup();
    let offline = false;
    const network: typeof fetch = (input, init) =>
      offline && String(input instanceof Request ? input.url : input).includes('/functions/v1/manage-domain')
        ? Promise.reject(new TypeError('fetch failed'))
        : fetch(input, init);
    const ada = await backend().signedInUser('ada', { fetch: network });
    const quiz = await ownApp(ada, 'Recipe Quiz');
    const shop = uniqueHost('shop');
    await domain(ada, shop, { app_id: quiz }, 'verified');
    offline = true;
    render(ada.client);
    expect(await screen.findByRole('heading', { name: 'Your domains could not be loaded.' })).toBeInTheDocument();
    offline = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: shop })).toBeInTheDocument();
  });
});
