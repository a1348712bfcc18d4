import { libraryConfig } from '@appforge/tsup-config';

// @appforge/sdk/visitor-lite is built apart, after this build (tsup.light.config.ts).
export default libraryConfig({
  entry: ['src/index.ts', 'src/react/index.ts', 'src/api/index.ts', 'src/auth-lite/index.ts', 'src/testing/index.ts', 'src/values/index.ts', 'src/share-page/index.ts'],
  platform: 'neutral',
  external: ['react', 'react/jsx-runtime', '@tanstack/react-query', '@supabase/supabase-js', '@supabase/auth-js', 'zod'],
  // Other projects install the SDK from the registry, where the private engine package does not
  // exist: its code and its types (found through the engine's "types" and database-ops.d.ts) go
  // into the SDK's own dist.
  noExternal: ['@appforge/engine'],
  // Relative imports too, so that those inside the engine are followed, not left dangling.
  dts: { resolve: [/^@appforge\/engine(\/|$)/, /^\.\.?\//] },
});
