import { screen, waitFor } from '@testing-library/react';
import { data } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderAppAt, testEnv } from '../../test/render-app';
import type { RouteManifest } from './compose-routes';
import { routeManifests } from '../../test/route-manifests';

const failure = new Error('kaput: the table "apps" is missing');

function Broken(): never {
  throw failure;
}

const broken: RouteManifest = {
  name: 'broken-feature',
  routes: [
    { path: '/broken', lazy: () => Promise.resolve({ Component: Broken }) },
    {
      path: '/gone',
      lazy: () =>
        Promise.resolve({
          loader: () => {
            // eslint-disable-next-line @typescript-eslint/only-throw-error -- react-router's way to answer a status
            throw data(null, { status: 404, statusText: 'Not Found' });
          },
          Component: () => null,
        }),
    },
    {
      path: '/stale-chunk',
      lazy: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    },
  ],
};

const manifests = [...routeManifests, broken];

describe('the root error page', () => {
  it('explains the failure in words, offers Reload and Go home, and reports the error', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAppAt('/broken', { manifests, env: testEnv({ DEV: true, PROD: false }) });

    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText(/unexpected error while showing this page/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
    // In development the technical message is one click away.
    expect(screen.getByText('Technical details')).toBeInTheDocument();
    expect(screen.getByText(/kaput: the table "apps" is missing/)).toBeInTheDocument();

    // Reported from an effect once the error page is up: it may come a moment after the page.
    await waitFor(() => expect(consoleError).toHaveBeenCalledWith('[appforge] Unhandled error', failure, { route: '/broken' }));
  });

  it('keeps the technical details out of production builds', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAppAt('/broken', { manifests, env: testEnv({ DEV: false, PROD: true, MODE: 'production' }) });

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.queryByText('Technical details')).toBeNull();
    expect(screen.queryByText(/kaput/)).toBeNull();
  });

  it('says a page could not be downloaded when its code chunk is gone, and reports it', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAppAt('/stale-chunk', { manifests });

    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();
    expect(screen.getByText(/reloading the page usually fixes it/)).toBeInTheDocument();
    await waitFor(() => expect(consoleError).toHaveBeenCalledWith('[appforge] Unhandled error', expect.any(TypeError), { route: '/stale-chunk' }));
  });

  it('shows a 404 answered by a loader as "Not found" without reporting it as a bug', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAppAt('/gone', { manifests });

    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeInTheDocument();
    expect(consoleError).not.toHaveBeenCalledWith('[appforge] Unhandled error', expect.anything(), expect.anything());
  });
});
