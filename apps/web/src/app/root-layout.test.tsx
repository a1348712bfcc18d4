import type { JSX } from 'react';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAppAt } from '../../test/render-app';
import type { RouteManifest } from './compose-routes';
import { routeManifests } from '../../test/route-manifests';

describe('the root layout', () => {
  it('shows "Loading page…" while the next page’s code downloads, and clears it when the page arrives', async () => {
    let deliver: (page: { Component: () => JSX.Element }) => void = () => undefined;
    const slowPage = new Promise<{ Component: () => JSX.Element }>((resolve) => {
      deliver = resolve;
    });
    const slow: RouteManifest = { name: 'slow-feature', routes: [{ path: '/slow', lazy: () => slowPage }] };
    const { router } = renderAppAt('/system-status', { manifests: [...routeManifests, slow] });
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

  it('gives a page that asks for it (a deployed app) the whole screen, without Appforge’s navigation', async () => {
    const visitor: RouteManifest = {
      name: 'visitor-feature',
      routes: [{ path: '/deployed-app/:appId', handle: { layout: 'bare' }, lazy: () => Promise.resolve({ Component: () => <h1>The visitor’s app</h1> }) }],
    };
    const { router } = renderAppAt('/deployed-app/8c5b7c1e-2a7f-4d7e-9d38-1c2f0e4b5a61', { manifests: [...routeManifests.filter((manifest) => manifest.name !== '@appforge/visitor'), visitor] });
    expect(await screen.findByRole('heading', { level: 1, name: 'The visitor’s app' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { name: 'The visitor’s app' }));
    expect(screen.queryByRole('link', { name: 'Home' })).toBeNull();
    await act(() => router.navigate('/system-status'));
    expect(await screen.findByRole('link', { name: 'Home' })).toBeInTheDocument();
  });
});
