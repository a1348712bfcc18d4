import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAppAt } from '../../test/render-app';
import { createAppRouter } from './router';

// renderAppAt without `manifests` mounts the routes the way the browser does: the shell's pages at
// start, each feature's table on the first navigation into it.
describe('the router', () => {
  it('opens a feature’s page on a first visit straight to its address, and another feature’s after a click away', async () => {
    const { router } = renderAppAt('/databases');
    expect(await screen.findByRole('heading', { level: 1, name: 'Databases' })).toBeInTheDocument();
    await act(() => router.navigate('/settings'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    await act(() => router.navigate('/databases'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Databases' })).toBeInTheDocument();
  });

  it('says "Page not found" at an address no feature owns, on a first visit and after navigating', async () => {
    const { router } = renderAppAt('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    await act(() => router.navigate('/system-status'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Appforge' })).toBeInTheDocument();
    await act(() => router.navigate('/database-typo/1'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('a reload of a custom domain’s `/` asks the domain again instead of showing the target an earlier load masked there', () => {
    const target = { pathname: '/landing-page/3f0c2a52-5a7e-4c43-9a55-0d3f0d3b8c11', search: '', hash: '' };
    window.history.replaceState({ usr: null, key: 'a', idx: 0, masked: target }, '', '/');
    const router = createAppRouter();
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.mask).toBeUndefined();
    router.dispose();
  });
});
