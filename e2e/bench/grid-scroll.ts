// Frame times of the databases grid scrolling 10,000 loaded rows, in Debian Chromium (headless,
// the e2e flags), against two baselines measured in the same run and browser:
//   - "blank": the same scroll, step for step, over an empty box of the same height (what this
//     machine's compositor and requestAnimationFrame give with no content at all);
//   - "plain 500": a non-virtualised 500-row HTML table (the same 5 columns) scrolled up and down
//     for as many frames as the grid's scroll takes.
//
//   pnpm --filter @appforge/web build && pnpm --filter @appforge/backend build
//   flock /tmp/appforge-e2e.lock pnpm --filter @appforge/e2e bench:grid [--rows=10000] [--step=360]
//
// Starts `vite preview` (4173) and the embedded backend (54321, in-memory data) unless they answer
// already, signs a new person in, makes a "Reading log" database from the template, inserts the
// rows through the `database_rows_insert` RPC, opens /database/:id/data, scrolls until every row
// is loaded (the grid loads server pages of 500 as it nears the end), goes back to the top, then
// scrolls to the bottom moving `step` pixels per animation frame and records each frame's
// duration (requestAnimationFrame timestamps) and the long tasks (PerformanceObserver). Prints
// p50/p95/p99/max, frames over 16.7 ms and 33.4 ms, and ratios against the baselines. A
// measurement, not a test: it never fails on a number.
//
// Each late frame is listed with its scroll position, the first row in the DOM and the DOM
// changes since the frame before. `--trace` adds a grid pass under Chromium tracing: per late
// frame, where the time went on each thread, main-thread time by kind for late and on-time frames,
// and main-thread CPU time per frame (which other processes on a busy machine do not inflate; use
// it to compare builds), and writes the trace to a file for Perfetto; `--trace-categories=a,b` adds
// trace categories. `--profile` adds a pass under the V8 sampling profiler.
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { request as playwrightRequest } from '@playwright/test';
import type { Page } from '@playwright/test';
import { accessToken, anonKey, BUILT_BACKEND } from '../tests/ai-backend-helpers';
import { signInWithEmailCode, uniqueEmail, WEB } from '../tests/auth-helpers';
import { ensureWebAndBackend, launchChromium, stop } from './servers';
import { FRAME_TRACE_CATEGORIES, formatFrame, mainThreadCpu, mainThreadKinds, summariseFrames } from './trace-frames';

