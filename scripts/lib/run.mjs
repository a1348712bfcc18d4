// Small process helpers shared by the root scripts (no dependencies: these run before install).
import { spawn, spawnSync } from 'node:child_process';

export const root = new URL('../../', import.meta.url).pathname.replace(/\/$/, '');

/** Runs a command with inherited stdio; resolves to its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: root, ...options });
    child.on('error', (error) => {
      console.error(`✖ could not run ${command}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs a command and returns its trimmed stdout, or undefined when it fails. */
export function capture(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', ...options });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

export function step(title) {
  console.log(`\n▶ ${title}`);
}

export function fail(message) {
  console.error(`\n✖ ${message}`);
  process.exit(1);
}
