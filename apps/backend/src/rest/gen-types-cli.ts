// `pnpm --filter @appforge/backend gen:types [--check]`: writes (or checks) the SDK's Database type.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { defaultTypesPath, generateTypesFromMigrations } from './gen-types.js';

async function main(): Promise<number> {
  const check = process.argv.includes('--check');
  const target = defaultTypesPath();
  const generated = await generateTypesFromMigrations();
  const shown = relative(process.cwd(), target);
  if (check) {
    let current: string;
    try {
      current = readFileSync(target, 'utf8');
    } catch {
      current = '';
    }
    if (current !== generated) {
      process.stderr.write(`${shown} is out of date: run pnpm --filter @appforge/backend gen:types\n`);
      return 1;
    }
    process.stdout.write(`${shown} is up to date\n`);
    return 0;
  }
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, generated);
  process.stdout.write(`wrote ${shown}\n`);
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`gen:types failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
