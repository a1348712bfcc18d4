import { setupAppforgeBackend } from '@appforge/test-backend';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { Component as SignInPage } from './sign-in';

const backend = setupAppforgeBackend();

describe('/sign-in', () => {
  it('shows the sign-in screen to a visitor', async () => {
    renderWithProviders(<SignInPage />, { client: backend().client(), path: '/sign-in?new_signup=true' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Build the AI apps you need' })).toBeInTheDocument();
  });

  it('sends a signed-in person on to `next`, never off the site', async () => {
    const { client } = await backend().signedInUser('ada');
    const { router } = renderWithProviders(<SignInPage />, {
      client,
      path: '/sign-in?next=//evil.test/phish',
      routes: [{ path: '/settings', element: <h1>Settings page</h1> }],
    });
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('goes to the page named in `next`', async () => {
    const { client } = await backend().signedInUser('ada');
    const { router } = renderWithProviders(<SignInPage />, {
      client,
      path: '/sign-in?next=/settings',
      routes: [{ path: '/settings', element: <h1>Settings page</h1> }],
    });
    expect(await screen.findByRole('heading', { name: 'Settings page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings');
  });
});
