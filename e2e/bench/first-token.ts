// Delay from the AI provider's first token to the browser's first rendered token, on loopback.
//
//   pnpm --filter @appforge/e2e bench:first-token     (after building web and backend; Node 20 needs --experimental-websocket for supabase-js, the script passes it)
//
// 1. Starts the protocol-true fake OpenAI-compatible server of @appforge/models/testing on
//    loopback, behind a pass-through timestamping proxy that notes (on this process's clock) the
//    moment the first content chunk of each streamed answer is handed to the backend.
// 2. Starts the embedded backend (built, on its own ports, in-memory data) with AI_BASE_URL
//    pointing at that proxy, and `vite preview` of the built web app when it is not running.
// 3. Signs a creator in with the e-mail code from the backend's dev inbox, stores a one-AI-step
//    app through the public REST API and deploys it with the deploy-app function.
// 4. RUNS times: opens /deployed-app/:id in headless Chromium as a signed-out visitor (the page's
//    backend calls are re-routed to this backend), arms a MutationObserver that notes
//    performance.timeOrigin + performance.now() when the run's unique first token first appears in
//    the DOM, presses Run, and waits for the results.
// 5. Aligns the two clocks (NTP-style: the evaluate round trip with the smallest RTT gives the
//    offset of the browser's epoch clock against Node's), and prints each delay and the median.
//    Goal ≤ 50 ms. A measurement, not a test: it never fails on a number.
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startFakeOpenAIServer } from '@appforge/models/testing';
import { chromium } from '@playwright/test';
import type { Page } from '@playwright/test';
import { POEM_SPEC, ROOT, answers, signInCreator, startServer, stop } from './servers';

const RUNS = 9;
const WEB = 'http://localhost:4173';
/** The port the built web app talks to (apps/web/.env.production) and the one this bench uses. */
const BUILT_BACKEND = 'http://127.0.0.1:54321';
const BACKEND_PORT = 54351;
const MAILBOX_PORT = 54354;
const BACKEND = `http://127.0.0.1:${BACKEND_PORT}`;
const INBOX = `http://127.0.0.1:${MAILBOX_PORT}`;
// The embedded backend's public development anon key (as in apps/web/.env.production).
const ANON_KEY_FILE = path.join(ROOT, 'apps/web/.env.production');
/** Time between the provider's chunks: the answer streams like a real model's. */
const CHUNK_DELAY_MS = 20;

const now = (): number => performance.timeOrigin + performance.now();


async function anonKey(): Promise<string> {
  const { readFile } = await import('node:fs/promises');
  const match = /^VITE_SUPABASE_ANON_KEY=(.+)$/m.exec(await readFile(ANON_KEY_FILE, 'utf8'));
  if (!match?.[1]) throw new Error(`No VITE_SUPABASE_ANON_KEY in ${ANON_KEY_FILE}`);
  return match[1].trim();
}

