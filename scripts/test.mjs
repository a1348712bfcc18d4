// `npm test`: everything CI checks, on a fresh machine. Installs what is missing, then runs
// typecheck, lint, build, every package's tests, the Storybook build, the size budget and the
// end-to-end tests in Chromium. Exits non-zero when anything fails.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { bootstrap } from './bootstrap.mjs';
import { root, run, step } from './lib/run.mjs';

const started = Date.now();
const pnpm = await bootstrap({ forTests: true });
const env = {
  ...process.env,
  CI: process.env.CI ?? 'true',
  TURBO_TELEMETRY_DISABLED: '1',
  TURBO_NO_UPDATE_NOTIFIER: '1',
  STORYBOOK_DISABLE_TELEMETRY: '1',
};
const turbo = (tasks) => run(pnpm, ['turbo', 'run', ...tasks, '--continue', '--concurrency=2'], { env });

const failures = [];
const stages = [
  ['Typecheck, lint and build', () => turbo(['typecheck', 'lint', 'build'])],
  ['Unit and integration tests, Storybook build', () => turbo(['test', 'build-storybook'])],
  ['Size budget', () => run(process.execPath, [join(root, 'scripts/size.mjs')], { env })],
  ['End-to-end tests in Chromium', () => turbo(['e2e'])],
];
for (const [title, runStage] of stages) {
  step(title);
  const stageStart = Date.now();
  const code = await runStage();
  console.log(`  ${title}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${((Date.now() - stageStart) / 1000).toFixed(1)} s`);
  if (code !== 0) failures.push(title);
}

// Sum the JSON reports the runners wrote (vitest per package, Playwright for e2e).
function* reports(dir, depth = 0) {
  if (depth > 3) return;
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    const path = join(dir, entry);
    if (!statSync(path).isDirectory()) continue;
    for (const name of ['vitest.json', 'playwright.json']) {
      const report = join(path, 'test-results', name);
      if (existsSync(report)) yield report;
    }
    yield* reports(path, depth + 1);
  }
}
let passed = 0;
let failed = 0;
let skipped = 0;
for (const report of new Set(reports(root))) {
  const data = JSON.parse(readFileSync(report, 'utf8'));
  if (typeof data.numPassedTests === 'number') {
    passed += data.numPassedTests;
    failed += data.numFailedTests;
    skipped += (data.numPendingTests ?? 0) + (data.numTodoTests ?? 0);
  } else if (data.stats) {
    passed += data.stats.expected ?? 0;
    failed += (data.stats.unexpected ?? 0) + (data.stats.flaky ?? 0);
    skipped += data.stats.skipped ?? 0;
  }
}

console.log(`\nnpm test took ${((Date.now() - started) / 1000).toFixed(0)} s.`);
if (failures.length > 0) console.log(`Failed stages: ${failures.join('; ')}`);
if (failures.length > 0 && failed === 0) failed = failures.length;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failures.length > 0 ? 1 : 0);
