// Usage roll-up and run clean-up (issue 12) on both engines: per-app, per-UTC-day rows recomputed
// from the runs (a second run changes nothing, two at once count nothing twice, a run crossing
// midnight counts on the day it started, a day without runs has no row), runs past the retention
// deleted with their steps while class runs and the roll-up's history stay, expired limiter rows,
// codes, flow states and MFA challenges deleted, and "AppUsageDay" readable only by the app's owner;
// public.app_runs_last_7_days (roll-up + live count across the boundary and midnight, the owner's
// apps only, hostile input refused).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUp, CLEANUP_BATCH, rollupUsage, USAGE_ROLLUP_JOB } from '../../src/jobs/usage-jobs.js';
import { JOB_SCHEMA } from '../../src/jobs/queue.js';
import { DATABASES, startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import { signedIn } from '../functions-ai/helpers.js';
import type { TestUser } from '../functions-ai/helpers.js';

const AUTH = { otpExpirySeconds: 3600, flowStateExpirySeconds: 300, mfaChallengeExpirySeconds: 300 };
const JOBS_OFF = { USAGE_ROLLUP_INTERVAL_MS: '0', RUN_CLEANUP_INTERVAL_MS: '0' };

interface UsageRow {
  app_id: string;
  day: string;
  runs: number;
  failed_runs: number;
  input_tokens: number;
  output_tokens: number;
}

async function newApp(backend: TestBackend, owner: TestUser, name = 'Quiz'): Promise<string> {
  const { rows } = await backend.db.query<{ id: string }>('insert into public."App" (owner_id, name) values ($1, $2) returning id', [owner.id, name]);
  return rows[0]?.id ?? '';
}

async function addRun(
  backend: TestBackend,
  appId: string,
  createdAt: string,
  options: { status?: string; usage?: unknown; finishedAt?: string; classId?: string; steps?: number } = {},
): Promise<string> {
  const { rows } = await backend.db.query<{ id: string }>(
    `insert into public."AppRun" (app_id, status, usage, started_at, created_at, finished_at, class_id)
     values ($1, $2, $3, $4, $4, $5, $6) returning id`,
    [appId, options.status ?? 'done', JSON.stringify(options.usage ?? { inputTokens: 0, outputTokens: 0 }), createdAt, options.finishedAt ?? createdAt, options.classId ?? null],
  );
  const id = rows[0]?.id ?? '';
  for (let step = 0; step < (options.steps ?? 0); step += 1) {
    await backend.db.query('insert into public."AppRunStep" (run_id, step_id, status) values ($1, $2, $3)', [id, `s${step}`, 'done']);
  }
  return id;
}

async function usageOf(backend: TestBackend, appIds: string[]): Promise<UsageRow[]> {
  const { rows } = await backend.db.query<UsageRow>(
    `select app_id, to_char(day, 'YYYY-MM-DD') as day, runs, failed_runs, input_tokens::int as input_tokens, output_tokens::int as output_tokens
       from public."AppUsageDay" where app_id = any($1::uuid[]) order by day, app_id`,
    [appIds],
  );
  return rows;
}

async function runsOf(backend: TestBackend, appId: string): Promise<number> {
  const { rows } = await backend.db.query<{ n: number }>('select count(*)::int as n from public."AppRun" where app_id = $1', [appId]);
  return rows[0]?.n ?? 0;
}

describe.each(DATABASES)('usage roll-up and run clean-up on %s', (database) => {
  let backend: TestBackend;
  let owner: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    backend = await startTestBackend({ database, env: JOBS_OFF });
    owner = await signedIn(backend);
    other = await signedIn(backend);
  }, 120_000);
  afterAll(() => backend?.stop());

  it('rolls up runs, failures and tokens per app and UTC day; a second run changes nothing', async () => {
    const quiz = await newApp(backend, owner);
    const poem = await newApp(backend, owner, 'Poem');
    // Yesterday (2026-03-09): two done, one failed; one started at 23:59:30 and finished after midnight.
    await addRun(backend, quiz, '2026-03-09T08:00:00Z', { usage: { inputTokens: 10, outputTokens: 20 } });
    await addRun(backend, quiz, '2026-03-09T12:00:00Z', { usage: { inputTokens: 5, outputTokens: 1 } });
    await addRun(backend, quiz, '2026-03-09T13:00:00Z', { status: 'failed', usage: { inputTokens: 3, outputTokens: 0 } });
    await addRun(backend, quiz, '2026-03-09T23:59:30Z', { finishedAt: '2026-03-10T00:00:30Z', usage: { inputTokens: 100, outputTokens: 200 } });
    // Today (2026-03-10), with hostile usage figures that count as nothing.
    await addRun(backend, quiz, '2026-03-10T00:00:00Z', { usage: { inputTokens: 'lots', outputTokens: -5 } });
    await addRun(backend, poem, '2026-03-10T09:30:00Z', { status: 'running', usage: { inputTokens: 7.9, outputTokens: 2 } });
    // Two days before: outside the window, not touched.
    await addRun(backend, poem, '2026-03-08T23:59:59Z');

    const now = new Date('2026-03-10T10:00:00Z');
    expect(await rollupUsage(backend.db, now)).toEqual({ from: '2026-03-09', to: '2026-03-10', changed: 3 });
    const expected: UsageRow[] = [
      { app_id: quiz, day: '2026-03-09', runs: 4, failed_runs: 1, input_tokens: 118, output_tokens: 221 },
      { app_id: quiz, day: '2026-03-10', runs: 1, failed_runs: 0, input_tokens: 0, output_tokens: 0 },
      { app_id: poem, day: '2026-03-10', runs: 1, failed_runs: 0, input_tokens: 7, output_tokens: 2 },
    ].sort((a, b) => (a.day === b.day ? a.app_id.localeCompare(b.app_id) : a.day.localeCompare(b.day)));
    expect(await usageOf(backend, [quiz, poem])).toEqual(expected);

    // Again: the same rows, nothing written.
    expect((await rollupUsage(backend.db, now)).changed).toBe(0);
    expect(await usageOf(backend, [quiz, poem])).toEqual(expected);

    // Four at once (several connections on PostgreSQL): still the same rows, nothing counted twice.
    await Promise.all([1, 2, 3, 4].map(() => rollupUsage(backend.db, now)));
    expect(await usageOf(backend, [quiz, poem])).toEqual(expected);
  });

  it('follows the runs: a finished run updates its day, a day whose runs are gone loses its row, an empty day has none', async () => {
    const app = await newApp(backend, owner);
    const run = await addRun(backend, app, '2026-04-01T22:00:00Z', { status: 'running' });
    const now = new Date('2026-04-02T06:00:00Z');
    await rollupUsage(backend.db, now);
    expect(await usageOf(backend, [app])).toEqual([{ app_id: app, day: '2026-04-01', runs: 1, failed_runs: 0, input_tokens: 0, output_tokens: 0 }]);

    await backend.db.query(`update public."AppRun" set status = 'failed', usage = '{"inputTokens": 4, "outputTokens": 6}' where id = $1`, [run]);
    expect((await rollupUsage(backend.db, now)).changed).toBe(1);
    expect(await usageOf(backend, [app])).toEqual([{ app_id: app, day: '2026-04-01', runs: 1, failed_runs: 1, input_tokens: 4, output_tokens: 6 }]);

    await backend.db.query('delete from public."AppRun" where id = $1', [run]);
    expect((await rollupUsage(backend.db, now)).changed).toBe(1);
    expect(await usageOf(backend, [app])).toEqual([]);
    // A window with no runs at all writes nothing.
    expect((await rollupUsage(backend.db, new Date('2030-01-01T00:00:00Z'))).changed).toBe(0);
  });

  it('refuses a backwards range', async () => {
    await expect(backend.db.query(`select public.rollup_app_usage('2026-03-10', '2026-03-09')`)).rejects.toThrow(/on or before/);
  });

  it('deletes runs past the retention with their steps, keeps class runs, recent runs and the usage history', async () => {
    const app = await newApp(backend, owner);
    const klass = await backend.db.query<{ id: string }>('insert into public."Class" (teacher_id, name) values ($1, $2) returning id', [owner.id, 'Year 9']);
    const classId = klass.rows[0]?.id ?? '';
    const now = new Date('2026-06-30T12:00:00Z');
    const old = await addRun(backend, app, '2026-05-01T10:00:00Z', { steps: 2, usage: { inputTokens: 1, outputTokens: 1 } });
    const classRun = await addRun(backend, app, '2026-05-01T11:00:00Z', { classId, steps: 1 });
    const edge = await addRun(backend, app, '2026-05-31T12:00:00Z'); // exactly 30 days: kept
    const recent = await addRun(backend, app, '2026-06-29T12:00:00Z');
    await rollupUsage(backend.db, new Date('2026-05-01T23:00:00Z'));
    const history = await usageOf(backend, [app]);
    expect(history).toEqual([{ app_id: app, day: '2026-05-01', runs: 2, failed_runs: 0, input_tokens: 1, output_tokens: 1 }]);

    // Every run of this database older than 30 days and not a class run (earlier tests' too).
    const due = await backend.db.query<{ n: number }>(
      `select count(*)::int as n from public."AppRun" where created_at < timestamptz '2026-05-31T12:00:00Z' and class_id is null`,
    );
    const summary = await cleanUp(backend.db, now, { runRetentionDays: 30, auth: AUTH });
    expect(summary.runs).toBe(due.rows[0]?.n);
    const { rows: left } = await backend.db.query<{ id: string }>('select id from public."AppRun" where app_id = $1 order by created_at', [app]);
    expect(left.map((row) => row.id)).toEqual([classRun, edge, recent]);
    const steps = await backend.db.query<{ n: number }>('select count(*)::int as n from public."AppRunStep" where run_id = any($1::uuid[])', [[old, classRun]]);
    expect(steps.rows[0]?.n).toBe(1);
    // The roll-up keeps the day's figures after its runs are gone (the day is outside its window now).
    await rollupUsage(backend.db, now);
    expect(await usageOf(backend, [app])).toEqual([
      ...history,
      { app_id: app, day: '2026-06-29', runs: 1, failed_runs: 0, input_tokens: 0, output_tokens: 0 },
    ]);
    // Again: nothing more to delete.
    expect((await cleanUp(backend.db, now, { runRetentionDays: 30, auth: AUTH })).runs).toBe(0);
    // RUN_RETENTION_DAYS=0 keeps every run.
    expect((await cleanUp(backend.db, new Date('2040-01-01T00:00:00Z'), { runRetentionDays: 0, auth: AUTH })).runs).toBe(0);
    expect(await runsOf(backend, app)).toBe(3);
  });

  it('deletes more runs than one batch in one pass, and two clean-ups at once delete each run once', async () => {
    const app = await newApp(backend, owner);
    const total = CLEANUP_BATCH * 2 + 37;
    await backend.db.query(
      `insert into public."AppRun" (app_id, status, created_at) select $1, 'done', timestamptz '2025-01-01T00:00:00Z' + make_interval(secs => g) from generate_series(1, $2) as g`,
      [app, total],
    );
    const now = new Date('2026-01-01T00:00:00Z');
    const [first, second] = await Promise.all([
      cleanUp(backend.db, now, { runRetentionDays: 30, auth: AUTH }),
      cleanUp(backend.db, now, { runRetentionDays: 30, auth: AUTH }),
    ]);
    expect((first?.runs ?? 0) + (second?.runs ?? 0)).toBe(total);
    expect(await runsOf(backend, app)).toBe(0);
  });

  it('deletes expired limiter counters, e-mail codes, OAuth flow states and MFA challenges, and nothing alive', async () => {
    const now = new Date();
    const key = `test-${randomUUID()}`;
    await backend.db.query('insert into appforge_internal.rate_limit (key, points, expire) values ($1, 1, $2), ($3, 1, $4), ($5, 1, null)', [
      `${key}-old`, now.getTime() - 1000, `${key}-live`, now.getTime() + 60_000, `${key}-forever`,
    ]);
    const user = await signedIn(backend);
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3600_000).toISOString();
    await backend.db.query(
      `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, created_at) values
         ($1, 'recovery_token', 'old', 'x', $2), ($1, 'confirmation_token', 'live', 'x', $3)`,
      [user.id, hoursAgo(2), hoursAgo(0.5)],
    );
    const [oldFlow, liveFlow] = [randomUUID(), randomUUID()];
    await backend.db.query(
      `insert into auth.flow_state (id, provider_type, authentication_method, created_at) values ($1, 'google', 'oauth', $2), ($3, 'google', 'oauth', $4)`,
      [oldFlow, hoursAgo(1), liveFlow, hoursAgo(0.1)],
    );
    const factor = randomUUID();
    await backend.db.query(`insert into auth.mfa_factors (id, user_id, factor_type, status) values ($1, $2, 'totp', 'verified')`, [factor, user.id]);
    const [oldChallenge, liveChallenge] = [randomUUID(), randomUUID()];
    await backend.db.query('insert into auth.mfa_challenges (id, factor_id, created_at) values ($1, $2, $3), ($4, $2, $5)', [
      oldChallenge, factor, hoursAgo(1), liveChallenge, hoursAgo(0.01),
    ]);

    const summary = await cleanUp(backend.db, now, { runRetentionDays: 0, auth: AUTH });
    expect(summary).toMatchObject({ rateLimits: expect.any(Number) as number, oneTimeTokens: 1, flowStates: 1, mfaChallenges: 1 });
    const limits = await backend.db.query<{ key: string }>('select key from appforge_internal.rate_limit where key like $1 order by key', [`${key}-%`]);
    expect(limits.rows.map((row) => row.key)).toEqual([`${key}-forever`, `${key}-live`]);
    const tokens = await backend.db.query<{ token_hash: string }>('select token_hash from auth.one_time_tokens where user_id = $1', [user.id]);
    expect(tokens.rows).toEqual([{ token_hash: 'live' }]);
    const flows = await backend.db.query<{ id: string }>('select id from auth.flow_state where id = any($1::uuid[])', [[oldFlow, liveFlow]]);
    expect(flows.rows).toEqual([{ id: liveFlow }]);
    const challenges = await backend.db.query<{ id: string }>('select id from auth.mfa_challenges where factor_id = $1', [factor]);
    expect(challenges.rows).toEqual([{ id: liveChallenge }]);
  });

  it('lets only the app owner read "AppUsageDay", and nobody write it or call the jobs over the API', async () => {
    const app = await newApp(backend, owner);
    await addRun(backend, app, new Date().toISOString());
    await rollupUsage(backend.db, new Date());
    const mine = await owner.client.from('AppUsageDay').select('app_id, runs').eq('app_id', app);
    expect(mine.error).toBeNull();
    expect(mine.data).toEqual([{ app_id: app, runs: 1 }]);
    const theirs = await other.client.from('AppUsageDay').select('app_id').eq('app_id', app);
    expect(theirs.data).toEqual([]);
    const anon = await backend.client().from('AppUsageDay').select('app_id').eq('app_id', app);
    expect(anon.error?.code).toBe('42501');

    const day = new Date().toISOString().slice(0, 10);
    for (const client of [owner.client, other.client]) {
      const inserted = await client.from('AppUsageDay').insert({ app_id: app, day: '2020-01-01', runs: 5 });
      expect(inserted.error?.code).toBe('42501');
      const updated = await client.from('AppUsageDay').update({ runs: 99 }).eq('app_id', app);
      expect(updated.error?.code).toBe('42501');
      const deleted = await client.from('AppUsageDay').delete().eq('app_id', app);
      expect(deleted.error?.code).toBe('42501');
      const rollup = await client.rpc('rollup_app_usage', { p_from: day, p_to: day });
      expect(rollup.error?.code).toBe('42501');
      const cleanup = await client.rpc('cleanup_runs', { p_before: new Date().toISOString(), p_limit: 10 });
      expect(cleanup.error?.code).toBe('42501');
    }
    expect(await usageOf(backend, [app])).toMatchObject([{ runs: 1 }]);
    expect(await runsOf(backend, app)).toBe(1);
  });

  // public.app_runs_last_7_days (20261126001000): the Home cards' count, read as counts.
  describe('app_runs_last_7_days', () => {
    const DAY_MS = 24 * 60 * 60 * 1000;
    /** An instant `daysAgo` UTC days before today, at the given UTC time of day. */
    const at = (daysAgo: number, time: string) => `${new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10)}T${time}Z`;
    const counts = async (user: TestUser, ids: unknown) => {
      const { data, error } = await user.client.rpc('app_runs_last_7_days', { p_app_ids: ids });
      expect(error).toBeNull();
      return new Map((data as { app_id: string; runs: number }[]).map((row) => [row.app_id, row.runs]));
    };

    it('adds the roll-up of the five older days to a live count of yesterday and today, each run on the UTC day it was created', async () => {
      const quiz = await newApp(backend, owner);
      const poem = await newApp(backend, owner, 'Poem');
      const rolledRuns = [
        await addRun(backend, quiz, at(6, '00:00:00.000')), // the first instant of the oldest day
        await addRun(backend, quiz, at(2, '23:59:59.999')), // the last instant before the live days
        await addRun(backend, poem, at(3, '12:00:00')),
      ];
      await addRun(backend, quiz, at(7, '23:59:59.999')); // the day before the window: never counted
      await addRun(backend, quiz, at(1, '00:00:00.000'), { finishedAt: at(0, '00:00:30') }); // yesterday's first instant
      await addRun(backend, quiz, new Date().toISOString());
      await addRun(backend, poem, new Date().toISOString(), { status: 'failed' });

      // Nothing rolled up yet: only the live days count.
      expect(await counts(owner, [quiz, poem])).toEqual(new Map([[quiz, 2], [poem, 1]]));
      await backend.db.query('select public.rollup_app_usage($1::date, $2::date)', [at(9, '00:00:00').slice(0, 10), at(2, '00:00:00').slice(0, 10)]);
      expect(await counts(owner, [quiz, poem])).toEqual(new Map([[quiz, 4], [poem, 2]]));
      // The job's roll-up of yesterday and today counts nothing twice.
      await rollupUsage(backend.db, new Date());
      expect(await counts(owner, [quiz, poem])).toEqual(new Map([[quiz, 4], [poem, 2]]));
      // The clean-up deletes the older runs; the roll-up keeps their count.
      await backend.db.query('delete from public."AppRun" where id = any($1::uuid[])', [rolledRuns]);
      expect(await counts(owner, [quiz, poem])).toEqual(new Map([[quiz, 4], [poem, 2]]));
      // An app without runs answers 0; an id given twice answers once.
      const empty = await newApp(backend, owner, 'Empty');
      const { data } = await owner.client.rpc('app_runs_last_7_days', { p_app_ids: [empty, empty] });
      expect(data).toEqual([{ app_id: empty, runs: 0 }]);
    });

    it("answers nothing for another user's apps, even their runs of it; refuses a signed-out caller and the service role", async () => {
      const mine = await newApp(backend, owner);
      const theirs = await newApp(backend, other, 'Theirs');
      await addRun(backend, mine, new Date().toISOString());
      await addRun(backend, theirs, new Date().toISOString());
      await rollupUsage(backend.db, new Date());
      // The other user runs the owner's app: RLS lets them read that run, yet it is not their app.
      await backend.db.query(`insert into public."AppRun" (app_id, runner_user_id, status) values ($1, $2, 'done')`, [mine, other.id]);
      const readable = await other.client.from('AppRun').select('id').eq('app_id', mine);
      expect(readable.data).toHaveLength(1);

      expect(await counts(other, [mine])).toEqual(new Map());
      expect(await counts(owner, [mine, theirs])).toEqual(new Map([[mine, 2]]));
      expect(await counts(other, [mine, theirs])).toEqual(new Map([[theirs, 1]]));
      const anon = await backend.client().rpc('app_runs_last_7_days', { p_app_ids: [mine] });
      expect(anon.error?.code).toBe('42501');
      expect(anon.data).toBeNull();
      // Granted to signed-in people only: not even the service role calls it.
      const service = await backend.serviceClient().rpc('app_runs_last_7_days', { p_app_ids: [mine] });
      expect(service.error?.code).toBe('42501');
    });

    it('refuses too many ids, ids that are not uuids and no list with a clear error, and changes nothing', async () => {
      const app = await newApp(backend, owner);
      await addRun(backend, app, new Date().toISOString());
      await rollupUsage(backend.db, new Date());
      const usageBefore = await usageOf(backend, [app]);

      const tooMany = await owner.client.rpc('app_runs_last_7_days', { p_app_ids: [app, ...Array.from({ length: 1000 }, () => randomUUID())] });
      expect(tooMany.error).toMatchObject({ code: '22023', message: expect.stringContaining('at most 1000 app ids') as string });
      const notUuids = await owner.client.rpc('app_runs_last_7_days', { p_app_ids: [app, "x'); delete from \"AppRun\"; --"] });
      expect(notUuids.error?.code).toBe('22P02');
      expect(notUuids.error?.message).toMatch(/uuid/);
      const none = await owner.client.rpc('app_runs_last_7_days', { p_app_ids: null });
      expect(none.error).toMatchObject({ code: '22023', message: expect.stringContaining('give a list of app ids') as string });
      for (const refused of [tooMany, notUuids, none]) expect(refused.data).toBeNull();

      expect(await usageOf(backend, [app])).toEqual(usageBefore);
      expect(await runsOf(backend, app)).toBe(1);
      // 1000 ids is the most, and fine.
      expect(await counts(owner, [app, ...Array.from({ length: 999 }, () => randomUUID())])).toEqual(new Map([[app, 1]]));
    });
  });
});

