// Renders "Your APIs" pages the way the shell does (@appforge/test-backend's renderWithAppforge),
// with stand-ins for pages of other features that show where the router went; and the outside
// API an owner connects, as a loopback server the file's backend is allowed to call.
import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppforgeClient } from '@appforge/sdk';
import { renderWithAppforge, standIn } from '@appforge/test-backend';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { apisRoutes } from './routes';

const routes = [...apisRoutes, standIn('/create-app/:appId', 'App overview')];

export function renderApis(client: AppforgeClient, path: string) {
  return renderWithAppforge({ client, routes, path });
}

export interface OutsideRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

export interface OutsideAnswer {
  status: number;
  body: string;
  contentType?: string;
}

export interface OutsideApi {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  readonly port: number;
  /** Every request since the test began, in order. */
  readonly requests: OutsideRequest[];
  /** What the server answers a path with (the rest get 404). */
  answer(path: string, answer: OutsideAnswer): void;
}

/**
 * An outside API on loopback for the file, started before the file's backend (call this before
 * `setupAppforgeBackend`, and pass `port` to its `outboundLoopbackPorts`); answers and requests
 * are reset before each test.
 */
export function setupOutsideApi(): () => OutsideApi {
  const requests: OutsideRequest[] = [];
  const answers = new Map<string, OutsideAnswer>();
  const server = createServer((request, response) => {
    requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers });
    const path = (request.url ?? '').split('?')[0] ?? '';
    const found = answers.get(path);
    request.resume();
    response
      .writeHead(found?.status ?? 404, { 'content-type': found?.contentType ?? 'application/json' })
      .end(found?.body ?? '{"message":"no such path"}');
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  beforeEach(() => {
    requests.length = 0;
    answers.clear();
  });
  return () => {
    if (port === 0) throw new Error('the outside API is not started yet: use it inside tests and hooks');
    return {
      url: `http://127.0.0.1:${port}`,
      port,
      requests,
      answer(path, answer) {
        answers.set(path, answer);
      },
    };
  };
}
