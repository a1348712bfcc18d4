import { libraryConfig } from '@appforge/tsup-config';

export default libraryConfig({
  entry: ['src/index.ts', 'src/main.ts', 'src/backup.ts'],
  platform: 'node',
});
