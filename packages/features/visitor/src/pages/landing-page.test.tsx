import { createFakeAppforgeClient } from '@appforge/sdk/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { APP_ID, deployApp, renderPage, RUN_ID } from '../../test/fixtures';

const PATH = `/landing-page/${APP_ID}`;

beforeEach(() => {
  document.title = 'Appforge';
});

describe('/landing-page/:appId', () => {
  it('shows the app: name, description, price and what it does, derived from its steps', async () => {
    const client = createFakeAppforgeClient();
    deployApp(client, { description: 'Plans a lesson for any topic.', price: { kind: 'monthly', amount_cents: 499, currency: 'USD' } });
    renderPage(PATH, { client });
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
    const client = createFakeAppforgeClient();
    deployApp(client);
    const user = userEvent.setup();
    const { router } = renderPage(PATH, { client });
    expect(await screen.findByText('Free')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Open app' }));
    expect(await screen.findByRole('form', { name: 'Your lesson' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/deployed-app/${APP_ID}`);
  });

  it('offers a sign-in branded with the app to visitors only', async () => {
    const client = createFakeAppforgeClient();
    deployApp(client);
    const first = renderPage(PATH, { client });
    expect(await screen.findByRole('link', { name: 'Sign in to Lesson Planner' })).toHaveAttribute(
      'href',
      `/sign-in?app_id=${APP_ID}&next=%2Fdeployed-app%2F${APP_ID}`,
    );
    first.unmount();
    client.fake.signIn();
    renderPage(PATH, { client });
    expect(await screen.findByRole('link', { name: 'Open app' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in to Lesson Planner' })).not.toBeInTheDocument();
  });

  it('shows the app’s icon, or its initial when it has none', async () => {
    const client = createFakeAppforgeClient();
    deployApp(client, { icon_path: 'owner/app/icon.png' });
    const { container } = renderPage(PATH, { client });
    await screen.findByRole('heading', { level: 1, name: 'Lesson Planner' });
    expect(container.querySelector('img.visitor-icon')?.getAttribute('src')).toMatch(/owner\/app\/icon\.png$/);
  });

  it('says an unknown app does not exist or is not published', async () => {
    renderPage(`/landing-page/${RUN_ID}`);
    expect(await screen.findByRole('heading', { name: 'This app does not exist or is not published' })).toBeInTheDocument();
    expect(document.title).toBe('App not found');
  });

  it('renders a hostile description as text', async () => {
    const client = createFakeAppforgeClient();
    deployApp(client, { description: '<img src=x onerror="window.__pwned=1">Nice app' });
    const { container } = renderPage(PATH, { client });
    expect(await screen.findByText('<img src=x onerror="window.__pwned=1">Nice app')).toBeInTheDocument();
    expect(container.querySelector('img[onerror]')).toBeNull();
  });
});
