// The SDK and the engine it bundles have no import cycle (issue 29): every module's relative
// imports, types included, read from the sources and walked. A cycle makes load order matter and
// ties areas together, so a new one fails here with its path.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|stories)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The module a relative specifier names: `./x` is x.ts, x.tsx or x/index.ts. */
function resolveModule(from: string, specifier: string, known: ReadonlySet<string>): string | undefined {
  const base = resolve(dirname(from), specifier.replace(/\.js$/, ''));
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((candidate) => known.has(candidate));
}

/** Every cycle's modules (as paths relative to root), one per strongly connected group. */
export function importCycles(root: string): string[][] {
  const files = sources(root);
  const known = new Set(files);
  const edges = new Map(
    files.map((file) => [
      file,
      [...readFileSync(file, 'utf8').matchAll(IMPORT)].flatMap((match) => resolveModule(file, match[1] ?? '', known) ?? []),
    ]),
  );
  // Tarjan's strongly connected components; a component of more than one module is a cycle.
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string): void => {
    order.set(file, index);
    low.set(file, index);
    index += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file) ?? 0, order.get(next) ?? 0));
      }
    }
    if (low.get(file) === order.get(file)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(relative(root, member));
      } while (member !== file);
      if (component.length > 1 || (edges.get(file) ?? []).includes(file)) cycles.push(component.sort());
    }
  };
  for (const file of files) if (!order.has(file)) visit(file);
  return cycles;
}

describe('import cycles', () => {
  it('finds a cycle through type imports and index files, and not a chain', () => {
    const root = mkdtempSync(join(tmpdir(), 'cycles-'));
    try {
      writeFileSync(join(root, 'a.ts'), "import type { B } from './b';\nexport type A = B[];\n");
      writeFileSync(join(root, 'b.ts'), "import { c } from './c/index.js';\nexport type B = typeof c;\n");
      writeFileSync(join(root, 'd.ts'), "export { a } from './a';\n");
      writeFileSync(join(root, 'e.ts'), 'export const e = 1;\n');
      expect(importCycles(root)).toEqual([]);
      // c/index.ts closes the loop a → b → c → a.
      const c = join(root, 'c');
      mkdirSync(c);
      writeFileSync(join(c, 'index.ts'), "import type { A } from '../a';\nexport const c: A | null = null;\n");
      expect(importCycles(root)).toEqual([['a.ts', 'b.ts', join('c', 'index.ts')]]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it.each([
    ['@appforge/sdk', join(here, '..', 'src')],
    ['@appforge/engine', join(here, '..', '..', 'engine', 'src')],
  ])('%s has none', (_name, root) => {
    expect(importCycles(root)).toEqual([]);
  });
});
