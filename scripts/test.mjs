// `npm test`: everything CI checks, on a fresh machine. Installs what is missing, then runs
// typecheck, lint, build, every package's tests, the Storybook build, the size budget and the
// end-to-end tests in Chromium. Exits non-zero when anything fails.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
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
// The failing tests are named at the end, so a long CI log says at once what to look at.
function* failedSpecs(suite, file) {
  for (const spec of suite.specs ?? []) {
    if (!spec.ok) yield `${spec.file ?? file}:${spec.line ?? 0} › ${spec.title}`;
  }
  for (const child of suite.suites ?? []) yield* failedSpecs(child, child.file ?? file);
}
let passed = 0;
let failed = 0;
let skipped = 0;
const failedNames = [];
for (const report of new Set(reports(root))) {
  let data;
  try {
    data = JSON.parse(readFileSync(report, 'utf8'));
  } catch {
    failedNames.push(`${relative(root, report)}: the report is not valid JSON`);
    continue;
  }
  if (typeof data.numPassedTests === 'number') {
    passed += data.numPassedTests;
    failed += data.numFailedTests;
    skipped += (data.numPendingTests ?? 0) + (data.numTodoTests ?? 0);
    for (const file of data.testResults ?? []) {
      const where = relative(root, file.name ?? '');
      const failures = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
      for (const test of failures) failedNames.push(`${where} › ${test.fullName ?? test.title}`);
      if (file.status === 'failed' && failures.length === 0) {
        failedNames.push(`${where}: ${String(file.message ?? 'the file failed to run').split('\n')[0]}`);
      }
    }
  } else if (data.stats) {
    passed += data.stats.expected ?? 0;
    failed += (data.stats.unexpected ?? 0) + (data.stats.flaky ?? 0);
    skipped += data.stats.skipped ?? 0;
    for (const suite of data.suites ?? []) failedNames.push(...failedSpecs(suite, suite.file));
  }
}
if (failedNames.length > 0) {
  console.log('\nFailing tests:');
  for (const name of failedNames) console.log(`  ✗ ${name}`);
}

console.log(`\nnpm test took ${((Date.now() - started) / 1000).toFixed(0)} s.`);
if (failures.length > 0) console.log(`Failed stages: ${failures.join('; ')}`);
if (failures.length > 0 && failed === 0) failed = failures.length;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failures.length > 0 ? 1 : 0);