describe('usage roll-up as a job on two backends sharing one PostgreSQL', () => {
  let first: TestBackend;
  let second: TestBackend;
  beforeAll(async () => {
    first = await startTestBackend({ database: 'postgres', env: { USAGE_ROLLUP_INTERVAL_MS: '1000', RUN_CLEANUP_INTERVAL_MS: '0' } });
    second = await startTestBackend({
      database: 'postgres',
      env: { DATABASE_URL: first.config.databaseUrl ?? '', USAGE_ROLLUP_INTERVAL_MS: '1000', RUN_CLEANUP_INTERVAL_MS: '0' },
    });
  }, 120_000);
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
  });

  it('keeps the rows equal to the runs, counted once, while both offer the job every second', async () => {
    const owner = await signedIn(first);
    const app = await newApp(first, owner);
    for (let n = 0; n < 5; n += 1) await addRun(first, app, new Date().toISOString(), { usage: { inputTokens: 2, outputTokens: 3 } });
    const deadline = Date.now() + 30_000;
    let rows = await usageOf(first, [app]);
    while (rows[0]?.runs !== 5 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      rows = await usageOf(first, [app]);
    }
    const day = new Date().toISOString().slice(0, 10);
    expect(rows).toEqual([{ app_id: app, day, runs: 5, failed_runs: 0, input_tokens: 10, output_tokens: 15 }]);
    // Several more slots go by: still counted once.
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(await usageOf(second, [app])).toEqual(rows);
    const jobs = await first.db.query<{ n: number }>(`select count(*)::int as n from ${JOB_SCHEMA}.job where name = $1 and state = 'completed'`, [USAGE_ROLLUP_JOB]);
    expect(jobs.rows[0]?.n).toBeGreaterThanOrEqual(2);
  }, 60_000);
});
