// pnpm bench:runs [--postgres] [--runs=200]: concurrent runs of /functions/v1/run-app on the
// embedded backend, with AI pointed at a protocol-true fake OpenAI-compatible server on loopback
// that answers at once (zero latency). Set up as a real client would: the service role creates a
// user, who signs in with a password, creates an app from a description (the fake model answers
// with the app) and deploys it; then that many visitors run it at the same moment, each reading
// the server-sent events to run_done. Prints throughput, latency to run_done, time to the first
// token, the delay from the provider's first chunk to the client's first token event, and errors.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { startFakeOpenAIServer } from '@appforge/functions/testing';
import { readSse } from '../test/functions-ai/helpers.js';
import { signedInBenchUser, startBenchBackend, TOPIC_SPEC } from './lib.js';

const API_KEY = 'sk-bench-runs';
const MODEL = 'fake-model';
const WARMUP = 10;
const ANSWER = 'Volcanoes are openings in the crust where molten rock, ash and gas escape from deep below.';

function option(name: string, fallback: number): number {
  const raw = process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const value = raw === undefined ? fallback : Number.parseInt(raw, 10);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive whole number`);
  return value;
}

interface RunFigures {
  /** ms from sending the request to the run_done event. */
  done: number;
  /** ms from sending the request to the first token event. */
  firstToken: number;
  /** Wall clock (epoch ms) of the first token event, to set against the provider's clock. */
  firstTokenAt: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

async function expectJson<T>(response: Response, what: string, status: number): Promise<T> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`${what} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

async function main(): Promise<void> {
  const runs = option('runs', 200);
  const fake = await startFakeOpenAIServer({ apiKey: API_KEY, models: [MODEL] });
  const { db, backend, url, stop } = await startBenchBackend('bench_runs', 'memory://', {
    AI_BASE_URL: fake.baseUrl,
    AI_API_KEY: API_KEY,
    AI_MODEL: MODEL,
    // The per-visitor and per-app limits would (rightly) refuse a burst of this size.
    RUN_RATE_LIMIT_PER_MINUTE: String(100 * (runs + WARMUP)),
  });
  try {
    const { accessToken: ownerToken } = await signedInBenchUser(url, backend);

    const call = (name: string, body: unknown, token: string): Promise<Response> =>
      fetch(`${url}/functions/v1/${name}`, {
        method: 'POST',
        headers: { apikey: backend.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    fake.enqueue({ text: JSON.stringify({ name: 'Topic explainer', description: 'Explains a topic simply.', spec: TOPIC_SPEC }) });
    const app = await expectJson<{ app_id: string; version_id: string }>(
      await call('create-app-from-description', { description: 'Explain any topic simply to a curious student' }, ownerToken),
      'create-app-from-description',
      201,
    );
    await expectJson(await call('deploy-app', { app_id: app.app_id, version_id: app.version_id }, ownerToken), 'deploy-app', 200);

    /** One visitor's run, read to its end; throws unless it ends in run_done with tokens. */
    const run = async (topic: string): Promise<RunFigures> => {
      const started = performance.now();
      let firstToken: number | undefined;
      let firstTokenAt = 0;
      const response = await call('run-app', { app_id: app.app_id, visitor_session: randomUUID(), inputs: { topic } }, backend.anonKey);
      if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
        throw new Error(`run-app answered ${response.status}: ${await response.text()}`);
      }
      const events = await readSse(response, (event) => {
        if (event.event === 'token' && firstToken === undefined) {
          firstToken = performance.now() - started;
          firstTokenAt = Date.now();
        }
      });
      const last = events.at(-1);
      if (last?.event !== 'run_done') throw new Error(`run ended with ${last?.event ?? 'nothing'}: ${JSON.stringify(last?.data)}`);
      if (firstToken === undefined) throw new Error('run_done without a token event');
      return { done: performance.now() - started, firstToken, firstTokenAt };
    };

    const answer = { text: ANSWER, usage: { promptTokens: 12, completionTokens: 18 } };
    fake.enqueue(...Array.from({ length: WARMUP }, () => answer));
    for (let i = 0; i < WARMUP; i += 1) await run(`warm-up ${i}`);

    fake.enqueue(...Array.from({ length: runs }, () => answer));
    const topics = Array.from({ length: runs }, (_, i) => `bench-topic-${i}-${randomUUID()}`);
    const wallStart = performance.now();
    const outcomes = await Promise.allSettled(topics.map((topic) => run(topic)));
    const seconds = (performance.now() - wallStart) / 1000;

    const ok: (RunFigures & { topic: string })[] = [];
    const failures: string[] = [];
    outcomes.forEach((outcome, i) => {
      if (outcome.status === 'fulfilled') ok.push({ ...outcome.value, topic: topics[i] ?? '' });
      else failures.push(outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason));
    });
    // The provider's clock: when the fake received each run's request (and started streaming at once).
    const receivedAt = new Map<string, number>();
    for (const request of fake.requests) {
      const prompt = JSON.stringify(request.messages);
      const topic = topics.find((candidate) => prompt.includes(candidate));
      if (topic) receivedAt.set(topic, request.receivedAt);
    }
    const relay = ok.flatMap((figures) => {
      const at = receivedAt.get(figures.topic);
      return at === undefined ? [] : [figures.firstTokenAt - at];
    });
    const done = ok.map((figures) => figures.done).sort((a, b) => a - b);
    const first = ok.map((figures) => figures.firstToken).sort((a, b) => a - b);
    relay.sort((a, b) => a - b);
    const stored = await db.query<{ n: number | string }>(`select count(*) as n from public."AppRun" where app_id = $1 and status = 'done'`, [app.app_id]);

    const ms = (value: number): string => `${value.toFixed(1)} ms`;
    process.stdout.write(`\nbench:runs on ${db.kind} (node ${process.version}), fake OpenAI-compatible model with zero latency\n`);
    process.stdout.write(`concurrent runs                          ${runs}\n`);
    process.stdout.write(`throughput                               ${(ok.length / seconds).toFixed(1)} runs/s (${seconds.toFixed(2)} s wall)\n`);
    process.stdout.write(`latency to run_done  p50 / p99           ${ms(percentile(done, 50))} / ${ms(percentile(done, 99))}\n`);
    process.stdout.write(`time to first token  p50 / p99           ${ms(percentile(first, 50))} / ${ms(percentile(first, 99))}\n`);
    process.stdout.write(
      `provider first chunk → client token p50 / p99  ${ms(percentile(relay, 50))} / ${ms(percentile(relay, 99))} (wall clocks, ${relay.length} runs)\n`,
    );
    process.stdout.write(`runs stored as done                      ${Number(stored.rows[0]?.n ?? 0) - WARMUP}\n`);
    process.stdout.write(`errors                                   ${failures.length}\n`);
    for (const failure of [...new Set(failures)].slice(0, 5)) process.stdout.write(`  ${failure}\n`);
    if (failures.length > 0) process.exitCode = 1;
  } finally {
    await stop();
    await fake.close();
  }
}

await main();
