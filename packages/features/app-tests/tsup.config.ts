import { copyFileSync, mkdirSync } from 'node:fs';
import { libraryConfig } from '@appforge/tsup-config';

export default libraryConfig({
  // Every page is a dynamic import: code splitting keeps each route's code (and the engine,
  // editors and markdown with it) out of the chunk the shell loads up front.
  splitting: true,
  onSuccess: async () => {
    // The JS never imports CSS (it stays side-effect free); the shell imports the stylesheet.
    mkdirSync('dist', { recursive: true });
    copyFileSync('src/styles.css', 'dist/styles.css');
    await Promise.resolve();
  },
});
