// Runs the real server (src/main.ts through tsx) as a child process, as `pnpm dev` does.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface ServerProcess {
  child: ChildProcess;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Environment variables are added through env(1) so the child also inherits PATH and friends. */
export function spawnServer(env: Record<string, string>): ServerProcess {
  const assignments = Object.entries(env).map(([name, value]) => `${name}=${value}`);
  const child = spawn(
    'env',
    [...assignments, process.execPath, '--conditions=@appforge/source', '--import', 'tsx', 'src/main.ts'],
    { cwd: packageDir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  return { child, output: () => output, exited };
}

/** Polls GET /health until it answers 200 (or the process dies / time runs out). */
export async function waitForHealth(url: string, server: ServerProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let dead = false;
  void server.exited.then(() => (dead = true));
  while (Date.now() < deadline) {
    if (dead) throw new Error(`The server exited before it was healthy:\n${server.output()}`);
    try {
      const response = await fetch(`${url}/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server was not healthy within ${timeoutMs} ms:\n${server.output()}`);
}
