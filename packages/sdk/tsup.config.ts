import { libraryConfig } from '@appforge/tsup-config';

// @appforge/sdk/visitor-lite is built apart, after this build (tsup.light.config.ts).
export default libraryConfig({
  entry: ['src/index.ts', 'src/react/index.ts', 'src/auth-lite/index.ts', 'src/testing/index.ts', 'src/values/index.ts', 'src/share-page/index.ts'],
  platform: 'neutral',
  external: ['react', 'react/jsx-runtime', '@tanstack/react-query', '@supabase/supabase-js', '@supabase/auth-js', 'zod'],
});
