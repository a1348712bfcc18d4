import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, loadEnv } from 'vite';
import { htmlFileFor, platformHostsFromEnv } from './server/html-entry';
import { securityHeadersPlugin } from './server/vite-security-headers';
import { sharePagePlugin } from './server/vite-share-page';

// In dev the workspace packages resolve to their TypeScript source through the private
// "@appforge/source" export condition (fast inner loop, no prior build). `vite build` leaves
// the condition out on purpose: it then consumes each package's dist/, which proves every
// package really builds.
export default defineConfig(({ command, mode }) => {
  const env = loadEnv(mode, import.meta.dirname, 'VITE_');
  const platform = platformHostsFromEnv(env);
  return {
    // Issue 26: CSP, frame-ancestors, nosniff, Referrer-Policy and Permissions-Policy on every page
    // `vite` and `vite preview` serve (deploy/Caddyfile sends the same in production).
    // Issue 28: the landing page, deployed app and bundle page come with their title, card tags and
    // JSON-LD in the HTML, and each host answers robots.txt and sitemap.xml (after the headers),
    // in whichever HTML file html-entry.ts serves for that page (visitor.html for visitor pages).
    plugins: [
      react(),
      securityHeadersPlugin({ env }),
      sharePagePlugin({ env, entryFor: (path, host) => htmlFileFor(host, path, platform) }),
    ],
    envPrefix: 'VITE_',
    resolve:
      command === 'serve' ? { conditions: ['@appforge/source', ...defaultClientConditions] } : {},
    // Module workers (the databases CSV import's parser): bundled as ES modules, like the pages.
    worker: { format: 'es' },
    build: {
      // scripts/size.mjs reads dist/.vite/manifest.json to measure the initial JS per route.
      manifest: true,
      // Issue 28: two pages. index.html is the creator shell; visitor.html is the light visitor
      // entry served for visitor pages and custom domains (server/html-entry.ts picks which).
      // Images are fetched as images, never inlined into JS as data: URLs (the sign-in poster was
      // 2 KB gz of the sign-in page's JS budget, and an image in a script cannot be cached apart).
      assetsInlineLimit: (filePath: string) => (/\.(jpe?g|png|webp|avif|gif)$/i.test(filePath) ? false : undefined),
      rolldownOptions: {
        input: { index: 'index.html', visitor: 'visitor.html' },
        treeshake: {
          // @appforge/ui's barrel imports dompurify and marked (for <Markdown>). Both run setup code
          // at import time that touches nothing global, but they do not declare "sideEffects": false,
          // so without this hint every page would download them (~25 KB gz) even when no markdown
          // is rendered. Modules that really use them still get them in full.
          moduleSideEffects: (id: string) => !/[\\/]node_modules[\\/](dompurify|marked)[\\/]/.test(id),
        },
      },
    },
    // The port comes from the command line (`vite preview --port 4173 --strictPort`).
    // Custom domains are tried locally as *.localhost, so those hosts must be accepted.
    server: { allowedHosts: ['.localhost'] },
    preview: { allowedHosts: ['.localhost'] },
  };
});