/** A pass-through proxy in front of the fake provider that timestamps the first token it forwards for each marker. */
async function startTimestampingProxy(upstream: string, firstTokenAt: Map<string, number>) {
  const target = new URL(upstream);
  const server = createServer((req, res) => {
    const forward = httpRequest(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.on('data', (chunk: Buffer) => {
          const text = chunk.toString('utf8');
          const marker = /"content":"(FT\d+x)/.exec(text)?.[1];
          if (marker !== undefined && !firstTokenAt.has(marker)) firstTokenAt.set(marker, now());
          res.write(chunk);
        });
        answer.on('end', () => res.end());
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}/v1`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function deployBenchApp(key: string): Promise<string> {
  const { supabase, userId } = await signInCreator(BACKEND, INBOX, key, 'bench');
  const app = await supabase.from('App').insert({ owner_id: userId, name: 'First token bench' }).select('id').single<{ id: string }>();
  if (app.error) throw app.error;
  const spec = POEM_SPEC;
  const version = await supabase
    .from('AppVersion')
    .insert({ app_id: app.data.id, source: 'manual', spec, created_by: userId })
    .select('id')
    .single<{ id: string }>();
  if (version.error) throw version.error;
  const draft = await supabase.from('App').update({ draft_version_id: version.data.id }).eq('id', app.data.id);
  if (draft.error) throw draft.error;
  const deployed = await supabase.functions.invoke('deploy-app', { body: { app_id: app.data.id, version_id: version.data.id } });
  if (deployed.error) throw deployed.error;
  return app.data.id;
}

/** Browser clock minus Node clock, from the round trip with the smallest RTT. */
async function clockOffset(page: Page): Promise<{ offset: number; rtt: number }> {
  let best = { offset: 0, rtt: Number.POSITIVE_INFINITY };
  for (let i = 0; i < 15; i += 1) {
    const before = now();
    const browserTime = await page.evaluate(() => performance.timeOrigin + performance.now());
    const after = now();
    if (after - before < best.rtt) best = { offset: browserTime - (before + after) / 2, rtt: after - before };
  }
  return best;
}

const fake = await startFakeOpenAIServer({ models: ['fake-model'], apiKey: 'bench-key' });
const firstTokenAt = new Map<string, number>();
const proxy = await startTimestampingProxy(fake.baseUrl, firstTokenAt);
const web = (await answers('http://127.0.0.1:4173/'))
  ? null
  : await startServer('vite preview', 'http://127.0.0.1:4173/', ['--filter', '@appforge/web', 'exec', 'vite', 'preview', '--port', '4173', '--strictPort', '--host', '127.0.0.1'], {});
const backend = await startServer('backend (AI → fake provider)', `${BACKEND}/health`, ['--filter', '@appforge/backend', 'start'], {
  DATA_DIR: 'memory://',
  BACKEND_PORT: String(BACKEND_PORT),
  MAILBOX_PORT: String(MAILBOX_PORT),
  SITE_URL: WEB,
  LOG_LEVEL: 'warn',
  AI_BASE_URL: proxy.baseUrl,
  AI_API_KEY: 'bench-key',
  AI_MODEL: 'fake-model',
  RUN_RATE_LIMIT_PER_MINUTE: '1000',
});

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--no-first-run'],
});

try {
  const appId = await deployBenchApp(await anonKey());
  const delays: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const marker = `FT${run}x`;
    const words = ['and', 'the', 'sea', 'keeps', 'its', 'slow', 'grey', 'time', 'under', 'a', 'sky', 'of', 'gulls'];
    fake.enqueue({ text: [marker, ...words].join(' '), chunks: [marker, ...words.map((word) => ` ${word}`)], chunkDelayMs: CHUNK_DELAY_MS });

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    // The built web app talks to 54321; this bench's backend listens elsewhere.
    await page.route(`${BUILT_BACKEND}/**`, (route) => route.continue({ url: route.request().url().replace(BUILT_BACKEND, BACKEND) }));
    await page.goto(`${WEB}/deployed-app/${appId}`, { waitUntil: 'load' });
    await page.getByRole('heading', { level: 1, name: 'First token bench' }).waitFor();
    await page.evaluate((token) => {
      const seen: { at: number | null; painted: number | null } = { at: null, painted: null };
      (window as unknown as { __firstToken: typeof seen }).__firstToken = seen;
      const observer = new MutationObserver((records) => {
        if (seen.at !== null) return;
        for (const record of records) {
          const nodes = record.type === 'characterData' ? [record.target] : [record.target, ...Array.from(record.addedNodes)];
          if (nodes.some((node) => node.textContent?.includes(token) === true)) {
            seen.at = performance.timeOrigin + performance.now();
            requestAnimationFrame(() => {
              seen.painted = performance.timeOrigin + performance.now();
            });
            observer.disconnect();
            return;
          }
        }
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    }, marker);
    const { offset, rtt } = await clockOffset(page);

    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.waitForFunction(() => (window as unknown as { __firstToken: { painted: number | null } }).__firstToken.painted !== null, undefined, { timeout: 30_000 });
    const seen = await page.evaluate(() => (window as unknown as { __firstToken: { at: number; painted: number } }).__firstToken);
    await page.getByText('gulls').first().waitFor({ timeout: 30_000 });
    const providerAt = firstTokenAt.get(marker);
    if (providerAt === undefined) throw new Error(`The provider never sent ${marker}`);
    const delay = seen.at - offset - providerAt;
    const painted = seen.painted - offset - providerAt;
    delays.push(delay);
    console.log(`run ${run + 1}: first token in the DOM ${delay.toFixed(1)} ms after the provider sent it (next frame ${painted.toFixed(1)} ms; clock offset ${offset.toFixed(2)} ± ${(rtt / 2).toFixed(2)} ms)`);
    await context.close();
  }
  const sorted = [...delays].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  console.log(
    `provider first token → browser first rendered token, loopback, headless Chromium, ${RUNS} runs: median ${median.toFixed(1)} ms ` +
      `(min ${sorted[0]?.toFixed(1)}, max ${sorted.at(-1)?.toFixed(1)}; goal ≤ 50 ms: ${median <= 50 ? 'met' : 'NOT met'})`,
  );
} finally {
  await browser.close();
  stop(web);
  stop(backend);
  await proxy.close();
  await fake.close();
}
