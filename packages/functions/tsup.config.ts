import { libraryConfig } from '@appforge/tsup-config';

export default libraryConfig({ entry: ['src/index.ts', 'src/config.ts', 'src/testing.ts'], platform: 'neutral' });
