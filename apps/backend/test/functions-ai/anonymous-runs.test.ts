// Issue 26, items 3 and 4 on the real backend: a signed-out visitor's runs are limited by their
// address — the socket's, or X-Forwarded-For only when a TRUSTED_PROXIES hop sent it — never by a
// visitor_session or header they choose; and per app by the owner's budget of runs without sign-in
// per day (App.anonymous_runs_per_day), of which one address may use a fifth.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import { callFunction, seedApp, signedIn } from './helpers.js';

async function status(backend: TestBackend, body: Record<string, unknown>, headers: Record<string, string> = {}, token?: string): Promise<{ status: number; code?: string; message?: string }> {
  const response = await callFunction(backend, 'run-app', body, token, headers);
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
    await response.body?.cancel();
    return { status: response.status };
  }
  const error = (await response.json()) as { code?: string; message?: string };
  return { status: response.status, ...error };
}

let address = 0;
/** A fresh client address (TEST-NET-2), as a proxy would report it. */
function nextAddress(): string {
  address += 1;
  return `198.51.100.${address}`;
}

describe('without a trusted proxy', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend({ env: { RUN_RATE_LIMIT_PER_MINUTE: '2', TRUSTED_PROXIES: '' } });
  });
  afterAll(() => backend.stop());

  it('a caller-chosen visitor_session or X-Forwarded-For never gives a signed-out visitor a fresh allowance', async () => {
    const owner = await signedIn(backend);
    const { appId } = await seedApp(backend, owner.id);
    for (let i = 0; i < 2; i += 1) expect((await status(backend, { app_id: appId, visitor_session: randomUUID() })).status).toBe(200);
    const forged: Record<string, string>[] = [
      { 'x-forwarded-for': nextAddress() },
      { 'x-forwarded-for': `${nextAddress()}, ${nextAddress()}` },
      { 'x-real-ip': nextAddress() },
      { 'cf-connecting-ip': nextAddress() },
      { forwarded: `for=${nextAddress()}` },
      { 'x-forwarded-for': 'unknown' },
      { 'x-forwarded-for': '::1' },
      { 'x-forwarded-for': randomUUID() },
    ];
    let through = 0;
    for (const headers of forged) {
      const answer = await status(backend, { app_id: appId, visitor_session: randomUUID() }, headers);
      if (answer.status !== 429) through += 1;
      expect(answer).toMatchObject({ status: 429, code: 'rate_limited' });
    }
    expect({ attempts: forged.length, through }).toEqual({ attempts: 8, through: 0 });
  });

  it('refuses a TRUSTED_PROXIES entry that is not an address or a range, naming it', async () => {
    await expect(startTestBackend({ env: { TRUSTED_PROXIES: '127.0.0.1, caddy' } })).rejects.toThrow(/TRUSTED_PROXIES.*caddy/);
  });
});

describe('behind a trusted proxy (TRUSTED_PROXIES=127.0.0.1,::1)', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend({ env: { RUN_RATE_LIMIT_PER_MINUTE: '2', TRUSTED_PROXIES: '127.0.0.1,::1' } });
  });
  afterAll(() => backend.stop());

  it('each client address the proxy reports has its own allowance; an address the client put in front changes nothing', async () => {
    const owner = await signedIn(backend);
    const { appId } = await seedApp(backend, owner.id);
    const alice = nextAddress();
    for (let i = 0; i < 2; i += 1) expect((await status(backend, { app_id: appId }, { 'x-forwarded-for': alice })).status).toBe(200);
    expect(await status(backend, { app_id: appId }, { 'x-forwarded-for': alice })).toMatchObject({ status: 429 });
    // Alice puts a made-up address in front; the proxy appends hers.
    expect(await status(backend, { app_id: appId, visitor_session: randomUUID() }, { 'x-forwarded-for': `${nextAddress()}, ${alice}` })).toMatchObject({ status: 429 });
    expect((await status(backend, { app_id: appId }, { 'x-forwarded-for': nextAddress() })).status).toBe(200);
  });
});

