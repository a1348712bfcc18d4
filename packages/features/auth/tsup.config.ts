import { copyFileSync, mkdirSync } from 'node:fs';
import { libraryConfig } from '@appforge/tsup-config';

export default libraryConfig({
  // Pages and the sign-in screen are dynamic imports: code splitting keeps them (and
  // @supabase/auth-ui-react with them) out of the chunk the shell loads up front.
  splitting: true,
  // The background video and its poster are copied next to the output and stay `import`s,
  // so the app's bundler (Vite) fingerprints and serves them like its own assets.
  loader: { '.webm': 'copy', '.mp4': 'copy', '.jpg': 'copy' },
  onSuccess: async () => {
    // The JS never imports CSS (it stays side-effect free); the shell imports the stylesheet.
    mkdirSync('dist', { recursive: true });
    copyFileSync('src/styles.css', 'dist/styles.css');
    await Promise.resolve();
  },
});
