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
  // marked and DOMPurify do not declare themselves side-effect free, so a bundler keeps them
  // whenever the module importing them is kept. The Markdown renderer therefore gets its own
  // output file: apps that never render Markdown drop it (our package.json marks JS as pure).
  entry: { index: 'src/index.ts', 'render-markdown': 'src/components/render-markdown.ts' },
  splitting: true,
  external: ['react', 'react-dom', 'react/jsx-runtime', 'radix-ui', 'dompurify', 'marked', 'clsx'],
  onSuccess: async () => {
    const css = inlineImports(resolve('src/styles/index.css'), new Set());
    mkdirSync('dist', { recursive: true });
    writeFileSync('dist/index.css', css);
    await Promise.resolve();
  },
});
