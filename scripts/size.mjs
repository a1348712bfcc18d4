#!/usr/bin/env node
// Size budget of the web shell: how much JavaScript a first visit downloads, and what each
// lazily loaded route adds on top. Reads the Vite manifest of apps/web (build.manifest: true).
//
//   node scripts/size.mjs           measure apps/web/dist (builds it first only if it is missing)
//   node scripts/size.mjs --build   rebuild apps/web first
//   node scripts/size.mjs --dist <dir>   measure another build output (e.g. a sourcemapped one)
//
// Budgets, all gzip level 9, JavaScript only:
//   - the shell's initial JS: index.html's entry and everything it imports statically;
//   - the sign-in page: everything a signed-out first visit to /sign-in on the main host
//     downloads until the form can be submitted — the shell's initial JS plus each chunk the
//     code on that path imports dynamically (SIGN_IN_PATH below), each with its own static
//     imports. e2e/bench/sign-in-lcp.ts measures the same visit in Chromium, from the network;
//   - a signed-out visitor's first load of a deployed app, a landing page and a bundle page in the
//     light visitor entry (visitor.html and the page's chunk: VISITOR_PAGES below).
// Exits 1 when any is over budget, when a SIGN_IN_PATH or VISITOR_PAGES entry matches no chunk (the path
// changed: update the list), or when an error-reporting or analytics SDK (Sentry, PostHog)
// sits in the initial download: both must load on demand.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

// The floor is React (react-dom, react, scheduler: ~68 KB gz). Each feature's route table loads
// on the first navigation into it (route-discovery.ts in apps/web: 116.4 -> 110.5 KB gz), and the
// router itself (react-router's data router, ~30 KB gz) downloads with the access gate, after React
// (boot-shell.tsx): 76 KB gz then. Every page still needs the router: the sign-in path counts it.
const BUDGET_KB = 100;
// 147.9 KB gz with the route tables out of the initial JS (153.9 before, budget 155).
const SIGN_IN_BUDGET_KB = 150;
// Issue 28: a signed-out visitor's first load of a deployed app, a landing page and a public
// bundle page, through the light visitor entry (visitor.html: React's runtime, ~69 KB gz, and
// ≤ 20 KB of ours): the entry's static imports plus the one page chunk it loads for the address
// (VISITOR_PAGES). Its other dynamic imports (the full shell, for whatever a light page hands
// over; the markdown renderer, on a run's first answer) are not part of that first load.
const VISITOR_BUDGET_KB = 90;
const VISITOR_ENTRY = 'visitor.html';
/** The light pages visitor-main.tsx loads by address, matched against each chunk's source. Keep in step with it. */
const VISITOR_PAGES = [
  { page: 'deployed app (/deployed-app/:id, a custom domain)', src: /packages\/features\/visitor\/dist\/light\/index\.js$/ },
  { page: 'landing page (/landing-page/:id)', src: /packages\/features\/visitor\/dist\/light\/landing\.js$/ },
  { page: 'bundle page (/bundle/:id)', src: /packages\/features\/visitor\/dist\/light\/bundle\.js$/ },
];
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB = path.join(ROOT, 'apps/web');
const distArgument = process.argv.indexOf('--dist');
const DIST = distArgument > 0 && process.argv[distArgument + 1] ? path.resolve(process.argv[distArgument + 1]) : path.join(WEB, 'dist');

/**
 * The dynamic imports that run on a signed-out first visit to /sign-in (main host), matched
 * against each manifest chunk's source (`src`). Keep in step with the code named in `why`.
 */
const SIGN_IN_PATH = [
  { why: 'boot-shell.tsx: the router and the shell (App)', src: /(^|\/)src\/app\/App\.tsx$/ },
  { why: 'main.tsx: preloadSignInScreen() (no stored session)', src: /packages\/features\/auth\/dist\/SignInScreen-\w+\.js$/ },
  { why: 'main.tsx: loadAuthLiteClient() (no stored session)', src: /packages\/sdk\/dist\/auth-lite\/index\.js$/ },
  { why: 'main.tsx and router.tsx: the access gate (GatedRoot)', src: /(^|\/)src\/app\/access-gate\/GatedRoot\.tsx$/ },
  { why: 'the router loads the matched /sign-in route module', src: /packages\/features\/auth\/dist\/sign-in-\w+\.js$/ },
];
const MANIFEST = path.join(DIST, '.vite/manifest.json');

/** Strings only the SDKs themselves contain (our own code may mention "Sentry" in prose). */
const FORBIDDEN_IN_INITIAL = [
  { sdk: 'Sentry', fileName: /sentry/i, markers: ['__SENTRY__', 'sentry.javascript.', '@sentry/'] },
  { sdk: 'PostHog', fileName: /posthog/i, markers: ['posthog-js', '__PosthogExtensions__', "'_posthog'", '"_posthog"'] },
];

function fail(message) {
  console.error(`size: ${message}`);
  process.exit(1);
}

