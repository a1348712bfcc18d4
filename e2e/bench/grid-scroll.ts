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
import os from 'node:os';
import { request as playwrightRequest } from '@playwright/test';
import type { Page } from '@playwright/test';
import { accessToken, anonKey, BUILT_BACKEND } from '../tests/ai-backend-helpers';
import { signInWithEmailCode, uniqueEmail, WEB } from '../tests/auth-helpers';
import { ensureWebAndBackend, launchChromium, stop } from './servers';

function option(name: string, fallback: number): number {
  const found = process.argv.find((arg) => arg.startsWith(`--${name}=`));
  const value = found ? Number(found.split('=')[1]) : fallback;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} needs a positive whole number`);
  return value;
}
const ROWS = option('rows', 10_000);
const STEP = option('step', 360);

interface Run {
  frames: number[];
  longTasks: number;
  /** Most <tr> elements in the grid's body at any frame. */
  domRows: number;
}

/** Scrolls `selector` from top to bottom (or for `frames` frames, bouncing) `step` px a frame. */
async function scrollRun(page: Page, selector: string, step: number, frames = 0): Promise<Run> {
  // tsx compiles with esbuild's keepNames: the function below calls __name, which pages lack.
  await page.evaluate('globalThis.__name ??= (fn) => fn');
  return page.evaluate(
    ({ selector, step, frames }) =>
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
        let domRows = 0;
        let direction = 1;
        let last = 0;
        const frame = (now: number) => {
          if (last > 0) times.push(now - last);
          last = now;
          domRows = Math.max(domRows, box.querySelectorAll('tbody tr').length);
          const atEnd = box.scrollTop + box.clientHeight >= box.scrollHeight - 1;
          if (frames === 0 ? atEnd : times.length >= frames) {
            observer.disconnect();
            resolve({ frames: times, longTasks, domRows });
            return;
          }
          if (frames > 0 && (atEnd || (box.scrollTop === 0 && direction < 0))) direction = -direction;
          box.scrollTop += direction * step;
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    { selector, step, frames },
  );
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
  console.log(`load average after: ${os.loadavg().map((load) => load.toFixed(2)).join(' ')}`);
  await context.close();
} finally {
  await api.dispose();
  await browser.close();
  stop(web);
  stop(backend);
}
