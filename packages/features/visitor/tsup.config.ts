import { copyFileSync, mkdirSync } from 'node:fs';
import { libraryConfig } from '@appforge/tsup-config';

// @appforge/visitor/light is built apart, after this build (tsup.light.config.ts).
export default libraryConfig({
  // Every page is a dynamic import: code splitting keeps each route's code out of the chunk the
  // shell loads up front.
  splitting: true,
  onSuccess: async () => {
    // The JS never imports CSS (it stays side-effect free); the shell imports the stylesheet.
    mkdirSync('dist', { recursive: true });
    copyFileSync('src/styles.css', 'dist/styles.css');
    await Promise.resolve();
  },
});
