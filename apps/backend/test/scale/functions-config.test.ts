// supabase/config.toml: every Edge Function is listed with its verify_jwt, and the embedded
// functions host applies the same setting as the Supabase gateway.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { functions } from '@appforge/functions';
import type { FunctionRegistry } from '@appforge/functions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { defaultConfigPath, readFunctionSettings } from '../../src/functions/config.js';
import { startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';

const functionsDir = join(defaultConfigPath(), '..', 'functions');

describe('supabase/config.toml', () => {
  it('lists every folder of supabase/functions, and nothing else', () => {
    const folders = readdirSync(functionsDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
      .map((entry) => entry.name)
      .sort();
    expect(folders.length).toBeGreaterThan(0);
    expect(readFunctionSettings().listed).toEqual(folders);
  });

  it('gives every folder an index.ts and the one shared import map (scripts/edge-deno-json.mjs)', () => {
    const script = join(functionsDir, '..', '..', 'scripts', 'edge-deno-json.mjs');
    const result = spawnSync(process.execPath, [script, '--check'], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('lists only functions the embedded backend hosts', () => {
    for (const name of readFunctionSettings().listed) expect(Object.keys(functions)).toContain(name);
  });

  it('refuses a malformed file, naming it and the bad setting', () => {
    const dir = mkdtempSync(join(tmpdir(), 'appforge-config-'));
    try {
      const path = join(dir, 'config.toml');
      writeFileSync(path, '[functions.run-app]\nverify_jwt = "no"\n');
      expect(() => readFunctionSettings(path)).toThrow(/config\.toml: functions\.run-app\.verify_jwt: verify_jwt must be true or false/);
      writeFileSync(path, '[functions.run-app\n');
      expect(() => readFunctionSettings(path)).toThrow(/config\.toml/);
      writeFileSync(path, 'project_id = "x"\n[functions.open]\nverify_jwt = false\n');
      const settings = readFunctionSettings(path);
      expect([settings.verifyJwt('open'), settings.verifyJwt('unlisted')]).toEqual([false, true]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the functions host honours verify_jwt', () => {
  let backend: TestBackend;
  const registry: FunctionRegistry = {
    open: (_req, ctx) => Promise.resolve(Response.json({ caller: ctx.caller?.id ?? null })),
    closed: (_req, ctx) => Promise.resolve(Response.json({ caller: ctx.caller?.id ?? null })),
  };
  beforeAll(async () => {
    backend = await startTestBackend();
  });
  afterAll(async () => {
    await backend?.stop();
  });

  it('runs a verify_jwt = false function without a valid token, and still names a verified caller', async () => {
    const app = createApp(backend.deps, { functions: registry, verifyJwt: (name) => name !== 'open' });
    const call = async (name: string, authorization?: string) => {
      const response = await app.request(`/functions/v1/${name}`, {
        method: 'POST',
        headers: authorization ? { authorization } : {},
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const userId = '0b8e3c52-4a43-4a8e-9d5f-1f1c4f0e7a11';
    const token = await backend.deps.jwt.sign({ sub: userId, role: 'authenticated', aud: 'authenticated' }, 3600);

    expect(await call('open')).toEqual({ status: 200, body: { caller: null } });
    expect(await call('open', 'Bearer not-a-jwt')).toEqual({ status: 200, body: { caller: null } });
    expect(await call('open', `Bearer ${token}`)).toEqual({ status: 200, body: { caller: userId } });

    expect(await call('closed')).toMatchObject({ status: 401, body: { code: 'missing_authorization' } });
    expect(await call('closed', 'Bearer not-a-jwt')).toMatchObject({ status: 401, body: { code: 'invalid_jwt' } });
    expect(await call('closed', `Bearer ${token}`)).toEqual({ status: 200, body: { caller: userId } });
  });
});
