import { copyFileSync, mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { libraryConfig } from '@appforge/tsup-config';

export default libraryConfig({
  // The CSV import's module worker is an entry of its own (dist/csv-import.worker.js), beside the
  // chunks that start it, so the app's Vite build finds it through `new URL(…, import.meta.url)`.
  entry: { index: 'src/index.ts', 'csv-import.worker': 'src/lib/csv-import.worker.ts' },
  // Every page is a dynamic import: code splitting keeps each route's code (and the engine,
  // editors and markdown with it) out of the chunk the shell loads up front.
  splitting: true,
  esbuildPlugins: [
    {
      // In the source the worker is `./csv-import.worker.ts` (Vite dev, Storybook); in dist it is
      // the built `./csv-import.worker.js` next to the chunk that names it.
      name: 'csv-worker-url',
      setup(build) {
        build.onLoad({ filter: /csv-worker-client\.ts$/ }, async (args) => ({
          contents: (await readFile(args.path, 'utf8')).replace("'./csv-import.worker.ts'", "'./csv-import.worker.js'"),
          loader: 'ts',
        }));
      },
    },
  ],
  onSuccess: async () => {
    // The JS never imports CSS (it stays side-effect free); the shell imports the stylesheet.
    mkdirSync('dist', { recursive: true });
    copyFileSync('src/styles.css', 'dist/styles.css');
    await Promise.resolve();
  },
});
