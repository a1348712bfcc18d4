// pnpm bench:api-keys [--postgres] [--seconds=10] [--rate=500]: the public API's key check and its
// read endpoint on the embedded backend. Set up as a developer would: a user, a deployed app with
// API access on, and a key made by create-api-key. Prints:
//  1. the key check alone (authenticateApiKey in process: hash + lookup), p50/p99, with its
//     one-second cache warm and with a cold lookup by hash every time;
//  2. GET /functions/v1/api/v1/openapi.json (the function host, no key) as the baseline beside
//     GET …/v1/apps/{id} (key check + app read), closed loop, and their ratio;
//  3. an open loop at a fixed rate (default 500 requests/s, the goal), sent by another
//     process (bench/open-loop.ts), of the baseline (GET /health of the same server) and then of
//     GET …/v1/apps/{id} (its key and App row each cached for a second): achieved rate, errors,
//     p50/p99, and the ratio to the baseline.
//  --only-open skips 1 and 2.
import { execFile } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { authenticateApiKey, forgetApiKey } from '@appforge/functions';
import { createClient } from '@supabase/supabase-js';
import { nodeWebSocket } from '../src/http/ws-transport.js';
import { FIGURES_HEADER, formatFigures, getOk, option, percentile, runLoad, startBenchBackend, TOPIC_SPEC } from './lib.js';

interface OpenLoopFigures {
  achieved: number;
  errors: number;
  p50: number;
  p99: number;
  statuses: Record<string, number>;
  failures: Record<string, number>;
}

const run = promisify(execFile);

/** One open-loop run by bench/open-loop.ts in its own process (the load must not share the server's event loop). */
async function openLoop(target: string, headers: Record<string, string>, rate: number, seconds: number): Promise<OpenLoopFigures> {
  const script = fileURLToPath(new URL('./open-loop.ts', import.meta.url));
  const args = ['--import', 'tsx', script, target, String(rate), String(seconds), ...Object.entries(headers).map(([name, value]) => `${name}:${value}`)];
  const { stdout } = await run(process.execPath, args, { timeout: (seconds + 120) * 1000, maxBuffer: 1024 * 1024 });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as OpenLoopFigures;
}

function formatOpenLoop(label: string, figures: OpenLoopFigures): string {
  const failures = Object.keys(figures.failures).length > 0 ? ` failures ${JSON.stringify(figures.failures)}` : '';
  return `  ${label.padEnd(34)} ${figures.achieved.toFixed(0).padStart(14)} ${String(figures.errors).padStart(8)} ${figures.p50.toFixed(2).padStart(8)} ${figures.p99.toFixed(2).padStart(8)}  statuses ${JSON.stringify(figures.statuses)}${failures}`;
}

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function main(): Promise<void> {
  const seconds = option('seconds', 10);
  const rate = option('rate', 500);
  const bench = await startBenchBackend('bench-api-keys');
  try {
    const { db, backend, url } = bench;
    const userId = crypto.randomUUID();
    await db.query('insert into auth.users (id, email) values ($1, $2)', [userId, 'bench@example.org']);
    const app = await db.query<{ id: string }>(
      `insert into public."App" (owner_id, name, visibility, api_access_enabled) values ($1, 'Topic explainer', 'public', true) returning id`,
      [userId],
    );
    const appId = app.rows[0]?.id ?? '';
    const version = await db.query<{ id: string }>(
      'insert into public."AppVersion" (app_id, spec, frozen, created_by) values ($1, $2, true, $3) returning id',
      [appId, JSON.stringify(TOPIC_SPEC), userId],
    );
    await db.query('update public."App" set deployed_version_id = $2, draft_version_id = $2 where id = $1', [appId, version.rows[0]?.id]);
    const token = await backend.deps.jwt.sign({ sub: userId, role: 'authenticated', aud: 'authenticated', email: 'bench@example.org' }, 3600);
    const created = await fetch(`${url}/functions/v1/create-api-key`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench', app_ids: null, expires_at: null }),
    });
    if (created.status !== 201) throw new Error(`create-api-key answered ${created.status}: ${await created.text()}`);
    const { id: keyId, key } = (await created.json()) as { id: string; key: string };
    const headers = { authorization: `Bearer ${key}` };

    // 1. The key check alone, in this process, against the running backend's data API.
    const service = createClient(url, backend.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: nodeWebSocket },
    });
    const request = new Request(`${url}/functions/v1/api/v1/apps/${appId}`, { headers });
    const measure = async (cold: boolean, count: number): Promise<number[]> => {
      const times: number[] = [];
      for (let index = 0; index < count + 50; index += 1) {
        if (cold) forgetApiKey(keyId);
        const t0 = performance.now();
        const found = await authenticateApiKey(request, service, silent);
        const elapsed = performance.now() - t0;
        if (found?.id !== keyId) throw new Error('the key check failed');
        if (index >= 50) times.push(elapsed);
      }
      return times.sort((a, b) => a - b);
    };
    if (!process.argv.includes('--only-open')) {
      const warm = await measure(false, 5000);
      const cold = await measure(true, 1000);
      console.log('key check (authenticateApiKey)      p50 ms   p99 ms');
      console.log(`  cache warm (within 1 s)          ${percentile(warm, 50).toFixed(3).padStart(8)} ${percentile(warm, 99).toFixed(3).padStart(8)}`);
      console.log(`  cold (lookup by hash each time)  ${percentile(cold, 50).toFixed(3).padStart(8)} ${percentile(cold, 99).toFixed(3).padStart(8)}`);

      // 2. Closed loop: the function host alone vs the app read with its key check.
      console.log(`\n${FIGURES_HEADER}`);
      const baseline = await runLoad({ concurrency: 8, requests: 3000, fn: () => getOk(`${url}/functions/v1/api/v1/openapi.json`) });
      console.log(formatFigures('GET v1/openapi.json (no key)', baseline));
      const withKey = await runLoad({ concurrency: 8, requests: 3000, fn: () => getOk(`${url}/functions/v1/api/v1/apps/${appId}`, headers) });
      console.log(formatFigures('GET v1/apps/{id} (key)', withKey));
      console.log(`ratio p50 apps/{id} ÷ openapi.json: ${(withKey.p50 / baseline.p50).toFixed(2)}; added p50 ${(withKey.p50 - baseline.p50).toFixed(2)} ms`);
    }

    // 3. Open loop at the goal rate, the load from another process: GET /health (the same server,
    //    one `select 1`, no function host) as the baseline, then GET apps/{id} (key check + App
    //    row, each cached for a second, deployed spec cached), same run.
    console.log(`\nopen loop at ${rate} req/s for ${seconds} s (${rate * seconds} requests each)    achieved req/s   errors   p50 ms   p99 ms`);
    const openBase = await openLoop(`${url}/health`, {}, rate, seconds);
    console.log(formatOpenLoop('GET /health (baseline)', openBase));
    const openApp = await openLoop(`${url}/functions/v1/api/v1/apps/${appId}`, headers, rate, seconds);
    console.log(formatOpenLoop('GET v1/apps/{id} (key)', openApp));
    console.log(
      `  ratio apps/{id} ÷ baseline: achieved ${(openApp.achieved / openBase.achieved).toFixed(2)}, p99 ${(openApp.p99 / openBase.p99).toFixed(2)}; goal ${rate} req/s with 0 errors: ${openApp.errors === 0 && openApp.achieved >= rate * 0.95 ? 'met' : 'NOT met'}`,
    );
  } finally {
    await bench.stop();
  }
}

await main();
process.exit(0);
