// Issue 27: the sign-in screen of a join link names the class. The join-class function's preview
// ({ code, preview: true }) is the one lookup by code a signed-out caller has: a valid open code
// gives the class's and school's names and nothing else, and it is limited per caller (address
// when signed out) and per code, so it is no way around the join-code limits (issue 26).
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOIN_PREVIEW_TRIES } from '@appforge/functions';
import { DATABASES, startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import { signedIn } from '../functions-ai/helpers.js';
import { createClass, teacher } from './helpers.js';

let backend: TestBackend;
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** POSTs to join-class as a signed-in person (their token) or signed out (null: the anon key). */
async function previewOf(token: string | null, body: unknown): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${backend.url}/functions/v1/join-class`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: backend.anonKey, authorization: `Bearer ${token ?? backend.anonKey}` },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

describe.each(DATABASES)('the join-class preview on %s', (database) => {
  let anon: SupabaseClient;

  beforeAll(async () => {
    backend = await startTestBackend({ database });
    anon = backend.client();
  });
  afterAll(() => backend.stop());

  it('gives a signed-out visitor the class’s and school’s names for a valid code, in any case and spacing, and nothing else', async () => {
    const owner = await teacher(backend);
    const school = await backend.db.query<{ id: string }>(`insert into public."School" (name) values ('North High') returning id`);
    const klass = await createClass(owner, { name: 'Biology 7B' });
    await backend.db.query('update public."Class" set school_id = $1 where id = $2', [school.rows[0]?.id, klass.id]);
    expect(await previewOf(null, { code: ` ${klass.join_code.toLowerCase()} `, preview: true })).toEqual({
      status: 200,
      body: { className: 'Biology 7B', schoolName: 'North High' },
    });
    const member = await signedIn(backend);
    expect(await previewOf(member.token, { code: klass.join_code, preview: true })).toEqual({ status: 200, body: { className: 'Biology 7B', schoolName: 'North High' } });
    // A preview joins nobody.
    const members = await backend.db.query('select 1 from public."ClassMember" where class_id = $1', [klass.id]);
    expect(members.rows).toEqual([]);
    // Without preview, a signed-out caller still has to sign in to join.
    expect((await previewOf(null, { code: klass.join_code })).status).toBe(401);
  });

  it('the old public lookup is gone: no anonymous RPC answers whether a code exists', async () => {
    const answer = await anon.rpc('class_join_preview', { code: 'ZZZZZZZZ' });
    expect(answer.data).toBeNull();
    expect(answer.error?.code).toBe('PGRST202');
  });

  it('refuses unknown, expired, archived and hostile codes in words, changing nothing', async () => {
    const owner = await teacher(backend);
    const expired = await createClass(owner, { name: 'Old code' });
    await backend.db.query(`update public."Class" set join_code_expires_at = now() - interval '1 minute' where id = $1`, [expired.id]);
    const archived = await createClass(owner, { name: 'Archived' });
    await backend.db.query('update public."Class" set archived_at = now() where id = $1', [archived.id]);
    const member = await signedIn(backend);
    const asked = async (body: unknown) => previewOf(member.token, body);
    expect(await asked({ code: 'ZZZZZZZZ', preview: true })).toMatchObject({ status: 404, body: { code: 'class_not_found' } });
    expect(await asked({ code: archived.join_code, preview: true })).toMatchObject({ status: 404, body: { code: 'class_not_found' } });
    expect(await asked({ code: expired.join_code, preview: true })).toMatchObject({ status: 410, body: { code: 'join_code_expired' } });
    for (const code of ['', "' or 1=1 --", '%', 'A'.repeat(10_000), 42]) {
      expect(await asked({ code, preview: true })).toMatchObject({ status: 400, body: { code: 'invalid_code' } });
    }
    expect(await asked({ code: 'ZZZZZZZZ', preview: 'yes' })).toMatchObject({ status: 400, body: { code: 'invalid_body' } });
    expect(await asked('{not json')).toMatchObject({ status: 400 });
    // Signed out, anything but a preview is "sign in first".
    expect(await previewOf(null, { code: 'ZZZZZZZZ', preview: false })).toMatchObject({ status: 401, body: { code: 'not_authenticated' } });
  });

  it(`limits a signed-out address to ${JOIN_PREVIEW_TRIES.points} lookups per ${JOIN_PREVIEW_TRIES.durationSeconds / 60} minutes, a signed-in person by account`, async () => {
    const owner = await teacher(backend);
    const klass = await createClass(owner, { name: 'Chemistry' });
    // The first test of this file looked up one code signed out from this same address.
    const allowed = JOIN_PREVIEW_TRIES.points - 1;
    const guessed: number[] = [];
    for (let attempt = 0; attempt < allowed + 1; attempt += 1) {
      const code = `ZZZZZZ${ALPHABET[Math.floor(attempt / ALPHABET.length)] ?? 'Z'}${ALPHABET[attempt % ALPHABET.length] ?? 'Z'}`;
      guessed.push((await previewOf(null, { code, preview: true })).status);
    }
    expect(guessed.slice(0, allowed).every((status) => status === 404)).toBe(true);
    expect(guessed.at(-1)).toBe(429);
    // Even the right code is refused from that address now…
    expect(await previewOf(null, { code: klass.join_code, preview: true })).toMatchObject({ status: 429, body: { code: 'rate_limited' } });
    // …while a signed-in person from the same address has their own allowance.
    const member = await signedIn(backend);
    expect(await previewOf(member.token, { code: klass.join_code, preview: true })).toMatchObject({ status: 200, body: { className: 'Chemistry' } });
  });
});
