// @vitest-environment jsdom
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAppAt, testEnv } from '../../test/render-app';

/** A real HTTP server on loopback standing in for the backend's GET /health. */
async function startBackend(status: () => number) {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    response.writeHead(status(), { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
    response.end(JSON.stringify({ status: 'ok' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, server };
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

describe('the start page', () => {
  it('names the product and shows a running backend as reachable', async () => {
    const backend = await startBackend(() => 200);
    servers.push(backend.server);
    renderAppAt('/system-status', { env: testEnv({ VITE_SUPABASE_URL: `${backend.url}/` }) });

    expect(await screen.findByRole('heading', { level: 1, name: 'Appforge' })).toBeInTheDocument();
    expect(screen.getByText(/Describe an AI app in plain words/)).toBeInTheDocument();
    expect(await screen.findByText('Reachable (HTTP 200)')).toBeInTheDocument();
    expect(screen.getByText(backend.url)).toBeInTheDocument();
    expect(backend.requests).toEqual(['GET /health']);
  });

  it('shows a stopped backend as unreachable, with its URL, and finds it again after "Check again"', async () => {
    let status = 503;
    const backend = await startBackend(() => status);
    servers.push(backend.server);
    renderAppAt('/system-status', { env: testEnv({ VITE_SUPABASE_URL: backend.url }) });

    expect(await screen.findByText('Unreachable')).toBeInTheDocument();
    expect(screen.getByText('The server answered HTTP 503 Service Unavailable.')).toBeInTheDocument();
    expect(screen.getByText(`GET ${backend.url}/health`)).toBeInTheDocument();

    status = 200;
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('Reachable (HTTP 200)')).toBeInTheDocument();
    expect(backend.requests).toEqual(['GET /health', 'GET /health']);
  });

  it('reports a refused connection as unreachable instead of failing', async () => {
    const backend = await startBackend(() => 200);
    await new Promise((resolve) => backend.server.close(resolve));
    renderAppAt('/system-status', { env: testEnv({ VITE_SUPABASE_URL: backend.url }) });

    expect(await screen.findByText('Unreachable')).toBeInTheDocument();
    expect(screen.getByText(/^The request failed/)).toBeInTheDocument();
    expect(backend.requests).toEqual([]);
  });

  it('links the development inbox only when one is configured', async () => {
    const { unmount } = renderAppAt('/system-status', { env: testEnv({ VITE_INBOX_URL: 'http://127.0.0.1:54324' }) });
    expect(await screen.findByRole('link', { name: 'http://127.0.0.1:54324' })).toHaveAttribute('href', 'http://127.0.0.1:54324');
    unmount();

    renderAppAt('/system-status');
    expect(await screen.findByRole('heading', { name: 'System status' })).toBeInTheDocument();
    expect(screen.queryByText('Development inbox')).toBeNull();
  });
});