describe('the owner’s budget of runs without sign-in', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend({ env: { RUN_RATE_LIMIT_PER_MINUTE: '100', TRUSTED_PROXIES: '127.0.0.1,::1' } });
  });
  afterAll(() => backend.stop());

  it('defaults to 50 a day per app, of which one address may use 10; other addresses and signed-in people still run', async () => {
    const owner = await signedIn(backend);
    const { appId } = await seedApp(backend, owner.id);
    expect((await owner.client.from('App').select('anonymous_runs_per_day').eq('id', appId).single()).data).toEqual({ anonymous_runs_per_day: 50 });
    const one = nextAddress();
    for (let i = 0; i < 10; i += 1) expect((await status(backend, { app_id: appId, visitor_session: randomUUID() }, { 'x-forwarded-for': one })).status).toBe(200);
    let through = 0;
    for (let i = 0; i < 5; i += 1) {
      const answer = await status(backend, { app_id: appId, visitor_session: randomUUID() }, { 'x-forwarded-for': one });
      if (answer.status === 200) through += 1;
      expect(answer).toMatchObject({ status: 401, code: 'sign_in_required', message: expect.stringMatching(/sign in/i) as unknown });
    }
    expect(through).toBe(0);
    expect((await status(backend, { app_id: appId }, { 'x-forwarded-for': nextAddress() })).status).toBe(200);
    const visitor = await signedIn(backend);
    expect((await status(backend, { app_id: appId }, { 'x-forwarded-for': one }, visitor.token)).status).toBe(200);
  });

  it('the owner sets it (0 to 100,000, validated); past it visitors are asked to sign in, the owner is told once, signed-in people still run', async () => {
    const owner = await signedIn(backend);
    const { appId } = await seedApp(backend, owner.id);
    for (const bad of [-1, 100_001, 2.5, 'many', null]) {
      const refused = await owner.client.from('App').update({ anonymous_runs_per_day: bad }).eq('id', appId).select('id');
      expect(refused.error).not.toBeNull();
      expect(refused.status).toBe(400);
    }
    const stranger = await signedIn(backend);
    expect((await stranger.client.from('App').update({ anonymous_runs_per_day: 100_000 }).eq('id', appId).select('id')).data ?? []).toEqual([]);
    expect((await owner.client.from('App').update({ anonymous_runs_per_day: 5 }).eq('id', appId).select('anonymous_runs_per_day')).data).toEqual([{ anonymous_runs_per_day: 5 }]);

    // Five visitors from five addresses (a fifth of 5 each: one run per address).
    const first = nextAddress();
    expect((await status(backend, { app_id: appId }, { 'x-forwarded-for': first })).status).toBe(200);
    expect(await status(backend, { app_id: appId }, { 'x-forwarded-for': first })).toMatchObject({ status: 401, code: 'sign_in_required' });
    for (let i = 0; i < 4; i += 1) expect((await status(backend, { app_id: appId }, { 'x-forwarded-for': nextAddress() })).status).toBe(200);
    let through = 0;
    for (let i = 0; i < 10; i += 1) {
      const answer = await status(backend, { app_id: appId, visitor_session: randomUUID() }, { 'x-forwarded-for': nextAddress() });
      if (answer.status === 200) through += 1;
      expect(answer).toMatchObject({ status: 401, code: 'sign_in_required', message: 'Topic explainer has had its 5 runs without sign-in today: sign in to run it' });
    }
    expect(through).toBe(0);
    const notices = await owner.client.from('CapNotice').select('message');
    expect(notices.data).toEqual([{ message: expect.stringContaining('5 runs without sign-in') as unknown }]);
    const visitor = await signedIn(backend);
    expect((await status(backend, { app_id: appId }, { 'x-forwarded-for': nextAddress() }, visitor.token)).status).toBe(200);
    // The owner's plan counted only the runs that were admitted (5 visitors + 1 signed-in).
    const used = await backend.db.query<{ used: string }>(`select used from public."UsageCounter" where owner_id = $1 and scope_key = 'owner' and metric = 'runs'`, [owner.id]);
    expect(Number(used.rows[0]?.used)).toBe(6);

    // 0: every visitor must sign in first.
    await owner.client.from('App').update({ anonymous_runs_per_day: 0 }).eq('id', appId);
    const other = await seedApp(backend, owner.id);
    await owner.client.from('App').update({ anonymous_runs_per_day: 0 }).eq('id', other.appId);
    expect(await status(backend, { app_id: other.appId }, { 'x-forwarded-for': nextAddress() })).toMatchObject({ status: 401, code: 'sign_in_required', message: 'Sign in to run Topic explainer' });
  });
});
