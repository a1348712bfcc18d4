// The scale bench's REST load through wrk (Debian's `wrk`, a C load generator on epoll): about a
// tenth of node:http's CPU per request, so more of the 2 cores is left to the backends and
// PostgreSQL. One wrk process per backend URL, each with one thread and its share of the
// connections, all for the same duration; a Lua script rotates the row ids (GET) or sends one
// insert per request, and prints its figures as one JSON line when done.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoadFigures } from './lib.js';

export const WRK = '/usr/bin/wrk';

export function wrkAvailable(): boolean {
  return spawnSync(WRK, ['--version'], { stdio: 'ignore' }).error === undefined;
}

export interface WrkJob {
  scenario: 'get' | 'insert';
  urls: string[];
  headers: Record<string, string>;
  concurrency: number;
  seconds: number;
  ids?: string[];
  owner?: string;
}

interface WrkResult {
  requests: number;
  bad: number;
  socketErrors: number;
  p50: number;
  p99: number;
  seconds: number;
}

const lua = (value: string): string => JSON.stringify(value);

function script(job: WrkJob): string {
  const headers = Object.entries({ ...job.headers, ...(job.scenario === 'insert' ? { 'content-type': 'application/json', prefer: 'return=minimal' } : {}) })
    .map(([name, value]) => `wrk.headers[${lua(name)}] = ${lua(value)}`)
    .join('\n');
  const request =
    job.scenario === 'get'
      ? `local ids = { ${(job.ids ?? []).map(lua).join(', ')} }
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", "/rest/v1/App?id=eq." .. ids[(n % #ids) + 1] .. "&select=*")
end`
      : `local n = 0
request = function()
  n = n + 1
  return wrk.format("POST", "/rest/v1/App", nil, '{"owner_id":"${job.owner ?? ''}","name":"Bench ' .. n .. '"}')
end`;
  // wrk counts a status above 399 as an error; a GET must answer 200 and an insert 201.
  return `${headers}
${request}
local bad = 0
response = function(status, headers, body)
  if status ~= ${job.scenario === 'get' ? 200 : 201} then bad = bad + 1 end
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"bad":%d,"socketErrors":%d,"p50":%.3f,"p99":%.3f,"seconds":%.3f}\\n',
    summary.requests, e.status, e.connect + e.read + e.write + e.timeout,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, summary.duration / 1e6))
end
`;
}

/** Runs wrk against every URL at once for job.seconds; the figures summed (rps) or worst (latency). */
export async function runWrk(job: WrkJob): Promise<LoadFigures> {
  const folder = mkdtempSync(join(tmpdir(), 'appforge-wrk-'));
  try {
    const file = join(folder, 'load.lua');
    writeFileSync(file, script(job));
    const perUrl = Math.max(1, Math.round(job.concurrency / job.urls.length));
    const results = await Promise.all(
      job.urls.map(
        (url) =>
          new Promise<WrkResult>((resolve, reject) => {
            const child = spawn(WRK, ['-t1', `-c${perUrl}`, `-d${job.seconds}s`, '--timeout', '10s', '-s', file, url], { stdio: ['ignore', 'pipe', 'inherit'] });
            let out = '';
            child.stdout.on('data', (chunk) => (out += String(chunk)));
            child.on('error', reject);
            child.on('exit', (code) => {
              const line = out.split('\n').find((text) => text.startsWith('{'));
              if (code !== 0 || !line) reject(new Error(`wrk exited ${code}: ${out}`));
              else resolve(JSON.parse(line) as WrkResult);
            });
          }),
      ),
    );
    const requests = results.reduce((sum, result) => sum + result.requests, 0);
    const errors = results.reduce((sum, result) => sum + result.bad + result.socketErrors, 0);
    const seconds = Math.max(...results.map((result) => result.seconds));
    return {
      rps: requests / seconds,
      p50: Math.max(...results.map((result) => result.p50)),
      p99: Math.max(...results.map((result) => result.p99)),
      errors,
      requests,
      concurrency: perUrl * job.urls.length,
      seconds,
      ...(errors > 0 ? { firstError: `${errors} of ${requests} requests failed (non-${job.scenario === 'get' ? 200 : 201} or socket errors)` } : {}),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
