import { libraryConfig } from '@appforge/tsup-config';

// The light visitor entry's pages (issue 28), each as one module (the deployed app, the landing
// page, the bundle page: the entry loads only the one it shows), built after tsup.config.ts
// (whose clean would race with it), with the run view, the engine's parts and @appforge/ui's
// components inlined: each then shares no chunk with the shell's pages (a shared chunk carries
// whatever the shell needs from it, and every extra file of a first load compresses apart: the
// ui's small shared chunks cost the deployed app 2 KB gz), and its code compresses as one file.
// `@appforge/ui/markdown` stays external: the run view loads it on the first answer.
export default libraryConfig({
  entry: { 'light/index': 'src/light/index.ts', 'light/landing': 'src/light/landing.ts', 'light/bundle': 'src/light/bundle.ts' },
  splitting: false,
  clean: false,
  noExternal: ['@appforge/run-view', '@appforge/engine', /^@appforge\/ui$/],
});
