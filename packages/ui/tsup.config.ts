import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { libraryConfig } from '@appforge/tsup-config';

// Consumers import '@appforge/ui/styles.css' once; the JS never imports CSS, so the stylesheet is
// produced here by inlining the local @import graph of src/styles/index.css into dist/index.css.
function inlineImports(file: string, seen: Set<string>): string {
  if (seen.has(file)) return '';
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  return source.replace(/@import\s+['"](\.{1,2}\/[^'"]+)['"]\s*;/g, (_match, path: string) =>
    inlineImports(resolve(dirname(file), path), seen),
  );
}

export default libraryConfig({
  // One output module per source module: a bundler can then put each component into the chunk of
  // the route that uses it, instead of pulling every used component into the shell's first load.
  // (marked and DOMPurify, which do not declare themselves side-effect free, stay in the Markdown
  // renderer's own module, so apps that never render Markdown drop them.)
  entry: ['src/**/*.ts', 'src/**/*.tsx', '!src/**/*.test.ts', '!src/**/*.test.tsx', '!src/**/*.stories.tsx'],
  splitting: true,
  external: ['react', 'react-dom', 'react/jsx-runtime', 'radix-ui', 'dompurify', 'marked', 'clsx', 'react-hook-form', '@hookform/resolvers', 'react-router', 'zod'],
  onSuccess: async () => {
    const css = inlineImports(resolve('src/styles/index.css'), new Set());
    mkdirSync('dist', { recursive: true });
    writeFileSync('dist/index.css', css);
    await Promise.resolve();
  },
});
