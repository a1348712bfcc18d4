// On the real backend (@appforge/test-backend): the app is made and deployed as the product does
// it, and the page reads it through the real client, grants and row-level security.
import { setupAppforgeBackend } from '@appforge/test-backend';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { deployApp, renderPage, RUN_ID } from '../../test/fixtures';

const backend = setupAppforgeBackend();

beforeEach(() => {
  document.title = 'Appforge';
});

async function ownerOf(settings: Parameters<typeof deployApp>[2] = {}) {
  const owner = await backend().signedInUser('owner');
  const appId = await deployApp(backend(), owner, settings);
  return { owner, appId, path: `/landing-page/${appId}` };
}

describe('/landing-page/:appId', () => {
  it('shows the app: name, description, price and what it does, derived from its steps', async () => {
    const { path } = await ownerOf({ description: 'Plans a lesson for any topic.', price: { kind: 'monthly', amount_cents: 499, currency: 'USD' } });
    renderPage(path, { client: backend().client() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lesson Planner' })).toBeInTheDocument();
    expect(document.title).toBe('Lesson Planner');
    expect(screen.getByText('Plans a lesson for any topic.')).toBeInTheDocument();
    expect(screen.getByText('$4.99')).toBeInTheDocument();
    expect(screen.getByText('per month')).toBeInTheDocument();
    const what = screen.getByRole('region', { name: 'What it does' });
    const steps = within(what).getAllByRole('listitem').map((item) => item.textContent);
    expect(steps.slice(0, 3)).toEqual(['Asks for Topic, Notes, Minutes, Level and Homework.', 'Uses AI to write “Lesson plan”.', 'Shows “Your plan”.']);
    expect(within(what).getByText('Minutes')).toBeInTheDocument();
  });

  it('says Free for a free app and opens the deployed app', async () => {
    const { appId, path } = await ownerOf();
    const user = userEvent.setup();
    const { router } = renderPage(path, { client: backend().client() });
    expect(await screen.findByText('Free')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Open app' }));
    expect(await screen.findByRole('form', { name: 'Your lesson' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/deployed-app/${appId}`);
  });

  it('offers a sign-in branded with the app to visitors only', async () => {
    const { appId, path } = await ownerOf();
    const first = renderPage(path, { client: backend().client() });
    expect(await screen.findByRole('link', { name: 'Sign in to Lesson Planner' })).toHaveAttribute(
      'href',
      `/sign-in?app_id=${appId}&next=%2Fdeployed-app%2F${appId}`,
    );
    first.unmount();
    const visitor = await backend().signedInUser('sam');
    renderPage(path, { client: visitor.client });
    expect(await screen.findByRole('link', { name: 'Open app' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in to Lesson Planner' })).not.toBeInTheDocument();
  });

  it('shows the app’s icon, or its initial when it has none', async () => {
    const { owner, path } = await ownerOf();
    const iconPath = `${owner.id}/app/icon.png`;
    const updated = await backend().admin.from('App').update({ icon_path: iconPath }).eq('id', path.split('/').pop() ?? '');
    if (updated.error) throw new Error(updated.error.message);
    const view = renderPage(path, { client: backend().client() });
    await screen.findByRole('heading', { level: 1, name: 'Lesson Planner' });
    expect(view.container.querySelector('img.visitor-icon')?.getAttribute('src')).toMatch(new RegExp(`${iconPath}$`));
    view.unmount();

    const { path: plain } = await ownerOf({ name: 'Quiz maker' });
    const second = renderPage(plain, { client: backend().client() });
    await screen.findByRole('heading', { level: 1, name: 'Quiz maker' });
    expect(second.container.querySelector('img.visitor-icon')).toBeNull();
    expect(second.container.querySelector('.visitor-icon')).toHaveTextContent('Q');
  });

  it('says an unknown app does not exist or is not published', async () => {
    renderPage(`/landing-page/${RUN_ID}`, { client: backend().client() });
    expect(await screen.findByRole('heading', { name: 'This app does not exist or is not published' })).toBeInTheDocument();
    expect(document.title).toBe('App not found');
  });

  it('renders a hostile description as text', async () => {
    const { path } = await ownerOf({ description: '<img src=x onerror="window.__pwned=1">Nice app' });
    const { container } = renderPage(path, { client: backend().client() });
    expect(await screen.findByText('<img src=x onerror="window.__pwned=1">Nice app')).toBeInTheDocument();
    expect(container.querySelector('img[onerror]')).toBeNull();
  });
});
