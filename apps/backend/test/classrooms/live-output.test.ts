// Issue 19: the teacher's live view token by token. run-app broadcasts a class run's AI output as
// it is generated on the private channel `class:<id>:live`; RLS on realtime.messages lets only the
// class's teacher join; flagged output is withheld. Through supabase-js on the real backend.
import { randomUUID } from 'node:crypto';
import { createContentChecker } from '@appforge/functions';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import { callFunction, readSse, seedApp, signedIn, topicSpec } from '../functions-ai/helpers.js';
import type { TestUser } from '../functions-ai/helpers.js';
import { subscribed, until } from '../realtime/helpers.js';
import { createClass, enrol, teacher } from './helpers.js';

type Part = { run_id: string; step_id: string; from?: number; text?: string; withheld?: string[] };
interface Heard {
  at: number;
  parts: Part[];
}

describe.each(DATABASES)('class live output on %s', (database) => {
  let backend: TestBackend;
  let owner: TestUser;
  let otherTeacher: TestUser;
  let student: TestUser;
  let classId: string;
  let appId: string;
  const clients: SupabaseClient[] = [];

  beforeAll(async () => {
    // The offline model paced like a real stream (3 words per chunk every 40 ms).
    backend = await startTestBackend({ database, env: { OFFLINE_MODEL_CHUNK_DELAY_MS: '40' }, contentChecker: createContentChecker() });
    owner = await teacher(backend);
    otherTeacher = await teacher(backend);
    student = await signedIn(backend);
    classId = (await createClass(owner)).id;
    await enrol(backend, classId, student.id, 'Sam');
    appId = (await seedApp(backend, owner.id, { spec: topicSpec('Explain {{topic}} simply, step by step, for a class of twelve-year-olds.') })).appId;
    await backend.db.query('insert into public."Assignment" (class_id, app_id) values ($1, $2)', [classId, appId]);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.removeAllChannels()));
    await backend.stop();
  });

  async function realtimeAs(user: TestUser | null): Promise<SupabaseClient> {
    const client = user ? backend.client({ accessToken: () => Promise.resolve(user.token) }) : backend.client();
    clients.push(client);
    if (user) await client.realtime.setAuth();
    return client;
  }

  async function listen(user: TestUser | null, heard: Heard[], isPrivate = true): Promise<void> {
    const client = await realtimeAs(user);
    await subscribed(
      client
        .channel(`class:${classId}:live`, { config: { private: isPrivate } })
        .on('broadcast', { event: 'output' }, ({ payload }) => heard.push({ at: Date.now(), parts: (payload as { parts: Part[] }).parts })),
    );
  }

  async function runClassApp(topic: string): Promise<{ runId: string; endedAt: number; output: string }> {
    const response = await callFunction(backend, 'run-app', { app_id: appId, classId, inputs: { topic } }, student.token, {
      'x-forwarded-for': randomUUID(),
    });
    const events = await readSse(response);
    const endedAt = Date.now();
    const runId = String((events.find((event) => event.event === 'run')?.data as { run_id: string }).run_id);
    const done = events.find((event) => event.event === 'run_done');
    expect(done).toBeDefined();
    const output = String((events.find((event) => event.event === 'step_output' && (event.data as { stepId: string }).stepId === 'write')?.data as { value: string }).value);
    return { runId, endedAt, output };
  }

  /** The text a listener rebuilds from the parts it heard (as the live view does). */
  function rebuild(heard: Heard[], runId: string): string {
    let text = '';
    for (const part of heard.flatMap((message) => message.parts).filter((candidate) => candidate.run_id === runId)) {
      if (part.text === undefined || part.from === undefined) continue;
      if (part.from === 0 || part.from === text.length) text = text.slice(0, part.from) + part.text;
    }
    return text;
  }

  it("only the class's teacher may join the channel; another teacher, a student and anon are refused, and nobody but the server sends", async () => {
    await listen(owner, []);
    for (const user of [otherTeacher, student, null]) {
      await expect(listen(user, [])).rejects.toThrow(/Unauthorized: You do not have permissions to read/);
    }
    // A topic that is not a class channel, or another class's, is closed too.
    const other = await createClass(otherTeacher, { name: 'Chemistry' });
    const client = await realtimeAs(owner);
    await expect(subscribed(client.channel(`class:${other.id}:live`, { config: { private: true } }))).rejects.toThrow(/Unauthorized/);
    await expect(subscribed(client.channel(`class:not-a-uuid:live`, { config: { private: true } }))).rejects.toThrow(/Unauthorized/);
    // Sending fake output: the teacher and the student are refused (no insert policy).
    for (const user of [owner, student]) {
      const sent = await fetch(`${backend.url}/realtime/v1/api/broadcast`, {
        method: 'POST',
        headers: { apikey: backend.anonKey, authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [{ topic: `class:${classId}:live`, event: 'output', payload: { parts: [] }, private: true }] }),
      });
      expect(sent.status).toBe(403);
    }
  });

  it('the teacher receives the output as it is generated, before the run ends, and it adds up to the final output', async () => {
    const teacherHeard: Heard[] = [];
    const publicHeard: Heard[] = [];
    await listen(owner, teacherHeard);
    // Someone on the public channel of the same name hears nothing of the private one.
    await listen(student, publicHeard, false);
    const { runId, endedAt, output } = await runClassApp('photosynthesis in green plants and how leaves make sugar from light');
    await until(() => rebuild(teacherHeard, runId) === output || undefined, 'the live text reaching the final output');
    const mine = teacherHeard.filter((message) => message.parts.some((part) => part.run_id === runId));
    // Several messages, the first while the run was still streaming; each a growing prefix.
    expect(mine.length).toBeGreaterThanOrEqual(3);
    expect(mine[0]?.at).toBeLessThan(endedAt);
    const firstText = rebuild(mine.slice(0, 1), runId);
    expect(firstText.length).toBeGreaterThan(0);
    expect(firstText.length).toBeLessThan(output.length);
    expect(output.startsWith(firstText)).toBe(true);
    expect(mine.flatMap((message) => message.parts).every((part) => part.step_id === 'write' && part.withheld === undefined)).toBe(true);
    // Throttled: never more than one message per 100 ms to the class.
    for (let i = 1; i < mine.length; i += 1) expect((mine[i]?.at ?? 0) - (mine[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual(90);
    expect(publicHeard).toEqual([]);
  });

  it('flagged output is withheld from the live view: the teacher is told which check flagged it, never the text', async () => {
    const heard: Heard[] = [];
    await listen(owner, heard);
    // The offline model repeats the input in its answer: the answer carries the phrase. (Violence,
    // not self-harm: a self-harm input gets the supportive message instead of any answer.)
    const { runId } = await runClassApp('why would a story say I hate my classmate and want to hurt him');
    const parts = await until(() => {
      const found = heard.flatMap((message) => message.parts).filter((part) => part.run_id === runId);
      return found.some((part) => part.withheld) ? found : undefined;
    }, 'the withheld notice');
    expect(parts.find((part) => part.withheld)?.withheld).toContain('violence');
    expect(parts.map((part) => part.text ?? '').join('')).not.toMatch(/hurt him/i);
    // The alert itself is there for the teacher, as before.
    const alerts = await owner.client.from('SafetyAlert').select('direction, categories').eq('run_id', runId);
    expect(alerts.data).toEqual(expect.arrayContaining([expect.objectContaining({ direction: 'output', categories: ['violence'] })]));
  });
});
