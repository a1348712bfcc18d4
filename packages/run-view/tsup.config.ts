import { copyFileSync, mkdirSync } from 'node:fs';
import { libraryConfig } from '@appforge/tsup-config';

export default libraryConfig({
  // One output module per source module (as in @appforge/ui): the light visitor entry (issue 28)
  // then reaches the run view without OwnerPreview, whose useRunStream import would pull
  // @appforge/sdk/react, TanStack Query and supabase-js into a visitor's first load.
  entry: ['src/**/*.ts', 'src/**/*.tsx', '!src/**/*.test.ts', '!src/**/*.test.tsx', '!src/**/*.stories.tsx'],
  splitting: true,
  onSuccess: async () => {
    // The JS never imports CSS (it stays side-effect free); the shell imports the stylesheet.
    mkdirSync('dist', { recursive: true });
    copyFileSync('src/styles.css', 'dist/styles.css');
    await Promise.resolve();
  },
});
