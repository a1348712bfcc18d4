import { libraryConfig } from '@appforge/tsup-config';

// The light visitor entry's client (issue 28) as one module, built after tsup.config.ts (whose
// clean would race with it): it shares no chunk with the rest of the SDK, so a visitor's first
// load carries none of what the shell needs from such chunks, and it compresses as one file.
export default libraryConfig({
  entry: { 'visitor-lite/index': 'src/visitor-lite/index.ts' },
  platform: 'neutral',
  splitting: false,
  clean: false,
  // eventsource-parser too: as a chunk of its own it cost a request and ~0.4 KB gz more.
  noExternal: ['eventsource-parser'],
  external: ['react', 'react/jsx-runtime', '@tanstack/react-query', '@supabase/supabase-js', '@supabase/auth-js', 'zod'],
});