function build() {
  const localPnpm = path.join(ROOT, '.tools/node_modules/.bin/pnpm');
  const pnpm = existsSync(localPnpm) ? localPnpm : 'pnpm';
  // The web app and every workspace package it imports: on a fresh clone their dist folders do
  // not exist yet, and Vite resolves the packages through dist (issue 31). Turbo skips what is built.
  console.log('size: building @appforge/web and its workspace packages …');
  const result = spawnSync(pnpm, ['turbo', 'run', 'build', '--filter=@appforge/web...'], { cwd: ROOT, stdio: 'inherit' });
  if (result.error) fail(`could not run pnpm: ${result.error.message}`);
  if (result.status !== 0) fail(`the web build failed (exit ${result.status})`);
}

if (process.argv.includes('--build') || (distArgument < 0 && !existsSync(MANIFEST))) build();
if (!existsSync(MANIFEST)) fail(`${path.relative(ROOT, MANIFEST)} is missing: is build.manifest enabled in apps/web/vite.config.ts?`);

/** @type {Record<string, {file: string, src?: string, name?: string, isEntry?: boolean, isDynamicEntry?: boolean, imports?: string[], dynamicImports?: string[]}>} */
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));

const entryKey = manifest['index.html'] ? 'index.html' : Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) fail('the manifest has no entry chunk (index.html)');

/** A chunk plus everything it imports statically, transitively (never its dynamic imports). */
function staticClosure(key, into = new Set()) {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) fail(`the manifest refers to "${key}", which it does not describe`);
  into.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(imported, into);
  return into;
}

const sizes = new Map();
function sizeOf(key) {
  const file = manifest[key].file;
  if (!sizes.has(file)) {
    const bytes = readFileSync(path.join(DIST, file));
    sizes.set(file, { raw: bytes.length, gz: gzipSync(bytes, { level: 9 }).length, text: bytes.toString('utf8') });
  }
  return sizes.get(file);
}

function total(keys) {
  let raw = 0;
  let gz = 0;
  for (const key of keys) {
    if (!manifest[key].file.endsWith('.js')) continue;
    const size = sizeOf(key);
    raw += size.raw;
    gz += size.gz;
  }
  return { raw, gz };
}

