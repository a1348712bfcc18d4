import { libraryConfig } from '@appforge/tsup-config';

// Node platform: the adapters run on the server (they hold the API key); ./testing starts a node:http server.
export default libraryConfig({
  entry: { index: 'src/index.ts', 'testing/index': 'src/testing/index.ts' },
  platform: 'node',
});
