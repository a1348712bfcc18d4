// The scale bench's load generator, in a process of its own (so its CPU is counted apart from the
// bench's fake model and PostgreSQL's): `node … bench/load-client.ts '<json job>'`. It warms up,
// prints `warm`, waits for a line on stdin, runs the measured requests, and prints one JSON line:
// the figures and the CPU seconds it used while measuring.
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { createInterface } from 'node:readline';
import { readSse } from '../test/functions-ai/helpers.js';
import { getOk, runLoad } from './lib.js';
import { treeCpuSeconds } from './cpu.js';
import { runWrk } from './wrk-load.js';

export interface LoadJob {
  scenario: 'get' | 'insert' | 'run';
  /** Backends, taken in turn by request number. */
  urls: string[];
  headers: Record<string, string>;
  requests: number;
  concurrency: number;
  warmup?: number;
  /**
   * REST requests through `fetch` (undici, as supabase-js in Node) or node:http with a keep-alive
   * agent (about a third of fetch's CPU per request: less of the 2 cores goes to the load).
   */
  client?: 'fetch' | 'http' | 'wrk';
  /** wrk only: how long the measured load runs (wrk runs for a duration, not a count). */
  seconds?: number;
  /** get: the App ids read; insert: the owner; run: the app and the anon key. */
  ids?: string[];
  owner?: string;
  appId?: string;
  anonKey?: string;
}

const job = JSON.parse(process.argv[2] ?? '{}') as LoadJob;
const pick = (n: number): string => job.urls[Math.abs(n) % job.urls.length] ?? '';

const agent = new Agent({ keepAlive: true, maxSockets: job.concurrency });

/** One request over node:http; resolves with the status once the body is read. */
function httpCall(url: string, method: string, headers: Record<string, string>, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function one(n: number): Promise<void> {
  if (job.client === 'http' && job.scenario !== 'run') {
    const ids = job.ids ?? [];
    const status =
      job.scenario === 'get'
        ? await httpCall(`${pick(n)}/rest/v1/App?id=eq.${ids[Math.abs(n) % ids.length]}&select=*`, 'GET', job.headers)
        : await httpCall(`${pick(n)}/rest/v1/App`, 'POST', { ...job.headers, 'content-type': 'application/json', prefer: 'return=minimal' }, JSON.stringify({ owner_id: job.owner, name: `Bench ${n}` }));
    if (status !== (job.scenario === 'get' ? 200 : 201)) throw new Error(`${job.scenario} answered ${status}`);
    return;
  }
  if (job.scenario === 'get') {
    const ids = job.ids ?? [];
    return getOk(`${pick(n)}/rest/v1/App?id=eq.${ids[Math.abs(n) % ids.length]}&select=*`, job.headers);
  }
  if (job.scenario === 'insert') {
    const answer = await fetch(`${pick(n)}/rest/v1/App`, {
      method: 'POST',
      headers: { ...job.headers, 'content-type': 'application/json', prefer: 'return=minimal' },
      body: JSON.stringify({ owner_id: job.owner, name: `Bench ${n}` }),
    });
    await answer.arrayBuffer();
    if (answer.status !== 201) throw new Error(`insert answered ${answer.status}`);
    return;
  }
  const anonKey = job.anonKey ?? '';
  const response = await fetch(`${pick(n)}/functions/v1/run-app`, {
    method: 'POST',
    headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ app_id: job.appId, visitor_session: randomUUID(), inputs: { topic: `topic ${n}` } }),
  });
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
    throw new Error(`run-app answered ${response.status}: ${await response.text()}`);
  }
  const events = await readSse(response);
  if (events.at(-1)?.event !== 'run_done') throw new Error(`run ended with ${events.at(-1)?.event ?? 'nothing'}`);
}

const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
if (job.client === 'wrk' && job.scenario !== 'run') {
  // wrk's CPU is its own process's: counted once reaped, in this process's tree (cutime/cstime).
  const wrkJob = { scenario: job.scenario, urls: job.urls, headers: job.headers, concurrency: job.concurrency, ids: job.ids ?? [], ...(job.owner ? { owner: job.owner } : {}) };
  await runWrk({ ...wrkJob, seconds: 2 });
  process.stdout.write('warm\n');
  await lines.next();
  const before = treeCpuSeconds([process.pid]);
  const measured = await runWrk({ ...wrkJob, seconds: job.seconds ?? 10 });
  process.stdout.write(`${JSON.stringify({ figures: measured, cpuSeconds: treeCpuSeconds([process.pid]) - before })}\n`);
  process.exit(0);
}
let cpu = process.cpuUsage();
const figures = await runLoad({
  concurrency: job.concurrency,
  requests: job.requests,
  ...(job.warmup === undefined ? {} : { warmup: job.warmup }),
  fn: (_worker, n) => one(n),
  afterWarmup: async () => {
    process.stdout.write('warm\n');
    await lines.next();
    cpu = process.cpuUsage();
  },
});
const used = process.cpuUsage(cpu);
process.stdout.write(`${JSON.stringify({ figures, cpuSeconds: (used.user + used.system) / 1e6 })}\n`);
process.exit(0);
