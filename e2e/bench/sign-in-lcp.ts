// Largest Contentful Paint of the sign-in route on loopback, in headless Chromium, and the
// JavaScript that visit really downloads.
//
//   pnpm --filter @appforge/e2e bench:lcp          (after `pnpm --filter @appforge/web build`)
//
// Starts `vite preview` (4173) and the embedded backend (54321, in-memory data) when they are
// not already running, opens http://localhost:<port>/sign-in in a fresh browser context (no
// stored session, cold HTTP cache) RUNS times, reads the last 'largest-contentful-paint' entry
// through a PerformanceObserver, and prints every run and the median.
//
// JS: every script response of the visit until the sign-in form can be used (the e-mail field
// and "Sign in" are enabled) and the network has been idle for 500 ms. Each body is gzipped at
// level 9 like scripts/size.mjs does (vite preview serves uncompressed files on loopback), so
// the two figures are comparable: size.mjs counts from the build manifest, this from the wire.
// A measurement, not a test: it never fails on a number (scripts/size.mjs enforces the budget).
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { ensureWebAndBackend, launchChromium, readLcp, stop } from './servers';

const RUNS = 7;
// `--port <n>`: serve the build on another port (e.g. when 4173 is taken by another checkout).
const portArgument = process.argv.indexOf('--port');
const PORT = portArgument > 0 ? Number(process.argv[portArgument + 1]) : 4173;
if (!Number.isInteger(PORT) || PORT <= 0) throw new Error('--port needs a port number');
const WEB = `http://localhost:${PORT}`;

const { web, backend } = await ensureWebAndBackend(PORT);
const browser = await launchChromium();

interface Sample {
  lcp: number;
  element: string;
}

interface Script {
  url: string;
  /** Bytes on the wire (the encoded body). */
  wire: number;
  /** The body gzipped at level 9. */
  gz: number;
}

/** Records every script the page downloads; read the list once the page is quiet. */
function recordScripts(page: Page): Promise<Script>[] {
  const scripts: Promise<Script>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(
      (async () => {
        const body = await response.body();
        const sizes = await response.request().sizes();
        return { url: response.url(), wire: sizes.responseBodySize, gz: gzipSync(body, { level: 9 }).length };
      })(),
    );
  });
  return scripts;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

try {
  const samples: Sample[] = [];
  const jsGz: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const scriptResponses = recordScripts(page);
    await page.goto(`${WEB}/sign-in`, { waitUntil: 'load' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Usable: the form can be filled in and submitted.
    await page.getByPlaceholder('Enter email...').waitFor();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    const scripts = await Promise.all(scriptResponses);
    // LCP candidates stop with the first input; without input, settle after 1.5 s of quiet.
    const sample = await readLcp(page, 1_500);
    // Anything fetched while LCP settled counts too: the page was still "the first visit".
    scripts.push(...(await Promise.all(scriptResponses.slice(scripts.length))));
    samples.push(sample);
    const gz = scripts.reduce((sum, script) => sum + script.gz, 0);
    const wire = scripts.reduce((sum, script) => sum + script.wire, 0);
    jsGz.push(gz);
    console.log(`run ${run + 1}: LCP ${sample.lcp.toFixed(0)} ms (${sample.element}); JS ${scripts.length} files, ${kb(gz)} KB gz (${kb(wire)} KB on the wire)`);
    if (run === 0) {
      for (const script of [...scripts].sort((a, b) => b.gz - a.gz)) {
        console.log(`    ${kb(script.gz).padStart(6)} KB gz  ${new URL(script.url).pathname}`);
      }
    }
    await context.close();
  }
  const sorted = samples.map((sample) => sample.lcp).sort((a, b) => a - b);
  console.log(`sign-in LCP on loopback, headless Chromium, ${RUNS} cold runs: median ${median(sorted).toFixed(0)} ms (min ${sorted[0]?.toFixed(0)}, max ${sorted.at(-1)?.toFixed(0)})`);
  console.log(`sign-in JS downloaded until the form is usable: median ${kb(median(jsGz))} KB gz (budget 150 KB; scripts/size.mjs enforces it)`);
} finally {
  await browser.close();
  stop(web);
  stop(backend);
}
