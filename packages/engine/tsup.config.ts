import { libraryConfig } from '@appforge/tsup-config';

// Neutral platform: the engine runs in the browser (live preview) and in Node (server functions).
export default libraryConfig({
  entry: { index: 'src/index.ts', inputs: 'src/inputs.ts', describe: 'src/describe/describe-app.ts', 'offline-model/index': 'src/offline-model/index.ts', 'database-ops': 'src/spec/database-ops.ts' },
  platform: 'neutral',
});
