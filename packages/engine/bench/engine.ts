/**
 * Engine overhead per step with a zero-latency model (`pnpm bench`).
 *
 * Runs 200 runs of a 50-step app (10 000 AI steps: render prompt, call the model, stream, store
 * the output, route) and compares the time per step with a bare loop that calls the same model
 * directly. Goal: ≤ 2 ms of engine overhead per step.
 */
import { performance } from 'node:perf_hooks';

import { runApp, systemClock } from '../src/index';
import type { AppSpecInput, ModelCapability, ModelChunk, ModelRequest, RunState } from '../src/index';

const STEPS_PER_RUN = 50;
const RUNS = 200;
const TOTAL_STEPS = STEPS_PER_RUN * RUNS;

const zeroLatencyModel: ModelCapability = {
  id: 'zero',
  label: 'zero-latency model',
  offline: false,
  // Deliberately no await: this is the fastest model possible, so only engine cost remains.
  // eslint-disable-next-line @typescript-eslint/require-await
  async *stream(request: ModelRequest): AsyncGenerator<ModelChunk> {
    yield { type: 'text', text: 'ok ' };
    yield { type: 'text', text: String(request.prompt.length) };
    yield { type: 'usage', inputTokens: 10, outputTokens: 2 };
  },
};

const spec: AppSpecInput = {
  entryStepId: 's0',
  variables: [{ name: 'topic', value: 'benchmarks' }],
  steps: Array.from({ length: STEPS_PER_RUN }, (_, i) => ({
    id: `s${i}`,
    kind: 'ai' as const,
    title: `Step ${i}`,
    config: {
      prompt: i === 0 ? 'Start on {{topic}}.' : `Continue {{topic}} after: {{out_${i - 1}}}`,
      outputVariable: `out_${i}`,
      outputFormat: 'text' as const,
    },
  })),
};

async function engineRuns(persist: boolean): Promise<number> {
  const started = performance.now();
  for (let run = 0; run < RUNS; run++) {
    let last = '';
    const options = {
      model: zeroLatencyModel,
      clock: systemClock,
      ...(persist ? { persist: (_state: RunState) => undefined } : {}),
    };
    for await (const event of runApp(spec, options)) last = event.type;
    if (last !== 'run_done') throw new Error(`run ${run} ended with ${last}`);
  }
  return performance.now() - started;
}

async function bareLoop(): Promise<number> {
  const controller = new AbortController();
  const started = performance.now();
  let previous = '';
  for (let step = 0; step < TOTAL_STEPS; step++) {
    let text = '';
    const request: ModelRequest = {
      prompt: `Continue benchmarks after: ${previous}`,
      settings: { temperature: 0.7, maxOutputTokens: 1024 },
      signal: controller.signal,
      responseFormat: 'text',
      variables: {},
    };
    for await (const chunk of zeroLatencyModel.stream(request)) if (chunk.type === 'text') text += chunk.text;
    previous = text;
  }
  return performance.now() - started;
}

const perStepUs = (ms: number): number => (ms * 1000) / TOTAL_STEPS;

// Warm up the JIT on both paths before measuring.
await engineRuns(false);
await bareLoop();

// Wall time can be inflated by other processes on a shared machine, so CPU time is shown too.
const results: Record<string, { wall: number; cpu: number }> = {};
for (const [name, measure] of [
  ['bare loop (baseline)', () => bareLoop()],
  ['engine', () => engineRuns(false)],
  ['engine + persist hook', () => engineRuns(true)],
] as const) {
  let best = { wall: Number.POSITIVE_INFINITY, cpu: Number.POSITIVE_INFINITY };
  for (let i = 0; i < 3; i++) {
    const cpuBefore = process.cpuUsage();
    const wall = await measure();
    const used = process.cpuUsage(cpuBefore);
    const cpu = (used.user + used.system) / 1000;
    if (wall < best.wall) best = { wall, cpu };
  }
  results[name] = best;
}

const baseline = results['bare loop (baseline)'] ?? { wall: 0, cpu: 0 };
console.log(`Engine overhead per step — ${RUNS} runs × ${STEPS_PER_RUN} AI steps = ${TOTAL_STEPS} steps, zero-latency model, best of 3`);
for (const [name, r] of Object.entries(results)) {
  console.log(
    `  ${name.padEnd(24)} ${r.wall.toFixed(1).padStart(8)} ms wall  ${perStepUs(r.wall).toFixed(1).padStart(7)} µs/step` +
      `  (cpu ${perStepUs(r.cpu).toFixed(1).padStart(7)} µs/step)  ×${(r.wall / baseline.wall).toFixed(1)} baseline`,
  );
}
const engine = results.engine ?? { wall: 0, cpu: 0 };
const overheadUs = perStepUs(engine.wall) - perStepUs(baseline.wall);
console.log(
  `  engine overhead: ${overheadUs.toFixed(1)} µs/step = ${(overheadUs / 1000).toFixed(3)} ms (goal ≤ 2 ms) → ${overheadUs <= 2000 ? 'PASS' : 'FAIL'}`,
);
