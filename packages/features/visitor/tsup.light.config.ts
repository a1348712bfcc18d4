import { libraryConfig } from '@appforge/tsup-config';

// The light visitor entry (issue 28) as one module, built after tsup.config.ts (whose clean would
// race with it), with the run view and the engine's answer checks inlined: it then shares no
// chunk with the shell's pages (a shared chunk carries whatever the shell needs from it), and its
// code compresses as one file.
export default libraryConfig({
  entry: { 'light/index': 'src/light/index.ts' },
  splitting: false,
  clean: false,
  noExternal: ['@appforge/run-view', '@appforge/engine'],
});
