// One import map for every Supabase Edge Function. Supabase CLI (`supabase functions deploy`,
// `supabase functions serve`) reads the deno.json inside each function's folder, so every folder
// gets the same file, written from this one source: bare imports reachable from the entry points,
// as npm: specifiers pinned to the exact versions in the workspace's package.json files (and the
// pnpm catalog), plus the workspace packages mapped to their TypeScript sources.
//   node scripts/edge-deno-json.mjs          write supabase/functions/*/deno.json
//   node scripts/edge-deno-json.mjs --check  fail if any of them differs from what would be written
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const functionsDir = join(root, 'supabase', 'functions');

/** package name → the package.json that pins it (relative to the repository root). */
const NPM = {
  '@supabase/supabase-js': 'packages/functions/package.json',
  zod: 'packages/functions/package.json',
  'rate-limiter-flexible': 'packages/functions/package.json',
  'ipaddr.js': 'packages/functions/package.json',
  '@apidevtools/swagger-parser': 'packages/functions/package.json',
  'openapi-types': 'packages/functions/package.json',
  stripe: 'packages/functions/package.json',
  '@modelcontextprotocol/sdk': 'packages/functions/package.json',
  // The content checker of class runs (issue 19, packages/functions/src/safety).
  obscenity: 'packages/functions/package.json',
  'libphonenumber-js': 'packages/functions/package.json',
  // Classrooms (issue 19): class-export's CSV writer.
  papaparse: 'packages/functions/package.json',
  ai: 'packages/models/package.json',
  '@ai-sdk/openai-compatible': 'packages/models/package.json',
  pg: 'apps/backend/package.json',
  // pg ships no declarations: run-app names these with `// @ts-types="@types/pg"` for Deno.
  '@types/pg': 'apps/backend/package.json',
};
/** Packages imported by subpath (`@modelcontextprotocol/sdk/server/index.js`). */
const SUBPATHS = new Set(['@modelcontextprotocol/sdk']);

function catalog() {
  const entries = new Map();
  let inside = false;
  for (const line of readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8').split('\n')) {
    if (/^catalog:\s*$/.test(line)) inside = true;
    else if (/^\S/.test(line)) inside = false;
    else if (inside) {
      const match = /^\s+'?([^':]+)'?:\s*(\S+)\s*$/.exec(line);
      if (match) entries.set(match[1], match[2]);
    }
  }
  return entries;
}

function exactVersion(name, manifest, pins) {
  const json = JSON.parse(readFileSync(join(root, manifest), 'utf8'));
  let version = json.dependencies?.[name] ?? json.devDependencies?.[name];
  if (version === 'catalog:') version = pins.get(name);
  if (!version || !/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(version)) {
    throw new Error(`${manifest}: ${name} must be pinned to an exact version (found ${version ?? 'nothing'})`);
  }
  return version;
}

export function denoJson() {
  const pins = catalog();
  const imports = {};
  for (const [name, manifest] of Object.entries(NPM)) {
    const version = exactVersion(name, manifest, pins);
    imports[name] = `npm:${name}@${version}`;
    if (SUBPATHS.has(name)) imports[`${name}/`] = `npm:/${name}@${version}/`;
  }
  imports['@appforge/engine'] = '../../../packages/engine/src/index.ts';
  imports['@appforge/engine/offline-model'] = '../../../packages/engine/src/offline-model/index.ts';
  imports['@appforge/models'] = '../../../packages/models/src/index.ts';
  return `${JSON.stringify({ imports, unstable: ['sloppy-imports'] }, null, 2)}\n`;
}

const folders = readdirSync(functionsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
  .map((entry) => entry.name)
  .sort();
const text = denoJson();
const check = process.argv.includes('--check');
const stale = [];
for (const name of folders) {
  const path = join(functionsDir, name, 'deno.json');
  if (!existsSync(join(functionsDir, name, 'index.ts'))) stale.push(`${name}/index.ts is missing`);
  const current = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  if (current === text) continue;
  if (check) stale.push(`${name}/deno.json is ${current === undefined ? 'missing' : 'out of date'}`);
  else writeFileSync(path, text);
}
if (stale.length > 0) {
  console.error(`supabase/functions: ${stale.join('; ')} (run node scripts/edge-deno-json.mjs)`);
  process.exit(1);
}
if (!check) console.log(`supabase/functions: ${folders.length} deno.json files written`);
