import { libraryConfig } from '@appforge/tsup-config';

export default libraryConfig({ entry: ['src/index.ts'], platform: 'neutral' });
