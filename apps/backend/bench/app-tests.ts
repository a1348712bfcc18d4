// pnpm bench:app-tests [--postgres] [--cases=200] [--gate-cases=20] [--rounds=5]: what app tests
// cost on the embedded backend with the offline model (issue 30), measured as a creator meets it.
//
//   1. A test run of an app with --cases cases (run-app-tests, read to test_run_done), against one
//      ordinary run of the same app (run-app) as the baseline in the same run.
//   2. Deploying an app that has --gate-cases cases (the publish gate runs them first), against a
//      plain deploy of an app without cases, --rounds times each, interleaved.
//
// Everything goes through the real functions over HTTP with a signed-in owner's token; no model
// provider is configured, so every AI step runs on the offline model. Timing is printed, never
// asserted.
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { readSse } from '../test/functions-ai/helpers.js';
import { option, percentile, signedInBenchUser, startBenchBackend, TOPIC_SPEC } from './lib.js';

const idRow = z.object({ id: z.string() });

const TOPICS = ['volcanoes', 'tides', 'photosynthesis', 'fractions', 'the Moon', 'gravity', 'rainbows', 'magnets'];

/** The middle of the figures (the lower middle for an even count). */
const median = (values: readonly number[]): number => percentile([...values].sort((a, b) => a - b), 50);

const ms = (value: number): string => `${value.toFixed(0)} ms`;

async function main(): Promise<void> {
  const caseCount = option('cases', 200);
  const gateCases = option('gate-cases', 20);
  const rounds = option('rounds', 5);
  const { backend, url, stop } = await startBenchBackend('bench_app_tests', 'memory://', {
    // A test run is the owner's runs; the per-minute run limit would (rightly) stop a burst this size.
    RUN_RATE_LIMIT_PER_MINUTE: String(100 * (caseCount + gateCases * rounds + 10)),
  });
  try {
    const owner = await signedInBenchUser(url, backend);
    const call = (name: string, body: unknown): Promise<Response> =>
      fetch(`${url}/functions/v1/${name}`, {
        method: 'POST',
        headers: { apikey: backend.anonKey, authorization: `Bearer ${owner.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    /** A new app of the owner's with a draft of TOPIC_SPEC and `cases` must-pass cases; its ids. */
    const appWithCases = async (name: string, cases: number): Promise<{ appId: string; versionId: string }> => {
      const madeApp = await owner.client.from('App').insert({ owner_id: owner.userId, name }).select('id').single();
      if (madeApp.error) throw new Error(`creating the app: ${madeApp.error.message}`);
      const appId = idRow.parse(madeApp.data).id;
      const madeVersion = await owner.client.from('AppVersion').insert({ app_id: appId, spec: TOPIC_SPEC, created_by: owner.userId }).select('id').single();
      if (madeVersion.error) throw new Error(`creating the version: ${madeVersion.error.message}`);
      const versionId = idRow.parse(madeVersion.data).id;
      const draft = await owner.client.from('App').update({ draft_version_id: versionId }).eq('id', appId);
      if (draft.error) throw new Error(`setting the draft: ${draft.error.message}`);
      const rows = Array.from({ length: cases }, (_, index) => ({
        app_id: appId,
        name: `Case ${index + 1}`,
        inputs: { topic: TOPICS[index % TOPICS.length] },
        expectations: [{ kind: 'contains', text: 'Answer' }, { kind: 'not_contains', text: 'error' }],
        mode: 'must_pass',
      }));
      for (let start = 0; start < rows.length; start += 100) {
        const made = await owner.client.from('AppTestCase').insert(rows.slice(start, start + 100));
        if (made.error) throw new Error(`creating the cases: ${made.error.message}`);
      }
      return { appId, versionId };
    };

    // 1. One ordinary run (the baseline), then a test run of `caseCount` cases, on the same draft.
    const big = await appWithCases('Explainer (test run)', caseCount);
    const runOnce = async (): Promise<number> => {
      const started = performance.now();
      const response = await call('run-app', { app_id: big.appId, version_id: big.versionId, inputs: { topic: 'volcanoes' } });
      if (response.status !== 200) throw new Error(`run-app answered ${response.status}: ${await response.text()}`);
      const events = await readSse(response);
      if (!events.some((event) => event.event === 'run_done')) throw new Error('run-app ended without run_done');
      return performance.now() - started;
    };
    await runOnce(); // warm-up
    const singleRuns = [await runOnce(), await runOnce(), await runOnce()];

    const testStarted = performance.now();
    const response = await call('run-app-tests', { app_id: big.appId, version_id: big.versionId });
    if (response.status !== 200) throw new Error(`run-app-tests answered ${response.status}: ${await response.text()}`);
    const events = await readSse(response);
    const testRunMs = performance.now() - testStarted;
    const done = events.find((event) => event.event === 'test_run_done');
    if (!done) throw new Error('run-app-tests ended without test_run_done');
    const summary = done.data as { status?: string; passed?: number; failed?: number; needs_update?: number };

    // 2. Deploy with `gateCases` cases against a plain deploy, interleaved so load hits both alike.
    const deploy = async (cases: number, round: number): Promise<number> => {
      const app = await appWithCases(`Explainer (deploy ${cases} cases, round ${round})`, cases);
      const started = performance.now();
      const answer = await call('deploy-app', { app_id: app.appId, version_id: app.versionId });
      const elapsed = performance.now() - started;
      if (answer.status !== 200) throw new Error(`deploy-app answered ${answer.status}: ${await answer.text()}`);
      return elapsed;
    };
    await deploy(0, 0); // warm-up
    const plain: number[] = [];
    const gated: number[] = [];
    for (let round = 1; round <= rounds; round += 1) {
      plain.push(await deploy(0, round));
      gated.push(await deploy(gateCases, round));
    }

    const single = median(singleRuns);
    const plainMedian = median(plain);
    const gatedMedian = median(gated);
    console.log(`\napp tests on the offline model (${process.argv.includes('--postgres') ? 'PostgreSQL' : 'PGlite'})`);
    console.log(`  one ordinary run (baseline, median of 3):  ${ms(single)}`);
    console.log(`  a test run of ${caseCount} cases:                ${ms(testRunMs)}  (${(testRunMs / single).toFixed(1)}× one run; ${ms(testRunMs / caseCount)} a case)`);
    console.log(`    result: ${summary.status}, ${summary.passed} passed, ${summary.failed} failed${summary.needs_update ? `, ${summary.needs_update} need an update` : ''}`);
    console.log(`  plain deploy, no cases (median of ${rounds}):     ${ms(plainMedian)}`);
    console.log(`  deploy with ${gateCases} cases (median of ${rounds}):    ${ms(gatedMedian)}  (adds ${ms(gatedMedian - plainMedian)}, ${(gatedMedian / plainMedian).toFixed(1)}× a plain deploy)`);
  } finally {
    await stop();
  }
}

await main();
