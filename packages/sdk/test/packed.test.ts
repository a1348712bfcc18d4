// The SDK as other projects get it: `pnpm pack` makes the tarball the registry would serve,
// publint and arethetypeswrong judge it, and it is installed into two scratch projects outside
// this workspace (a Node one and a Vite + React one), where `tsc` type-checks imports of the
// client and the React hooks and a Node script talks to the running embedded backend.
// skipLibCheck as in Vite's templates: supabase-js's own .d.ts files do not pass TypeScript 6's
// DOM types; arethetypeswrong checks that the SDK's declarations resolve.
// Needs the SDK built (`npm test` builds before it tests). npm installs with --prefer-offline:
// offline where its cache holds the packages, from the npm registry otherwise; nothing else is
// fetched from the network (the backend is the embedded one on loopback).
// It packs and installs (about 90 s on a 2-core machine), so it runs with `vitest run` (`npm test`)
// but not on every save in watch mode.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const run = promisify(execFile);
const SDK = path.resolve(import.meta.dirname, '..');
const BIN = path.join(SDK, 'node_modules/.bin');
const { url, anonKey } = inject('backend');
// The versions this workspace pins (pnpm-workspace.yaml's catalog).
const TYPESCRIPT = 'typescript@6.0.3';
const NPM_INSTALL = ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'];