// Which route path each lazily loaded page serves, read from the route manifests' source:
// `{ path: '/x', lazy: () => import('./pages/x') }` (or `index: true`). Best effort: chunks
// that no manifest names are still listed, under their source file.
function routePathsBySource() {
  const files = [path.join(WEB, 'src/app/shell-routes.ts')];
  const featuresDir = path.join(ROOT, 'packages/features');
  if (existsSync(featuresDir)) {
    for (const feature of readdirSync(featuresDir)) {
      for (const name of ['routes.tsx', 'routes.ts']) {
        const file = path.join(featuresDir, feature, 'src', name);
        if (existsSync(file)) files.push(file);
      }
    }
  }
  const paths = new Map();
  const routePattern = /\{[^{}]*?(?:path:\s*(['"`])([^'"`]*)\1|index:\s*true)[^{}]*?lazy:\s*\(\)\s*=>\s*import\(\s*(['"])([^'"]+)\3\s*\)/g;
  for (const file of files) {
    if (!existsSync(file)) continue;
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(routePattern)) {
      const routePath = match[2] ?? '(index)';
      const target = path.resolve(path.dirname(file), match[4]);
      for (const extension of ['', '.tsx', '.ts', '.jsx', '.js', '/index.tsx', '/index.ts']) {
        const candidate = target + extension;
        if (existsSync(candidate)) {
          const list = paths.get(candidate) ?? [];
          list.push(routePath === '' ? '/' : routePath);
          paths.set(candidate, list);
          break;
        }
      }
    }
  }
  return paths;
}

function labelOf(key, routePaths) {
  const chunk = manifest[key];
  const source = chunk.src ? path.resolve(WEB, chunk.src) : undefined;
  if (source && routePaths.has(source)) {
    return `${routePaths.get(source).join(', ')}  (${path.relative(ROOT, source)})`;
  }
  if (source && source.includes(`${path.sep}node_modules${path.sep}`)) {
    const afterNodeModules = source.split(`${path.sep}node_modules${path.sep}`).pop() ?? '';
    const parts = afterNodeModules.split(path.sep);
    const pkg = parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
    return `(on demand) ${pkg}`;
  }
  return source ? `(on demand) ${path.relative(ROOT, source)}` : `(on demand) ${chunk.file}`;
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const initial = staticClosure(entryKey);
const initialSize = total(initial);
const routePaths = routePathsBySource();

const rows = [{ label: 'shell initial (index.html + static imports)', ...initialSize }];
const lazyKeys = Object.keys(manifest).filter((key) => manifest[key].isDynamicEntry);
for (const key of lazyKeys) {
  const own = [...staticClosure(key)].filter((imported) => !initial.has(imported));
  rows.push({ label: labelOf(key, routePaths), ...total(own) });
}

const width = Math.max(...rows.map((row) => row.label.length), 'route / chunk'.length);
console.log(`${'route / chunk'.padEnd(width)}  ${'raw KB'.padStart(9)}  ${'gz KB'.padStart(8)}`);
console.log(`${'-'.repeat(width)}  ${'-'.repeat(9)}  ${'-'.repeat(8)}`);
for (const row of rows) {
  console.log(`${row.label.padEnd(width)}  ${kb(row.raw).padStart(9)}  ${kb(row.gz).padStart(8)}`);
}
const problems = [];

// The signed-out first visit to /sign-in: the initial JS plus the chunks its code asks for.
const signIn = new Set(initial);
const signInRows = [];
for (const step of SIGN_IN_PATH) {
  const keys = Object.keys(manifest).filter((key) => manifest[key].isDynamicEntry && step.src.test(manifest[key].src ?? key));
  if (keys.length !== 1) {
    problems.push(`sign-in path: "${step.why}" matches ${keys.length} lazy chunks (expected 1): update SIGN_IN_PATH in scripts/size.mjs`);
    continue;
  }
  const added = [...staticClosure(keys[0])].filter((key) => !signIn.has(key));
  for (const key of added) signIn.add(key);
  signInRows.push({ label: `+ ${step.why}`, ...total(added) });
}
const signInSize = total(signIn);

console.log('');
console.log('sign-in page, signed-out first visit (main host):');
for (const row of [{ label: 'shell initial JS', ...initialSize }, ...signInRows]) {
  console.log(`  ${row.label.padEnd(width)}  ${kb(row.raw).padStart(9)}  ${kb(row.gz).padStart(8)}`);
}
console.log('');
console.log(`shell initial JS: ${kb(initialSize.gz)} KB gz (budget ${BUDGET_KB} KB)`);
console.log(`sign-in page JS: ${kb(signInSize.gz)} KB gz in ${[...signIn].filter((key) => manifest[key].file.endsWith('.js')).length} files (budget ${SIGN_IN_BUDGET_KB} KB)`);

for (const key of initial) {
  const chunk = manifest[key];
  if (!chunk.file.endsWith('.js')) continue;
  const { text } = sizeOf(key);
  for (const { sdk, fileName, markers } of FORBIDDEN_IN_INITIAL) {
    if (fileName.test(chunk.file) || (chunk.src && fileName.test(chunk.src))) {
      problems.push(`${sdk} is in the initial download: chunk ${chunk.file} (${chunk.src ?? key})`);
      continue;
    }
    const marker = markers.find((candidate) => text.includes(candidate));
    if (marker) problems.push(`${sdk} is in the initial download: ${chunk.file} contains "${marker}"`);
  }
}

if (!manifest[VISITOR_ENTRY]) {
  problems.push(`the manifest has no ${VISITOR_ENTRY}: the light visitor entry is missing from apps/web/vite.config.ts`);
} else {
  const visitorEntry = staticClosure(VISITOR_ENTRY);
  const entrySize = total(visitorEntry);
  console.log('');
  console.log(`light visitor entry, a signed-out first visit (budget ${VISITOR_BUDGET_KB} KB each):`);
  console.log(`  ${'visitor.html + static imports'.padEnd(width)}  ${kb(entrySize.raw).padStart(9)}  ${kb(entrySize.gz).padStart(8)}`);
  for (const { page, src } of VISITOR_PAGES) {
    const keys = (manifest[VISITOR_ENTRY].dynamicImports ?? []).filter((key) => src.test(manifest[key]?.src ?? key));
    if (keys.length !== 1) {
      problems.push(`visitor ${page}: ${keys.length} chunks of visitor.html match ${src} (expected 1): update VISITOR_PAGES in scripts/size.mjs`);
      continue;
    }
    const firstLoad = new Set([...visitorEntry, ...staticClosure(keys[0])]);
    const size = total(firstLoad);
    const files = [...firstLoad].filter((key) => manifest[key].file.endsWith('.js')).length;
    console.log(`  ${`= ${page}`.padEnd(width)}  ${kb(size.raw).padStart(9)}  ${kb(size.gz).padStart(8)}  (${files} files)`);
    if (size.gz > VISITOR_BUDGET_KB * 1024) {
      problems.push(`a visitor's first load of a ${page} is ${kb(size.gz)} KB gz of JS, over the ${VISITOR_BUDGET_KB} KB budget`);
    }
  }
}

if (initialSize.gz > BUDGET_KB * 1024) {
  problems.push(`the shell's initial JS is ${kb(initialSize.gz)} KB gz, over the ${BUDGET_KB} KB budget`);
}
if (signInSize.gz > SIGN_IN_BUDGET_KB * 1024) {
  problems.push(`a first visit to /sign-in downloads ${kb(signInSize.gz)} KB gz of JS, over the ${SIGN_IN_BUDGET_KB} KB budget`);
}

if (problems.length > 0) {
  for (const problem of problems) console.error(`size: FAIL: ${problem}`);
  console.error('size: load heavy or optional code on demand (a lazy route, or import() at first use).');
  process.exit(1);
}
console.log('size: OK');
