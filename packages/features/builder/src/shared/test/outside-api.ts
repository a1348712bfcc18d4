// An outside API (the world outside Appforge) on loopback for a test file: the backend's guarded
// client calls it for an api step's "Try it". Start it before the file's backend and pass its port
// to the backend's `outboundLoopbackPorts`.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';

export interface OutsideApi {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  readonly port: number;
  /** The paths (with their query) asked for since the test began, in order. */
  readonly requests: string[];
  /** What the server answers a path with, as JSON (the rest get 404). */
  answer(path: string, body: unknown): void;
}

export function setupOutsideApi(): () => OutsideApi {
  const requests: string[] = [];
  const answers = new Map<string, unknown>();
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    const path = (request.url ?? '').split('?')[0] ?? '';
    request.resume();
    const found = answers.has(path);
    response.writeHead(found ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(found ? answers.get(path) : { message: 'no such path' }));
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
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
      answer(path, body) {
        answers.set(path, body);
      },
    };
  };
}
