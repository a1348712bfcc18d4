// `node dist/backup.js backup <file>` / `restore <file> [--force]` (npm run backup / restore at the
// repository's root): DATA_DIR or DATABASE_URL from the environment, as the server reads them.
import { ConfigError, loadConfig } from './env.js';
import { backup, restore } from './ops/backup.js';

const [command, file, ...rest] = process.argv.slice(2);
if ((command !== 'backup' && command !== 'restore') || !file) {
  process.stderr.write('Usage: backup <file>   |   restore <file> [--force]\n');
  process.exit(2);
}
try {
  const config = loadConfig();
  if (command === 'backup') {
    const done = await backup(config, file);
    process.stdout.write(`Backed up the ${done.kind} database to ${done.file}\n`);
  } else {
    const done = await restore(config, file, { force: rest.includes('--force') });
    process.stdout.write(`Restored the ${done.kind} database from ${file}\n`);
  }
} catch (error) {
  const message =
    error instanceof ConfigError
      ? error.problems.map((problem) => `${problem.name}: ${problem.message}`).join('\n')
      : error instanceof Error
        ? error.message
        : String(error);
  process.stderr.write(`Appforge ${command}: ${message}\n`);
  process.exit(1);
}
