/**
 * Added latency of the guarded outbound client over a bare `fetch` to a loopback server
 * (`pnpm --filter @appforge/functions bench:outbound`). Goal: ≤ 2 ms per call.
 *
 * Both clients make N sequential GETs of a small JSON answer; the guard goes through its test
 * hatch (loopback allowed), so every check (URL, port, allowlist, address, headers, size caps,
 * deadline) runs. Then 200 concurrent guarded calls, which must all succeed.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

import { DEFAULT_OUTBOUND_POLICY, outboundFetch } from '../src/outbound.ts';

const N = 500;
const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"temperature":21}'));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = (server.address() as AddressInfo).port;
const url = `http://127.0.0.1:${port}/weather`;
const policy = { ...DEFAULT_OUTBOUND_POLICY, allowedPorts: [port], allowLoopbackForTests: true };

async function time(label: string, call: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 50; i += 1) await call();
  const started = performance.now();
  for (let i = 0; i < N; i += 1) await call();
  const perCall = (performance.now() - started) / N;
  console.log(`${label.padEnd(24)} ${perCall.toFixed(3)} ms/call`);
  return perCall;
}

const bare = await time('bare fetch', async () => (await fetch(url)).text());
const guarded = await time('guarded outboundFetch', () => outboundFetch({ url, method: 'GET' }, policy));
console.log(`added latency            ${(guarded - bare).toFixed(3)} ms/call (ratio ${(guarded / bare).toFixed(2)}×; goal ≤ 2 ms)`);

const started = performance.now();
const results = await Promise.allSettled(Array.from({ length: 200 }, () => outboundFetch({ url, method: 'GET' }, policy)));
const errors = results.filter((r) => r.status === 'rejected').length;
console.log(`200 concurrent calls     ${(performance.now() - started).toFixed(1)} ms, ${errors} errors`);
server.close();
if (errors > 0) process.exitCode = 1;
