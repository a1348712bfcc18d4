import type { JSX } from 'react';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAppAt } from '../../test/render-app';
import type { RouteManifest } from './compose-routes';
import { routeManifests } from './feature-routes';

describe('the root layout', () => {
  it('shows "Loading page…" while the next page’s code downloads, and clears it when the page arrives', async () => {
    let deliver: (page: { Component: () => JSX.Element }) => void = () => undefined;
    const slowPage = new Promise<{ Component: () => JSX.Element }>((resolve) => {
      deliver = resolve;
    });
    const slow: RouteManifest = { name: 'slow-feature', routes: [{ path: '/slow', lazy: () => slowPage }] };
    const { router } = renderAppAt('/', { manifests: [...routeManifests, slow] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Appforge' })).toBeInTheDocument();
    expect(screen.queryByText('Loading page…')).toBeNull();

    let navigation: Promise<void> = Promise.resolve();
    act(() => {
      navigation = router.navigate('/slow');
    });
    expect(await screen.findByText('Loading page…')).toBeInTheDocument();
    // The current page stays on screen while the next one loads.
    expect(screen.getByRole('heading', { level: 1, name: 'Appforge' })).toBeInTheDocument();

    await act(async () => {
      deliver({ Component: () => <h1>Slow page</h1> });
      await navigation;
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Slow page' })).toBeInTheDocument();
    expect(screen.queryByText('Loading page…')).toBeNull();
  });

  it('marks Home as the current page only on the home page', async () => {
    const { router } = renderAppAt('/');
    expect(await screen.findByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await act(() => router.navigate('/elsewhere'));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });
});