async function sh(command: string, args: string[], cwd: string): Promise<{ stdout: string; stderr: string }> {
  try {
    return await run(command, args, { cwd, maxBuffer: 32 * 1024 * 1024 });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${failed.stdout ?? ''}\n${failed.stderr ?? failed.message}`, { cause: error });
  }
}

// eslint-disable-next-line no-restricted-syntax -- Vitest's own run mode, not app configuration
const WATCHING = process.env.VITEST_MODE === 'WATCH';

describe.skipIf(WATCHING)('@appforge/sdk as a published package', () => {
  let scratch: string;
  let tarball: string;

  beforeAll(async () => {
    if (!existsSync(path.join(SDK, 'dist/index.js'))) throw new Error('packages/sdk/dist is missing: build the SDK first (pnpm turbo run build --filter=@appforge/sdk).');
    scratch = await mkdtemp(path.join(tmpdir(), 'appforge-sdk-packed-'));
    await sh('pnpm', ['pack', '--pack-destination', scratch], SDK);
    const name = (await readdir(scratch)).find((file) => file.endsWith('.tgz'));
    if (name === undefined) throw new Error('pnpm pack made no tarball');
    tarball = path.join(scratch, name);
    console.info(`packed ${name}: ${((await stat(tarball)).size / 1024).toFixed(1)} KB`);
  }, 120_000);

  afterAll(async () => {
    if (scratch !== undefined) await rm(scratch, { recursive: true, force: true });
  });

  it('publint and arethetypeswrong find nothing wrong with the tarball', async () => {
    const publint = await sh(path.join(BIN, 'publint'), ['run', '--strict', tarball], SDK);
    expect(publint.stdout).toContain('All good!');
    // ESM only on purpose: the CommonJS and node10 resolutions are not offered.
    await expect(sh(path.join(BIN, 'attw'), [tarball, '--profile', 'esm-only'], SDK)).resolves.toBeDefined();
  }, 120_000);

  it('installs into a scratch Node project, type-checks and talks to the backend', async () => {
    const project = path.join(scratch, 'node-project');
    await mkdir(project);
    await writeFile(path.join(project, 'package.json'), JSON.stringify({ name: 'scratch-node', private: true, type: 'module' }));
    await sh('npm', [...NPM_INSTALL, tarball, TYPESCRIPT, '@types/node@20.19.43', 'ws@8.23.0'], project);
    await writeFile(
      path.join(project, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', strict: true, noEmit: true, skipLibCheck: true, types: ['node'] }, include: ['*.ts'] }),
    );
    await writeFile(
      path.join(project, 'check.ts'),
      [
        "import { createAppforgeClient, isAppforgeError } from '@appforge/sdk';",
        "import type { AppforgeClient } from '@appforge/sdk';",
        "import { RateLimitedError, createAppforgeApi } from '@appforge/sdk/api';",
        "import type { ApiRun } from '@appforge/sdk/api';",
        "const client: AppforgeClient = createAppforgeClient({ url: 'http://localhost:54321', anonKey: 'key' });",
        'const name: Promise<string> = client.apps.getName(crypto.randomUUID());',
        "const run: Promise<ApiRun> = createAppforgeApi({ url: 'http://localhost:54321', apiKey: 'af_x' }).runs.create('id', { topic: 'tides' });",
        'const wait = (error: unknown): number => (error instanceof RateLimitedError ? error.retryAfter : 0);',
        'export { isAppforgeError, name, run, wait };',
      ].join('\n'),
    );
    await sh(path.join(project, 'node_modules/.bin/tsc'), ['-p', '.'], project);
    await writeFile(
      path.join(project, 'talk.mjs'),
      [
        "import { createAppforgeClient } from '@appforge/sdk';",
        // Node 20 has no WebSocket of its own: supabase-js refuses to start without one.
        "import WebSocket from 'ws';",
        'const client = createAppforgeClient({ url: process.argv[2], anonKey: process.argv[3], realtimeTransport: WebSocket });',
        'const error = await client.apps.getName(crypto.randomUUID()).then(() => null, (e) => e);',
        "const domain = await client.customDomains.lookup('nobody.example.org');",
        "const { InvalidApiKeyError, createAppforgeApi } = await import('@appforge/sdk/api');",
        "const refused = await createAppforgeApi({ url: process.argv[2], apiKey: 'af_unknown' }).apps.get(crypto.randomUUID()).then(() => null, (e) => e);",
        'console.log(JSON.stringify({ code: error?.code, status: error?.status, domain, api: [refused instanceof InvalidApiKeyError, refused?.status] }));',
        'process.exit(0);',
      ].join('\n'),
    );
    const { stdout } = await sh('node', ['talk.mjs', url, anonKey], project);
    expect(JSON.parse(stdout.trim().split('\n').at(-1) ?? '')).toEqual({ code: 'not_found', status: 404, domain: null, api: [true, 401] });
  }, 600_000);

  it('installs into a scratch Vite + React project where the client and the hooks type-check', async () => {
    const project = path.join(scratch, 'react-project');
    await mkdir(path.join(project, 'src'), { recursive: true });
    await writeFile(path.join(project, 'package.json'), JSON.stringify({ name: 'scratch-react', private: true, type: 'module' }));
    await sh(
      'npm',
      [...NPM_INSTALL, tarball, TYPESCRIPT, 'vite@8.3.8', 'react@19.3.1', 'react-dom@19.3.1', '@types/react@19.3.0', '@types/react-dom@19.3.0', '@tanstack/react-query@5.108.0'],
      project,
    );
    await writeFile(
      path.join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { target: 'es2022', lib: ['ES2023', 'DOM', 'DOM.Iterable'], module: 'esnext', moduleResolution: 'bundler', jsx: 'react-jsx', strict: true, noEmit: true, skipLibCheck: true, types: ['vite/client'] },
        include: ['src'],
      }),
    );
    await writeFile(
      path.join(project, 'src/App.tsx'),
      [
        "import { QueryClient, QueryClientProvider } from '@tanstack/react-query';",
        "import { createAppforgeClient } from '@appforge/sdk';",
        "import { AppforgeProvider, useAppName, useSession } from '@appforge/sdk/react';",
        "const client = createAppforgeClient({ url: import.meta.env.VITE_SUPABASE_URL as string, anonKey: 'key' });",
        'function Name({ appId }: { appId: string }) {',
        '  const session = useSession();',
        '  const name = useAppName(appId);',
        "  return <p>{session.status} {name.data ?? ''}</p>;",
        '}',
        'export function App() {',
        '  return (',
        '    <QueryClientProvider client={new QueryClient()}>',
        '      <AppforgeProvider client={client}><Name appId="a" /></AppforgeProvider>',
        '    </QueryClientProvider>',
        '  );',
        '}',
      ].join('\n'),
    );
    await sh(path.join(project, 'node_modules/.bin/tsc'), ['-p', '.'], project);
  }, 600_000);
});
