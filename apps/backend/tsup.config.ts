import { libraryConfig } from '@appforge/tsup-config';

export default libraryConfig({
  entry: ['src/index.ts', 'src/main.ts', 'src/backup.ts', 'src/keys-cli.ts'],
  platform: 'node',
});
