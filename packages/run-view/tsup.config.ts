import { copyFileSync, mkdirSync } from 'node:fs';
import { libraryConfig } from '@appforge/tsup-config';

export default libraryConfig({
  onSuccess: async () => {
    // The JS never imports CSS (it stays side-effect free); the shell imports the stylesheet.
    mkdirSync('dist', { recursive: true });
    copyFileSync('src/styles.css', 'dist/styles.css');
    await Promise.resolve();
  },
});
