// pnpm bench:classroom [--postgres] [--students=40]: a class of `students` running an assigned app
// at once (real run-app with classId, offline model), while the teacher's live view listens to
// the class's AppRunStep inserts through supabase-js Realtime. Prints delivery latency (step row
// committed → the teacher's client has it, p50/p99) for one student alone (baseline) and for the
// whole class, their ratio, and the time the content check added per message (the real checker,
// timed around each call). Also the token-by-token live view: the class's private channel
// (run-app's live output), each message's delivery (sent → the teacher's client has it) and the
// time from a run's start to the teacher's first words of it. The offline model streams 3 words
// every 15 ms (the server's default pace).
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { createContentChecker } from '@appforge/functions';
import type { ContentChecker } from '@appforge/functions';
import { createClient, REALTIME_SUBSCRIBE_STATES } from '@supabase/supabase-js';
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { nodeWebSocket } from '../src/http/ws-transport.js';
import { option, percentile, startBenchBackend, TOPIC_SPEC } from './lib.js';

const real = createContentChecker();
const checkTimes: number[] = [];
const checker: ContentChecker = {
  async check(text, options) {
    const start = performance.now();
    const verdict = await real.check(text, options);
    checkTimes.push(performance.now() - start);
    return verdict;
  },
};

async function main(): Promise<void> {
  const students = option('students', 40);
  const bench = await startBenchBackend('bench_classroom', 'memory://', { RUN_RATE_LIMIT_PER_MINUTE: '100000', OFFLINE_MODEL_CHUNK_DELAY_MS: '15' }, checker);
  const { db, backend, url } = bench;
  const sign = (id: string, email: string) => backend.deps.jwt.sign({ sub: id, role: 'authenticated', aud: 'authenticated', email }, 3600);
  const teacherId = randomUUID();
  const teacherEmail = `teacher-${teacherId}@example.org`;
  await db.query('insert into auth.users (id, email) values ($1, $2)', [teacherId, teacherEmail]);
  await db.query('insert into public."SchoolTeacher" (user_id) values ($1)', [teacherId]);
  const klass = await db.query<{ id: string }>(`insert into public."Class" (teacher_id, name, runs_per_student_per_day) values ($1, 'Bench class', 10000) returning id`, [teacherId]);
  const classId = klass.rows[0]?.id ?? '';
  const app = await db.query<{ id: string }>(`insert into public."App" (owner_id, name) values ($1, 'Explainer') returning id`, [teacherId]);
  const appId = app.rows[0]?.id ?? '';
  const version = await db.query<{ id: string }>('insert into public."AppVersion" (app_id, spec, frozen, created_by) values ($1, $2, true, $3) returning id', [appId, JSON.stringify(TOPIC_SPEC), teacherId]);
  await db.query('update public."App" set deployed_version_id = $2, draft_version_id = $2 where id = $1', [appId, version.rows[0]?.id]);
  await db.query('insert into public."Assignment" (class_id, app_id) values ($1, $2)', [classId, appId]);
  const tokens: string[] = [];
  for (let i = 0; i < students + 1; i += 1) {
    const id = randomUUID();
    await db.query('insert into auth.users (id, email) values ($1, $2)', [id, `s${i}-${id}@example.org`]);
    await db.query('insert into public."ClassMember" (class_id, student_id, display_name) values ($1, $2, $3)', [classId, id, `Student ${i}`]);
    tokens.push(await sign(id, `s${i}@example.org`));
  }

  // The teacher's live view: every step row of the class's runs that RLS lets them hear.
  const teacherToken = await sign(teacherId, teacherEmail);
  const teacher = createClient(url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    accessToken: () => Promise.resolve(teacherToken),
    realtime: { transport: nodeWebSocket },
  });
  await teacher.realtime.setAuth();
  let latencies: number[] = [];
  await new Promise<void>((resolve, reject) => {
    teacher
      .channel('bench-live')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'AppRunStep' }, (payload: RealtimePostgresChangesPayload<Record<string, unknown>>) => {
        const created = (payload.new as { created_at?: string }).created_at;
        if (created) latencies.push(Date.now() - Date.parse(created));
      })
      .subscribe((status) => {
        if (status === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED) resolve();
        else if (status === REALTIME_SUBSCRIBE_STATES.CHANNEL_ERROR || status === REALTIME_SUBSCRIBE_STATES.TIMED_OUT) reject(new Error(status));
      });
  });

  // The token-by-token live view: the class's private channel.
  let deliveries: number[] = [];
  const firstWords = new Map<string, number>();
  await new Promise<void>((resolve, reject) => {
    teacher
      .channel(`class:${classId}:live`, { config: { private: true } })
      .on('broadcast', { event: 'output' }, ({ payload }: { payload: { sent_at: number; parts: { run_id: string }[] } }) => {
        deliveries.push(Date.now() - payload.sent_at);
        for (const part of payload.parts) if (!firstWords.has(part.run_id)) firstWords.set(part.run_id, Date.now());
      })
      .subscribe((status) => {
        if (status === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED) resolve();
        else if (status === REALTIME_SUBSCRIBE_STATES.CHANNEL_ERROR || status === REALTIME_SUBSCRIBE_STATES.TIMED_OUT) reject(new Error(status));
      });
  });
  const runStarts = new Map<string, number>();

  const run = async (token: string, i: number): Promise<void> => {
    const sent = Date.now();
    const response = await fetch(`${url}/functions/v1/run-app`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ app_id: appId, classId, inputs: { topic: `photosynthesis part ${i}` } }),
    });
    if (!response.ok) throw new Error(`run-app answered ${response.status}: ${await response.text()}`);
    const body = await response.text();
    const runId = /"run_id":"([0-9a-f-]{36})"/.exec(body)?.[1];
    if (runId) runStarts.set(runId, sent);
  };
  const firstWordTimes = () =>
    [...runStarts].flatMap(([runId, start]) => (firstWords.has(runId) ? [(firstWords.get(runId) ?? start) - start] : [])).sort((a, b) => a - b);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

  await run(tokens[students] ?? '', -1);
  await settle();
  const baseline = [...latencies].sort((a, b) => a - b);
  const baselineDeliveries = [...deliveries].sort((a, b) => a - b);
  const baselineFirst = firstWordTimes();
  latencies = [];
  deliveries = [];
  runStarts.clear();
  checkTimes.length = 0;
  const started = performance.now();
  await Promise.all(tokens.slice(0, students).map((token, i) => run(token, i)));
  const wall = performance.now() - started;
  await settle();
  const loaded = [...latencies].sort((a, b) => a - b);
  const loadedDeliveries = [...deliveries].sort((a, b) => a - b);
  const loadedFirst = firstWordTimes();
  const checks = [...checkTimes].sort((a, b) => a - b);

  const row = (label: string, values: number[]) =>
    `${label.padEnd(28)} ${String(values.length).padStart(6)} ${percentile(values, 50).toFixed(1).padStart(9)} ${percentile(values, 99).toFixed(1).padStart(9)}`;
  console.log(`classroom live view (${process.argv.includes('--postgres') ? 'PostgreSQL' : 'PGlite'}), ${students} students at once`);
  console.log(`${'scenario'.padEnd(28)} ${'steps'.padStart(6)} ${'p50 ms'.padStart(9)} ${'p99 ms'.padStart(9)}`);
  console.log(row('1 student (baseline)', baseline));
  console.log(row(`${students} students`, loaded));
  console.log(`p99 ratio vs baseline: ${(percentile(loaded, 99) / percentile(baseline, 99)).toFixed(2)}x; all ${students} runs took ${wall.toFixed(0)} ms`);
  console.log('');
  console.log('token by token (the class channel):');
  console.log(row('1 student: message delivery', baselineDeliveries).replace(/^/, ''));
  console.log(row(`${students} students: delivery`, loadedDeliveries));
  console.log(row('1 student: run → first words', baselineFirst));
  console.log(row(`${students} students: first words`, loadedFirst));
  console.log(`(rows: messages or runs; ${loadedDeliveries.length} messages for ${students} runs = one per class per tick, not per run)`);
  console.log('');
  console.log(
    `content check per message (the real checker, inputs, outputs and live pieces): ${checks.length} checks, p50 ${percentile(checks, 50).toFixed(3)} ms, p99 ${percentile(checks, 99).toFixed(3)} ms`,
  );
  await teacher.removeAllChannels();
  await bench.stop();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
