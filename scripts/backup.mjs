// `npm run backup -- <file>` / `npm run restore -- <file> [--force]`: builds the backend if needed
// and backs up or restores its data — DATA_DIR (PGlite, default .appforge/data; stop `npm start`
// first) or DATABASE_URL (PostgreSQL, through pg_dump / pg_restore). See deploy/README.md.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { bootstrap } from './bootstrap.mjs';
import { fail, root, run } from './lib/run.mjs';

const [command, file, ...rest] = process.argv.slice(2);
if (!file) fail(`Usage: npm run ${command} -- <file>${command === 'restore' ? ' [--force]' : ''}`);
const pnpm = await bootstrap();
const env = {
  ...process.env,
  TURBO_TELEMETRY_DISABLED: '1',
  DATA_DIR: process.env.DATA_DIR ?? join(root, '.appforge', 'data'),
};
if ((await run(pnpm, ['turbo', 'run', 'build', '--filter=@appforge/backend', '--output-logs=errors-only'], { env })) !== 0) {
  fail('The backend did not build.');
}
const child = spawn(process.execPath, [join(root, 'apps/backend/dist/backup.js'), command, resolve(process.env.INIT_CWD ?? process.cwd(), file), ...rest], {
  cwd: root,
  env,
  stdio: 'inherit',
});
child.on('close', (code) => process.exit(code ?? 1));
