// Issue 27: the sign-in screen of a join link names the class. class_join_preview is the one
// public lookup: a valid code gives the class's and school's names and nothing else.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import { signedIn } from '../functions-ai/helpers.js';
import { createClass, teacher } from './helpers.js';

let backend: TestBackend;

describe.each(DATABASES)('class_join_preview on %s', (database) => {
  let anon: SupabaseClient;

  beforeAll(async () => {
    backend = await startTestBackend({ database });
    anon = backend.client();
  });
  afterAll(() => backend.stop());

  it('gives a signed-out visitor the class’s and school’s names for a valid code, in any case and spacing', async () => {
    const owner = await teacher(backend);
    const school = await backend.db.query<{ id: string }>(`insert into public."School" (name) values ('North High') returning id`);
    const klass = await createClass(owner, { name: 'Biology 7B' });
    await backend.db.query('update public."Class" set school_id = $1 where id = $2', [school.rows[0]?.id, klass.id]);
    const answer = await anon.rpc('class_join_preview', { code: ` ${klass.join_code.toLowerCase()} ` });
    expect(answer.error).toBeNull();
    expect(answer.data).toEqual({ class_name: 'Biology 7B', school_name: 'North High' });
    const signedInAnswer = await (await signedIn(backend)).client.rpc('class_join_preview', { code: klass.join_code });
    expect(signedInAnswer.data).toEqual({ class_name: 'Biology 7B', school_name: 'North High' });
  });

  it('says nothing (null) for an unknown, expired, archived or hostile code', async () => {
    const owner = await teacher(backend);
    const expired = await createClass(owner, { name: 'Old code' });
    await backend.db.query(`update public."Class" set join_code_expires_at = now() - interval '1 minute' where id = $1`, [expired.id]);
    const archived = await createClass(owner, { name: 'Archived' });
    await backend.db.query('update public."Class" set archived_at = now() where id = $1', [archived.id]);
    for (const code of ['ZZZZZZZZ', expired.join_code, archived.join_code, '', "' or 1=1 --", '%', 'A'.repeat(10_000)]) {
      const answer = await anon.rpc('class_join_preview', { code });
      expect(answer.error).toBeNull();
      expect(answer.data).toBeNull();
    }
  });
});