function option(name: string, fallback: number): number {
  const found = process.argv.find((arg) => arg.startsWith(`--${name}=`));
  const value = found ? Number(found.split('=')[1]) : fallback;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} needs a positive whole number`);
  return value;
}
const ROWS = option('rows', 10_000);
/** --trace: one more grid pass under Chromium tracing, each late frame explained thread by thread. */
const TRACE = process.argv.includes('--trace');
/** --profile: one more grid pass under the V8 sampling profiler, printing the functions with the most self time. */
const PROFILE = process.argv.includes('--profile');
/** --trace-categories=a,b: more Chromium trace categories for --trace (e.g. blink_style splits style recalculation out). */
const TRACE_CATEGORIES = (process.argv.find((arg) => arg.startsWith('--trace-categories='))?.split('=')[1] ?? '').split(',').filter(Boolean);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

/** Self time per function (name, file, line) from a V8 CPU profile, largest first, ms. */
function topFunctions(profile: { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] }, count: number): string[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  (profile.samples ?? []).forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    if (!frame) return;
    const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').at(-1) ?? ''}:${String(frame.lineNumber + 1)}:${String(frame.columnNumber + 1)}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000);
  });
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, ms]) => `  ${ms.toFixed(0).padStart(6)} ms  ${key}`);
}
const STEP = option('step', 360);

interface Run {
  frames: number[];
  /** Per frame: the scroller's scrollTop when the frame began, before this frame's step. */
  scrollTops: number[];
  /** Per frame: the first data row in the DOM (aria-rowindex − 2), or −1. */
  firstRows: number[];
  /** Per frame: DOM mutation records under the scroller since the previous frame (a commit). */
  mutations: number[];
  longTasks: number;
  /** Most <tr> elements in the grid's body at any frame. */
  domRows: number;
}

/** Scrolls `selector` from top to bottom (or for `frames` frames, bouncing) `step` px a frame. */
async function scrollRun(page: Page, selector: string, step: number, frames = 0, mark = ''): Promise<Run> {
  // tsx compiles with esbuild's keepNames: the function below calls __name, which pages lack.
  await page.evaluate('globalThis.__name ??= (fn) => fn');
  return page.evaluate(
    ({ selector, step, frames, mark }) =>
      new Promise<Run>((resolve) => {
        const box = document.querySelector<HTMLElement>(selector);
        if (!box) throw new Error(`no ${selector}`);
        box.scrollTop = 0;
        let longTasks = 0;
        const observer = new PerformanceObserver((list) => {
          longTasks += list.getEntries().length;
        });
        observer.observe({ type: 'longtask' });
        const times: number[] = [];
        const scrollTops: number[] = [];
        const firstRows: number[] = [];
        const mutations: number[] = [];
        let changed = 0;
        const watcher = new MutationObserver((records) => {
          changed += records.length;
        });
        // Child lists only: enough to see a commit, and cheap (attribute and text records would cost the grid time the baselines do not pay).
        watcher.observe(box, { childList: true, subtree: true });
        let domRows = 0;
        let direction = 1;
        let last = 0;
        const frame = (now: number) => {
          if (last > 0) {
            times.push(now - last);
            scrollTops.push(box.scrollTop);
            const first = box.querySelector('tbody tr[aria-rowindex]');
            firstRows.push(first ? Number(first.getAttribute('aria-rowindex')) - 2 : -1);
            // Records delivered so far (the observer's callback runs as a microtask after each change).
            mutations.push(changed + watcher.takeRecords().length);
            changed = 0;
            if (mark) performance.mark(`${mark}${String(times.length)}`);
          } else if (mark) performance.mark(`${mark}0`);
          last = now;
          domRows = Math.max(domRows, box.querySelectorAll('tbody tr').length);
          const atEnd = box.scrollTop + box.clientHeight >= box.scrollHeight - 1;
          if (frames === 0 ? atEnd : times.length >= frames) {
            observer.disconnect();
            watcher.disconnect();
            resolve({ frames: times, scrollTops, firstRows, mutations, longTasks, domRows });
            return;
          }
          if (frames > 0 && (atEnd || (box.scrollTop === 0 && direction < 0))) direction = -direction;
          box.scrollTop += direction * step;
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    { selector, step, frames, mark },
  );
}

/** Frame numbers (1-based, as the marks) over one vsync. */
function lateFrames(run: Run): number[] {
  return run.frames.flatMap((ms, i) => (ms > 17 ? [i + 1] : []));
}

/** One line per late frame: when, where, and whether the DOM changed since the frame before. */
function printLate(run: Run): void {
  for (const n of lateFrames(run)) {
    const i = n - 1;
    const changes = run.mutations[i] ?? 0;
    console.log(
      `  late frame ${String(n).padStart(4)} of ${String(run.frames.length)}: ${(run.frames[i] ?? 0).toFixed(1)} ms, scrollTop ${String(run.scrollTops[i])} px, first row in DOM ${String(run.firstRows[i])}, DOM mutation records since the previous frame ${String(changes)} (previous frame ${String(run.mutations[i - 1] ?? 0)})`,
    );
  }
}

function stats(run: Run) {
  const sorted = [...run.frames].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return {
    frames: sorted.length,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: sorted.at(-1) ?? Number.NaN,
    // rAF timestamps come in whole vsync intervals (16.67 ms at 60 Hz): a frame of 16.70001 ms is on time.
    over16: sorted.filter((ms) => ms > 17).length,
    over33: sorted.filter((ms) => ms > 34).length,
    longTasks: run.longTasks,
    domRows: run.domRows,
  };
}

function print(name: string, run: Run, base?: ReturnType<typeof stats>): ReturnType<typeof stats> {
  const s = stats(run);
  const ratio = (value: number, of: number | undefined) => (of === undefined || of === 0 ? '' : ` (×${(value / of).toFixed(2)})`);
  console.log(
    `${name.padEnd(28)} frames ${String(s.frames).padStart(5)}  p50 ${s.p50.toFixed(1)} ms${ratio(s.p50, base?.p50)}  p95 ${s.p95.toFixed(1)} ms  p99 ${s.p99.toFixed(1)} ms${ratio(s.p99, base?.p99)}  max ${s.max.toFixed(1)} ms  >16.7 ms ${String(s.over16)} (${((100 * s.over16) / Math.max(1, s.frames)).toFixed(1)}%)  >33.4 ms ${String(s.over33)}  long tasks ${String(s.longTasks)}  <tr> in DOM ≤ ${String(s.domRows)}`,
  );
  return s;
}

const { web, backend } = await ensureWebAndBackend();
const browser = await launchChromium();
const api = await playwrightRequest.newContext();

try {
  console.log(`load average before: ${os.loadavg().map((load) => load.toFixed(2)).join(' ')} (${String(os.cpus().length)} cores)`);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${WEB}/databases`);
  await signInWithEmailCode(page, api, uniqueEmail('grid-bench'));
  await page.getByRole('button', { name: 'Use the Reading log template' }).click();
  await page.waitForURL(/\/database\/[0-9a-f-]{36}\/data$/);
  const databaseId = /\/database\/([0-9a-f-]{36})\//.exec(page.url())?.[1] ?? '';
  const headers = { apikey: anonKey(), authorization: `Bearer ${await accessToken(page)}`, 'content-type': 'application/json' };
  const tables = await api.get(`${BUILT_BACKEND}/rest/v1/DatabaseTable?database_id=eq.${databaseId}&select=id`, { headers });
  const [books] = (await tables.json()) as { id: string }[];
  if (!books) throw new Error('the template made no table');
  const started = performance.now();
  for (let from = 0; from < ROWS; from += 5_000) {
    const rows = Array.from({ length: Math.min(5_000, ROWS - from) }, (_, i) => ({
      Title: `Book ${String(from + i + 1)}`,
      Author: `Author ${String((from + i) % 97)}`,
      Pages: 100 + ((from + i) % 900),
      Finished: `2024-${String(((from + i) % 12) + 1).padStart(2, '0')}-15`,
      Review: (from + i) % 3 === 0 ? 'Loved it, would read again' : '',
    }));
    const inserted = await api.post(`${BUILT_BACKEND}/rest/v1/rpc/database_rows_insert`, { headers, data: { table_id: books.id, rows }, timeout: 120_000 });
    if (!inserted.ok()) throw new Error(`insert failed: ${String(inserted.status())} ${await inserted.text()}`);
  }
  console.log(`inserted ${ROWS.toLocaleString('en-GB')} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  await page.reload();
  const grid = page.getByRole('table', { name: 'Books' });
  await grid.waitFor();
  const box = '.db-grid:has(table[aria-label="Books"])';
  // Load every row: scroll to the end until the caption says all are loaded.
  const loadStarted = performance.now();
  const all = `Rows 1–${ROWS.toLocaleString('en-GB')} of ${ROWS.toLocaleString('en-GB')}`;
  while (!(await page.getByText(all, { exact: true }).isVisible())) {
    await page.evaluate((selector) => {
      const element = document.querySelector(selector);
      if (element) element.scrollTop = element.scrollHeight;
    }, box);
    await page.waitForTimeout(100);
    if (performance.now() - loadStarted > 300_000) throw new Error('the rows did not load in 5 minutes');
  }
  console.log(`loaded ${ROWS.toLocaleString('en-GB')} rows into the grid by scrolling in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`);
  await page.waitForTimeout(1_000);

  // Warm-up pass (JIT, layout caches), then the measured pass.
  await scrollRun(page, box, STEP * 4);
  const gridRun = await scrollRun(page, box, STEP);

  // Baselines in the same browser: an empty box of the grid's scroll height, and a plain table.
  const height = await page.evaluate((selector) => document.querySelector(selector)?.scrollHeight ?? 0, box);
  const blank = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await blank.setContent(`<div id="box" style="height:648px;overflow:auto"><div style="height:${String(height)}px"></div></div>`);
  const blankRun = await scrollRun(blank, '#box', STEP);
  const plain = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const cells = (i: number) => [`Book ${String(i)}`, `Author ${String(i % 97)}`, String(100 + (i % 900)), '2024-01-15', i % 3 === 0 ? 'Loved it' : ''].map((text) => `<td>${text}</td>`).join('');
  await plain.setContent(
    `<div id="box" style="height:648px;overflow:auto;font:14px system-ui"><table style="border-collapse:collapse;width:100%"><tbody>${Array.from({ length: 500 }, (_, i) => `<tr style="height:36px"><td><input type="checkbox"></td>${cells(i + 1)}</tr>`).join('')}</tbody></table></div>`,
  );
  const plainRun = await scrollRun(plain, '#box', STEP, gridRun.frames.length);

  console.log(`\nscroll ${STEP} px per frame, top to bottom of ${ROWS.toLocaleString('en-GB')} loaded rows (${String(height)} px), headless Chromium ${browser.version()}:`);
  const base = print('baseline: blank box', blankRun);
  print('baseline: plain 500-row table', plainRun, base);
  print('databases grid (virtualised)', gridRun, base);
  console.log('\nlate frames of the grid pass:');
  printLate(gridRun);
  console.log('late frames of the blank pass:');
  printLate(blankRun);
  console.log('late frames of the plain pass:');
  printLate(plainRun);

  if (TRACE) {
    await browser.startTracing(page, { categories: [...FRAME_TRACE_CATEGORIES, ...TRACE_CATEGORIES] });
    const traced = await scrollRun(page, box, STEP, 0, 'grid-frame-');
    const trace = await browser.stopTracing();
    const traceFile = path.join(os.tmpdir(), `appforge-grid-trace-${String(process.pid)}.json`);
    await writeFile(traceFile, trace);
    console.log(`\nthe trace (open it in chrome://tracing or Perfetto): ${traceFile}`);
    const s = stats(traced);
    console.log(`\ntraced grid pass (tracing costs time too): ${String(s.frames)} frames, >16.7 ms ${String(s.over16)}, >33.4 ms ${String(s.over33)}, max ${s.max.toFixed(1)} ms`);
    printLate(traced);
    const late = summariseFrames(trace, 'grid-frame-', lateFrames(traced));
    for (const summary of late) console.log(formatFrame(summary));
    const onTime = summariseFrames(
      trace,
      'grid-frame-',
      traced.frames.flatMap((ms, i) => (ms <= 17 && i > 0 ? [i + 1] : [])),
    );
    const perFrame = (totals: Map<string, number>, count: number) =>
      [...totals.entries()]
        .sort((a, b) => b[1] - a[1])
        .map(([name, ms]) => `${name} ${(ms / Math.max(1, count)).toFixed(2)}`)
        .join(', ');
    console.log(`main thread, ms per frame, late frames (${String(late.length)}): ${perFrame(mainThreadKinds(late), late.length)}`);
    console.log(`main thread, ms per frame, on-time frames (${String(onTime.length)}): ${perFrame(mainThreadKinds(onTime), onTime.length)}`);
    const every = summariseFrames(
      trace,
      'grid-frame-',
      traced.frames.map((_, i) => i + 1),
    );
    const cpu = mainThreadCpu(every);
    console.log(`main thread CPU time per frame (tasks begun in the frame; not stretched by other processes): mean ${cpu.mean.toFixed(2)} ms, p50 ${cpu.p50.toFixed(2)} ms, p95 ${cpu.p95.toFixed(2)} ms`);
    console.log('a typical on-time frame:');
    for (const summary of onTime.slice(Math.floor(onTime.length / 2), Math.floor(onTime.length / 2) + 1)) console.log(formatFrame(summary));
  }
  if (PROFILE) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    const profiled = await scrollRun(page, box, STEP);
    const { profile } = await cdp.send('Profiler.stop');
    console.log(`\nprofiled grid pass: ${String(profiled.frames.length)} frames; self time by function:`);
    for (const line of topFunctions(profile, 25)) console.log(line);
  }
  console.log(`load average after: ${os.loadavg().map((load) => load.toFixed(2)).join(' ')}`);
  await context.close();
} finally {
  await api.dispose();
  await browser.close();
  stop(web);
  stop(backend);
}
