// The role matrix (issue 26): for every table in the public schema — read from the catalogue, so a
// new table fails this test until it is listed below — and for six callers, what each may select,
// insert, update and delete, stated as ONE table and checked against the real backend through
// real supabase-js clients carrying real JWTs (PostgREST → Postgres row-level security and grants).
//
// The callers: anon (the public key, no session), another signed-in user, the owner (a creator with
// an app, a bundle, a database, an API, a key, a domain, purchases…), a teacher whose class was
// given the owner's public app, a student of that class, and the service role (server functions).
//
// What a cell means, for the table's row that belongs to the owner (or to the teacher's class):
//   s  select: the caller sees the seeded row
//   i  insert: the caller creates a new row of that kind in the owner's space (same app, bundle,
//      database, class… as the seeded one); checked afterwards as the database's owner
//   u  update: the caller changes a column of such a row (a fresh one made by the server)
//   d  delete: the caller deletes such a row (a fresh one made by the server)
//   -  refused (an error, or nothing changed)
//   .  not tried: the table holds fixed configuration rows (Plan, DatabaseLimit), so only reading
//      and changing its row are
import { randomBytes, randomUUID } from 'node:crypto';
import { REALTIME_SUBSCRIBE_STATES } from '@supabase/supabase-js';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../functions-ai/helpers.js';
import type { TestUser } from '../functions-ai/helpers.js';
import { teacher as makeTeacher } from '../classrooms/helpers.js';
import { startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';

const ROLES = ['anon', 'other', 'owner', 'teacher', 'student', 'service'] as const;
type Role = (typeof ROLES)[number];
const OPS = ['s', 'i', 'u', 'd'] as const;

const MATRIX: readonly (readonly [row: string, anon: string, other: string, owner: string, teacher: string, student: string, service: string])[] = [
  //  table (subject row)             anon    other   owner   teacher student service
  ['AllowedUser',                     '----', '----', 'si-d', '----', '----', 'siud'],
  ['Api',                             '----', '----', 'siud', '----', '----', 'siud'],
  ['ApiEndpoint',                     '----', '----', 'siud', '----', '----', 'siud'],
  ['ApiKey',                          '----', '----', 's---', '----', '----', 'siud'],
  ['ApiKeyUsageDay',                  '----', '----', 's---', '----', '----', 'siud'],
  ['ApiSecret',                       '----', '----', '----', '----', '----', 'siud'],
  ['App',                             's---', 's---', 'siud', 's---', 's---', 'siud'],
  ['AppConfig',                       '----', '----', 'siud', '----', '----', 'siud'],
  ['AppDeploy',                       '----', '----', 's---', '----', '----', 'siud'], // issue 30: written by deploy-app only
  ['AppDescription',                  '-i--', '-i--', 'si--', '-i--', '-i--', 'siud'],
  ['AppRun',                          '----', '----', 's---', '----', '----', 'siud'],
  ['AppRun (class run)',              '----', '----', '----', 's---', 's---', 'siud'], // issue 26 item 3
  ['AppRunApiCall',                   '----', '----', 's---', '----', '----', 'siud'],
  ['AppRunApiCall (class run)',       '----', '----', '----', 's---', '----', 'siud'], // issue 26 item 3
  ['AppRunStep',                      '----', '----', 's---', '----', '----', 'siud'],
  ['AppRunStep (class run)',          '----', '----', '----', 's---', 's---', 'siud'], // issue 26 item 3
  ['AppTestCase',                     '----', '----', 'siud', '----', '----', 'siud'], // issue 30
  ['AppTestResult',                   '----', '----', 's---', '----', '----', 'siud'], // issue 30
  ['AppTestRun',                      '----', '----', 's---', '----', '----', 'siud'], // issue 30
  ['AppUsageDay',                     '----', '----', 's---', '----', '----', 'siud'],
  ['AppVersion',                      's---', 's---', 'siud', 's---', 's---', 'siud'],
  ['Assignment',                      '----', '----', '----', 'siud', 's---', 'siud'],
  ['Bundle',                          's---', 's---', 'siud', 's---', 's---', 'siud'],
  ['BundleApp',                       's---', 's---', 'siud', 's---', 's---', 'siud'],
  ['CapNotice',                       '----', '----', 's---', '----', '----', 'siud'],
  ['CheckoutSession',                 '----', '----', '----', '----', '----', 'siud'],
  ['Class',                           '----', '----', '----', 'siud', '----', 'siud'],
  ['ClassMember',                     '----', '----', '----', 's-ud', 's--d', 'siud'],
  ['CustomDomain',                    's---', 's---', 's--d', 's---', 's---', 'siud'],
  ['Database',                        '----', '----', 'siud', '----', '----', 'siud'],
  ['DatabaseLimit',                   '-.-.', 's.-.', 's.-.', 's.-.', 's.-.', 's.u.'],
  ['DatabaseRow',                     '----', '----', 'siud', '----', '----', 'siud'],
  ['DatabaseSortColumn',              '----', '----', 's---', '----', '----', 'siud'],
  ['DatabaseSortKey',                 '----', '----', 's---', '----', '----', 'siud'],
  ['DatabaseTable',                   '----', '----', 'siud', '----', '----', 'siud'],
  ['DatabaseTableStats',              '----', '----', 's---', '----', '----', 'siud'],
  ['PaymentEvent',                    '----', '----', '----', '----', '----', 'siud'],
  ['Plan',                            's.-.', 's.-.', 's.-.', 's.-.', 's.-.', 's.u.'],
  ['Purchase',                        '----', '----', 's---', '----', '----', 'siud'],
  ['SafetyAlert',                     '----', '----', '----', 's-u-', '----', 'siud'],
  ['School',                          '----', '----', '----', '----', '----', 'siud'],
  ['SchoolTeacher',                   '----', '----', '----', '----', '----', 'siud'],
  ['UsageCap',                        '----', '----', 'siud', '----', '----', 'siud'],
  ['UsageCounter',                    '----', '----', 's---', '----', '----', 'siud'],
  ['User',                            '----', '----', 's-u-', '----', '----', 'siud'],
  ['access_allow_list',               '----', '----', '----', '----', '----', 'siud'],
  ['platform_host',                   '----', '----', '----', '----', '----', 'siud'],
  ['school_member',                   '----', '----', 's---', '----', '----', 'siud'],
];

// Realtime: who hears postgres_changes when the server inserts a new row of that kind into the
// owner's space (y = delivered, - = not), for every table in the supabase_realtime publication.
const REALTIME: readonly (readonly [row: string, anon: string, other: string, owner: string, teacher: string, student: string, service: string])[] = [
  //  table (subject row)             anon other owner teacher student service
  ['App',                             '-', '-', 'y', '-', '-', 'y'],
  ['AppRun',                          '-', '-', 'y', '-', '-', 'y'],
  ['AppRun (class run)',              '-', '-', '-', 'y', 'y', 'y'], // issue 26 item 3
  ['AppRunStep',                      '-', '-', 'y', '-', '-', 'y'],
  ['AppRunStep (class run)',          '-', '-', '-', 'y', 'y', 'y'], // issue 26 item 3
  ['AppTestResult',                   '-', '-', 'y', '-', '-', 'y'], // issue 30
  ['AppTestRun',                      '-', '-', 'y', '-', '-', 'y'], // issue 30
  ['AppVersion',                      '-', '-', 'y', '-', '-', 'y'],
  ['ClassMember',                     '-', '-', '-', 'y', 'y', 'y'],
  ['DatabaseTableStats',              '-', '-', 'y', '-', '-', 'y'],
  ['SafetyAlert',                     '-', '-', '-', 'y', '-', 'y'],
];

// Storage: per bucket (read from storage.buckets), what each caller does with the owner's objects:
//   r  download through the API   p  fetch the public URL   w  upload into the owner's folder   d  delete
const STORAGE: readonly (readonly [bucket: string, anon: string, other: string, owner: string, teacher: string, student: string, service: string])[] = [
  //  bucket        anon    other   owner   teacher student service
  ['app-icons',     '-p--', '-p--', 'rpwd', '-p--', '-p--', 'rpwd'],
];


type Row = Record<string, unknown>;

interface Subject {
  table: string;
  /** The seeded row's identifying filter (columns every reader may filter on). */
  seeded: Row;
  /** A new row of the same kind in the same owner's space; may create parents first. Null: fixed rows. */
  fresh: ((n: number) => Row | Promise<Row>) | null;
  /** Identifies a row made by `fresh`. */
  key: (row: Row) => Row;
  /** What an update sets (always different from a fresh row's value). */
  update: Row;
  /** Updates are tried on the seeded row (then undone) instead of a fresh one. */
  updateSeeded?: boolean;
}

let backend: TestBackend;
const ids = {
  owner: '', other: '', teacher: '', student: '',
  app: randomUUID(), version: randomUUID(), api: randomUUID(), endpoint: randomUUID(), key: randomUUID(),
  run: randomUUID(), classRun: randomUUID(), step: randomUUID(), classStep: randomUUID(), call: randomUUID(), classCall: randomUUID(),
  bundle: randomUUID(), database: randomUUID(), table: randomUUID(), dbRow: randomUUID(), description: randomUUID(),
  allowed: randomUUID(), notice: randomUUID(), checkout: randomUUID(), klass: randomUUID(), member: randomUUID(),
  assignment: randomUUID(), alert: randomUUID(), purchase: randomUUID(), school: randomUUID(), schoolTeacher: randomUUID(),
  cap: randomUUID(), membership: randomUUID(), domain: `matrix-${process.pid}.example.org`, allowEntry: `@matrix-${process.pid}.test`,
  event: `evt_matrix_${process.pid}`,
  testCase: randomUUID(), testRun: randomUUID(), testResult: randomUUID(), deploy: randomUUID(),
};
const TODAY = new Date().toISOString().slice(0, 10);
const MONTH = `${TODAY.slice(0, 8)}01`;
const SPEC = { entryStepId: 'show', steps: [{ id: 'show', kind: 'output', title: 'Hello', config: { template: 'Hello.' } }] };

const sql = async (text: string, params: unknown[] = []) => (await backend.db.query<Row>(text, params)).rows;
let counter = 0;
const next = () => (counter += 1);
const dayOffset = (n: number) => new Date(Date.UTC(2020, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
const hex = (bytes: number) => randomBytes(bytes).toString('hex');

async function newApp(): Promise<string> {
  const id = randomUUID();
  await sql(`insert into public."App" (id, owner_id, name) values ($1, $2, 'Spare')`, [id, ids.owner]);
  return id;
}
async function newAuthUser(): Promise<string> {
  const id = randomUUID();
  await sql('insert into auth.users (id, email) values ($1, $2)', [id, `${id}@example.org`]);
  return id;
}

const byId = (row: Row): Row => ({ id: row.id });

function subjects(): Subject[] {
  const run = (id: string, klass: boolean): Subject => ({
    table: 'AppRun', seeded: { id },
    fresh: () => ({ id: randomUUID(), app_id: ids.app, runner_user_id: klass ? ids.student : ids.owner, class_id: klass ? ids.klass : null, status: 'done', inputs: {} }),
    key: byId, update: { model: 'changed-model' },
  });
  const step = (id: string, runId: string): Subject => ({
    table: 'AppRunStep', seeded: { id },
    fresh: (n) => ({ id: randomUUID(), run_id: runId, step_id: `s${n}`, status: 'done' }),
    key: byId, update: { duration_ms: 4242 },
  });
  const call = (id: string, runId: string): Subject => ({
    table: 'AppRunApiCall', seeded: { id },
    fresh: () => ({ id: randomUUID(), run_id: runId, step_id: 'call' }),
    key: byId, update: { error_code: 'changed' },
  });
  return [
    { table: 'AllowedUser', seeded: { id: ids.allowed }, fresh: (n) => ({ owner_id: ids.owner, app_id: ids.app, entry: `friend${n}@example.org` }), key: (row) => ({ app_id: row.app_id, entry: row.entry }), update: { invited_at: '2020-01-01T00:00:00Z' } },
    { table: 'Api', seeded: { id: ids.api }, fresh: () => ({ id: randomUUID(), owner_id: ids.owner, name: 'Weather', base_url: 'https://api.example.org' }), key: byId, update: { name: 'Changed' } },
    { table: 'ApiEndpoint', seeded: { id: ids.endpoint }, fresh: () => ({ id: randomUUID(), api_id: ids.api, name: 'Forecast', path: '/forecast', method: 'GET' }), key: byId, update: { name: 'Changed' } },
    { table: 'ApiKey', seeded: { id: ids.key }, fresh: () => ({ id: randomUUID(), owner_id: ids.owner, name: 'CI', prefix: `af_${hex(4)}`, key_hash: hex(32) }), key: byId, update: { name: 'Changed' } },
    { table: 'ApiKeyUsageDay', seeded: { api_key_id: ids.key, day: TODAY }, fresh: (n) => ({ api_key_id: ids.key, day: dayOffset(n) }), key: (row) => ({ api_key_id: row.api_key_id, day: row.day }), update: { runs: 4242 } },
    {
      table: 'ApiSecret', seeded: { api_id: ids.api },
      fresh: async () => {
        const api = randomUUID();
        await sql(`insert into public."Api" (id, owner_id, name, base_url) values ($1, $2, 'Spare', 'https://api.example.org')`, [api, ids.owner]);
        return { api_id: api, ciphertext: 'v1.00000000.a.b.c' };
      },
      key: (row) => ({ api_id: row.api_id }), update: { ciphertext: 'v1.11111111.x.y.z' },
    },
    { table: 'App', seeded: { id: ids.app }, fresh: () => ({ id: randomUUID(), owner_id: ids.owner, name: 'Another app' }), key: byId, update: { name: 'Changed' } },
    { table: 'AppConfig', seeded: { app_id: ids.app }, fresh: async () => ({ app_id: await newApp(), config: {} }), key: (row) => ({ app_id: row.app_id }), update: { config: { temperature: 0.5 } } },
    { table: 'AppDescription', seeded: { id: ids.description }, fresh: () => ({ id: randomUUID(), text: 'An app that quizzes me' }), key: byId, update: { text: 'Changed' } },
    run(ids.run, false),
    run(ids.classRun, true),
    call(ids.call, ids.run),
    call(ids.classCall, ids.classRun),
    step(ids.step, ids.run),
    step(ids.classStep, ids.classRun),
    {
      table: 'AppTestCase', seeded: { id: ids.testCase },
      fresh: (n) => ({ id: randomUUID(), app_id: ids.app, name: `Case ${n}`, inputs: {}, expectations: [{ kind: 'contains', text: 'Hello' }] }),
      key: byId, update: { name: 'Changed' },
    },
    { table: 'AppDeploy', seeded: { id: ids.deploy }, fresh: () => ({ id: randomUUID(), app_id: ids.app, version_id: ids.version, version_number: 1, deployed_by: ids.owner }), key: byId, update: { override_reason: 'Changed' } },
    { table: 'AppTestRun', seeded: { id: ids.testRun }, fresh: () => ({ id: randomUUID(), app_id: ids.app, version_id: ids.version, started_by: ids.owner }), key: byId, update: { passed: 42 } },
    { table: 'AppTestResult', seeded: { id: ids.testResult }, fresh: (n) => ({ id: randomUUID(), test_run_id: ids.testRun, case_name: `Case ${n}` }), key: byId, update: { reason: 'Changed' } },
    { table: 'AppUsageDay', seeded: { app_id: ids.app, day: TODAY }, fresh: (n) => ({ app_id: ids.app, day: dayOffset(n) }), key: (row) => ({ app_id: row.app_id, day: row.day }), update: { runs: 4242 } },
    { table: 'AppVersion', seeded: { id: ids.version }, fresh: () => ({ id: randomUUID(), app_id: ids.app, spec: SPEC, source: 'manual', created_by: ids.owner }), key: byId, update: { change_summary: 'Changed' } },
    { table: 'Assignment', seeded: { id: ids.assignment }, fresh: () => ({ id: randomUUID(), class_id: ids.klass, app_id: ids.app }), key: byId, update: { instructions: 'Changed' } },
    { table: 'Bundle', seeded: { id: ids.bundle }, fresh: () => ({ id: randomUUID(), owner_id: ids.owner, name: 'Another bundle', visibility: 'public' }), key: byId, update: { name: 'Changed' } },
    { table: 'BundleApp', seeded: { bundle_id: ids.bundle, app_id: ids.app }, fresh: async (n) => ({ bundle_id: ids.bundle, app_id: await newApp(), position: n }), key: (row) => ({ bundle_id: row.bundle_id, app_id: row.app_id }), update: { position: 4242 } },
    { table: 'CapNotice', seeded: { id: ids.notice }, fresh: (n) => ({ id: randomUUID(), owner_id: ids.owner, cap_key: `runs-${n}`, period_start: MONTH, message: 'You reached a cap.' }), key: byId, update: { message: 'Changed' } },
    {
      table: 'CheckoutSession', seeded: { id: ids.checkout },
      fresh: () => ({ id: randomUUID(), buyer_id: ids.owner, item_kind: 'plan', item_id: 'pro', item_name: 'Pro', mode: 'monthly', amount_cents: 900, currency: 'usd', success_url: 'http://localhost/ok', cancel_url: 'http://localhost/no' }),
      key: byId, update: { item_name: 'Changed' },
    },
    { table: 'Class', seeded: { id: ids.klass }, fresh: () => ({ id: randomUUID(), teacher_id: ids.teacher, name: 'Chemistry 8A' }), key: byId, update: { name: 'Changed' } },
    {
      table: 'ClassMember', seeded: { id: ids.member },
      fresh: async () => {
        const klass = randomUUID();
        await sql(`insert into public."Class" (id, teacher_id, name) values ($1, $2, 'Spare class')`, [klass, ids.teacher]);
        return { id: randomUUID(), class_id: klass, student_id: ids.student, display_name: 'Sam' };
      },
      key: byId, update: { display_name: 'Changed' },
    },
    { table: 'CustomDomain', seeded: { value: ids.domain }, fresh: (n) => ({ value: `m${n}-${process.pid}.example.org`, owner_id: ids.owner, app_id: ids.app, is_app: true }), key: (row) => ({ value: row.value }), update: { is_app: false, is_landing_page: true } },
    { table: 'Database', seeded: { id: ids.database }, fresh: () => ({ id: randomUUID(), owner_id: ids.owner, name: 'Another database' }), key: byId, update: { name: 'Changed' } },
    { table: 'DatabaseLimit', seeded: { id: true }, fresh: null, key: byId, update: { max_rows: 4242 } },
    { table: 'DatabaseRow', seeded: { id: ids.dbRow }, fresh: () => ({ id: randomUUID(), table_id: ids.table, data: { title: 'row' } }), key: byId, update: { data: { title: 'changed' } } },
    {
      table: 'DatabaseSortColumn', seeded: { table_id: ids.table, column_name: 'title' },
      fresh: (n) => ({ table_id: ids.table, column_name: `c${n}`, column_type: 'text' }),
      key: (row) => ({ table_id: row.table_id, column_name: row.column_name }), update: { built_at: '2020-01-01T00:00:00Z' },
    },
    {
      table: 'DatabaseSortKey', seeded: { table_id: ids.table, row_id: ids.dbRow, column_name: 'title' },
      fresh: (n) => ({ table_id: ids.table, row_id: ids.dbRow, column_name: `c${n}`, created_at: new Date().toISOString(), is_num: false, txt: 'x' }),
      key: (row) => ({ table_id: row.table_id, row_id: row.row_id, column_name: row.column_name }), update: { txt: 'changed' },
    },
    { table: 'DatabaseTable', seeded: { id: ids.table }, fresh: (n) => ({ id: randomUUID(), database_id: ids.database, name: `table ${n}` }), key: byId, update: { name: 'Changed' } },
    {
      table: 'DatabaseTableStats', seeded: { table_id: ids.table },
      fresh: async (n) => {
        const table = randomUUID();
        await sql(`insert into public."DatabaseTable" (id, database_id, name) values ($1, $2, $3)`, [table, ids.database, `stats ${n}`]);
        // Its stats row is made by a trigger; the row under test is made by the caller.
        await sql(`delete from public."DatabaseTableStats" where table_id = $1`, [table]);
        return { table_id: table };
      },
      key: (row) => ({ table_id: row.table_id }), update: { row_count: 4242 },
    },
    { table: 'PaymentEvent', seeded: { provider: 'test', event_id: ids.event }, fresh: () => ({ provider: 'test', event_id: `evt_${hex(8)}`, type: 'checkout.session.completed', outcome: 'recorded' }), key: (row) => ({ provider: row.provider, event_id: row.event_id }), update: { outcome: 'changed' } },
    { table: 'Plan', seeded: { id: 'free' }, fresh: null, key: byId, update: { name: 'Changed' } },
    {
      table: 'Purchase', seeded: { id: ids.purchase },
      fresh: () => ({ id: randomUUID(), buyer_id: ids.owner, item_kind: 'plan', plan_id: 'pro', provider: 'test', provider_reference: `ref_${hex(8)}`, mode: 'monthly', amount_cents: 900, currency: 'usd', status: 'active', last_event_at: new Date().toISOString() }),
      key: byId, update: { provider_customer: 'changed' },
    },
    {
      table: 'SafetyAlert', seeded: { id: ids.alert },
      fresh: () => ({ id: randomUUID(), class_id: ids.klass, run_id: ids.classRun, student_id: ids.student, direction: 'input', categories: ['profanity'], excerpt: 'a flagged line', source: 'local' }),
      key: byId, update: { acknowledged_at: '2020-01-01T00:00:00Z' },
    },
    { table: 'School', seeded: { id: ids.school }, fresh: () => ({ id: randomUUID(), name: 'Another school' }), key: byId, update: { name: 'Changed' } },
    { table: 'SchoolTeacher', seeded: { id: ids.schoolTeacher }, fresh: (n) => ({ id: randomUUID(), email: `t${n}-${process.pid}@matrix.test` }), key: byId, update: { email: 'changed@matrix.test' } },
    { table: 'UsageCap', seeded: { id: ids.cap }, fresh: async () => ({ owner_id: ids.owner, app_id: await newApp(), scope: 'everyone', period: 'day', max_runs: 10 }), key: (row) => ({ app_id: row.app_id }), update: { max_runs: 4242 } },
    {
      table: 'UsageCounter', seeded: { owner_id: ids.owner, scope_key: 'owner', metric: 'runs', period: 'month', period_start: MONTH },
      fresh: (n) => ({ owner_id: ids.owner, scope_key: `app:${n}`, metric: 'runs', period: 'month', period_start: MONTH }),
      key: (row) => ({ owner_id: row.owner_id, scope_key: row.scope_key, metric: row.metric, period: row.period, period_start: row.period_start }), update: { used: 4242 },
    },
    // A user's own row is the one they may change: updates are tried on it (and undone).
    { table: 'User', seeded: { id: '' }, fresh: async () => ({ id: await newAuthUser(), email: 'spare@example.org' }), key: byId, update: { display_name: 'Changed' }, updateSeeded: true },
    { table: 'access_allow_list', seeded: { entry: ids.allowEntry }, fresh: (n) => ({ entry: `@m${n}-${process.pid}.test` }), key: (row) => ({ entry: row.entry }), update: { entry: `@changed-${process.pid}.test` } },
    { table: 'platform_host', seeded: { host: 'localhost' }, fresh: (n) => ({ host: `p${n}-${process.pid}.matrix.test` }), key: (row) => ({ host: row.host }), update: { with_subdomains: true } },
    { table: 'school_member', seeded: { id: ids.membership }, fresh: async () => ({ id: randomUUID(), user_id: await newAuthUser(), role: 'student' }), key: byId, update: { role: 'teacher' } },
  ];
}

/** The matrix row names of a subject: the table, plus "(class run)" for the class variant. */
function rowName(subject: Subject): string {
  const klass = ([ids.classRun, ids.classStep, ids.classCall] as string[]).includes(String(subject.seeded.id));
  return klass ? `${subject.table} (class run)` : subject.table;
}

function where(key: Row, from = 1): { clause: string; params: unknown[] } {
  const entries = Object.entries(key);
  return {
    clause: entries.map(([column], index) => `"${column}" = $${index + from}`).join(' and '),
    params: entries.map(([, value]) => (typeof value === 'object' && value !== null ? JSON.stringify(value) : value)),
  };
}
async function exists(table: string, key: Row): Promise<boolean> {
  const { clause, params } = where(key);
  return (await sql(`select 1 from public."${table}" where ${clause}`, params)).length > 0;
}
async function columnOf(table: string, key: Row, column: string): Promise<string | null> {
  const { clause, params } = where(key);
  const rows = await sql(`select to_jsonb("${column}")::text as v from public."${table}" where ${clause}`, params);
  return rows.length === 0 ? null : String(rows[0]?.v);
}

let clients: Record<Role, SupabaseClient>;
const realtimeClients: SupabaseClient[] = [];
const tokens: Partial<Record<Role, string>> = {};

async function seed(): Promise<void> {
  const owner = await signedIn(backend);
  const other = await signedIn(backend);
  const teacher = await makeTeacher(backend);
  const student = await signedIn(backend);
  Object.assign(ids, { owner: owner.id, other: other.id, teacher: teacher.id, student: student.id });
  clients = { anon: backend.client(), other: other.client, owner: owner.client, teacher: teacher.client, student: student.client, service: backend.serviceClient() };
  Object.assign(tokens, { other: other.token, owner: owner.token, teacher: teacher.token, student: student.token });
  const users: TestUser[] = [owner, other, teacher, student];
  for (const user of users) await sql(`insert into public."User" (id, email, status) values ($1, $2, 'allowed') on conflict (id) do nothing`, [user.id, `${user.id}@example.org`]);
  const o = ids.owner;
  await sql(`insert into public."App" (id, owner_id, name, visibility) values ($1, $2, 'Quiz', 'public')`, [ids.app, o]);
  await sql(`insert into public."AppVersion" (id, app_id, spec, frozen, created_by) values ($1, $2, $3, true, $4)`, [ids.version, ids.app, JSON.stringify(SPEC), o]);
  await sql(`update public."App" set draft_version_id = $2, deployed_version_id = $2 where id = $1`, [ids.app, ids.version]);
  await sql(`insert into public."AppConfig" (app_id, config) values ($1, '{}')`, [ids.app]);
  await sql(`insert into public."AllowedUser" (id, owner_id, app_id, entry) values ($1, $2, $3, 'friend@example.org')`, [ids.allowed, o, ids.app]);
  await sql(`insert into public."Api" (id, owner_id, name, base_url) values ($1, $2, 'Weather', 'https://api.example.org')`, [ids.api, o]);
  await sql(`insert into public."ApiEndpoint" (id, api_id, name, path, method) values ($1, $2, 'Forecast', '/forecast', 'GET')`, [ids.endpoint, ids.api]);
  await sql(`insert into public."ApiSecret" (api_id, ciphertext) values ($1, 'v1.00000000.a.b.c')`, [ids.api]);
  await sql(`insert into public."ApiKey" (id, owner_id, name, prefix, key_hash) values ($1, $2, 'CI', $3, $4)`, [ids.key, o, `af_${hex(4)}`, hex(32)]);
  await sql(`insert into public."ApiKeyUsageDay" (api_key_id, day) values ($1, $2)`, [ids.key, TODAY]);
  await sql(`insert into public."AppUsageDay" (app_id, day) values ($1, $2)`, [ids.app, TODAY]);
  await sql(`insert into public."AppTestCase" (id, app_id, name, expectations) values ($1, $2, 'Says hello', '[{"kind":"contains","text":"Hello"}]')`, [ids.testCase, ids.app]);
  await sql(`insert into public."AppTestRun" (id, app_id, version_id, started_by) values ($1, $2, $3, $4)`, [ids.testRun, ids.app, ids.version, o]);
  await sql(`insert into public."AppTestResult" (id, test_run_id, case_id, case_name) values ($1, $2, $3, 'Says hello')`, [ids.testResult, ids.testRun, ids.testCase]);
  await sql(`insert into public."AppDeploy" (id, app_id, version_id, version_number, deployed_by, test_run_id) values ($1, $2, $3, 1, $4, $5)`, [ids.deploy, ids.app, ids.version, o, ids.testRun]);
  await sql(`insert into public."AppDescription" (id, text, claimed_by, claimed_at) values ($1, 'A quiz app', $2, now())`, [ids.description, o]);
  await sql(`insert into public."Bundle" (id, owner_id, name, visibility) values ($1, $2, 'Kit', 'public')`, [ids.bundle, o]);
  await sql(`insert into public."BundleApp" (bundle_id, app_id, position) values ($1, $2, 0)`, [ids.bundle, ids.app]);
  await sql(`insert into public."CapNotice" (id, owner_id, cap_key, period_start, message) values ($1, $2, 'runs', $3, 'You reached a cap.')`, [ids.notice, o, MONTH]);
  await sql(
    `insert into public."CheckoutSession" (id, buyer_id, item_kind, item_id, item_name, mode, amount_cents, currency, success_url, cancel_url)
     values ($1, $2, 'plan', 'pro', 'Pro', 'monthly', 900, 'usd', 'http://localhost/ok', 'http://localhost/no')`,
    [ids.checkout, o],
  );
  await sql(`insert into public."Class" (id, teacher_id, name) values ($1, $2, 'Biology 7B')`, [ids.klass, ids.teacher]);
  await sql(`insert into public."ClassMember" (id, class_id, student_id, display_name) values ($1, $2, $3, 'Sam')`, [ids.member, ids.klass, ids.student]);
  await sql(`insert into public."Assignment" (id, class_id, app_id) values ($1, $2, $3)`, [ids.assignment, ids.klass, ids.app]);
  await sql(`insert into public."AppRun" (id, app_id, runner_user_id, status, inputs) values ($1, $2, $3, 'done', '{}')`, [ids.run, ids.app, o]);
  await sql(`insert into public."AppRun" (id, app_id, runner_user_id, class_id, status, inputs) values ($1, $2, $3, $4, 'done', '{"topic":"cells"}')`, [ids.classRun, ids.app, ids.student, ids.klass]);
  for (const [stepId, runId] of [[ids.step, ids.run], [ids.classStep, ids.classRun]]) {
    await sql(`insert into public."AppRunStep" (id, run_id, step_id, status) values ($1, $2, 'show', 'done')`, [stepId, runId]);
  }
  for (const [callId, runId] of [[ids.call, ids.run], [ids.classCall, ids.classRun]]) {
    await sql(`insert into public."AppRunApiCall" (id, run_id, step_id, api_id) values ($1, $2, 'call', $3)`, [callId, runId, ids.api]);
  }
  await sql(
    `insert into public."SafetyAlert" (id, class_id, run_id, student_id, direction, categories, excerpt, source)
     values ($1, $2, $3, $4, 'input', '{profanity}', 'a flagged line', 'local')`,
    [ids.alert, ids.klass, ids.classRun, ids.student],
  );
  // Not due for the recurring DNS re-check while the matrix runs (it would suspend a made-up host).
  await sql(
    `insert into public."CustomDomain" (value, owner_id, app_id, is_app, status, next_check_at) values ($1, $2, $3, true, 'verified', now() + interval '1 day')`,
    [ids.domain, o, ids.app],
  );
  await sql(`insert into public."Database" (id, owner_id, name) values ($1, $2, 'Library')`, [ids.database, o]);
  await sql(`insert into public."DatabaseTable" (id, database_id, name) values ($1, $2, 'Books')`, [ids.table, ids.database]);
  await sql(`insert into public."DatabaseRow" (id, table_id, data) values ($1, $2, '{"title":"Dune"}')`, [ids.dbRow, ids.table]);
  await sql(`insert into public."DatabaseSortColumn" (table_id, column_name, column_type) values ($1, 'title', 'text') on conflict do nothing`, [ids.table]);
  await sql(
    `insert into public."DatabaseSortKey" (table_id, row_id, column_name, created_at, is_num, txt) values ($1, $2, 'title', now(), false, 'dune') on conflict do nothing`,
    [ids.table, ids.dbRow],
  );
  await sql(`insert into public."PaymentEvent" (provider, event_id, type, outcome) values ('test', $1, 'checkout.session.completed', 'recorded')`, [ids.event]);
  await sql(
    `insert into public."Purchase" (id, buyer_id, item_kind, plan_id, provider, provider_reference, mode, amount_cents, currency, status, last_event_at)
     values ($1, $2, 'plan', 'pro', 'test', $3, 'monthly', 900, 'usd', 'active', now())`,
    [ids.purchase, o, `ref_${hex(8)}`],
  );
  await sql(`insert into public."School" (id, name) values ($1, 'Hill School')`, [ids.school]);
  await sql(`update public."SchoolTeacher" set id = $1 where email = $2`, [ids.schoolTeacher, teacher.email]);
  await sql(`insert into public."UsageCap" (id, owner_id, app_id, scope, period, max_runs) values ($1, $2, $3, 'everyone', 'day', 10)`, [ids.cap, o, ids.app]);
  await sql(`insert into public."UsageCounter" (owner_id, scope_key, metric, period, period_start, used) values ($1, 'owner', 'runs', 'month', $2, 3)`, [o, MONTH]);
  await sql(`insert into public.access_allow_list (entry) values ($1)`, [ids.allowEntry]);
  await sql(`insert into public.school_member (id, user_id, role) values ($1, $2, 'student')`, [ids.membership, o]);
}

/** Whether the caller changes the seeded row; the change is undone as the database's owner. */
async function updatesSeeded(subject: Subject, seeded: Row, client: SupabaseClient): Promise<boolean> {
  const column = Object.keys(subject.update).at(-1) ?? '';
  const own = where(seeded);
  const [snapshot] = await sql(`select to_jsonb(t)::text as row from public."${subject.table}" as t where ${own.clause}`, own.params);
  const before = await columnOf(subject.table, seeded, column);
  await client.from(subject.table).update(subject.update).match(seeded);
  const after = await columnOf(subject.table, seeded, column);
  if (after === before) return false;
  const { clause, params } = where(seeded, 2);
  await sql(
    `update public."${subject.table}" set "${column}" = (jsonb_populate_record(null::public."${subject.table}", $1::jsonb))."${column}" where ${clause}`,
    [snapshot?.row, ...params],
  );
  return true;
}

/** What the caller could do to the subject, as the four letters of a matrix cell. */
async function observe(subject: Subject, role: Role): Promise<string> {
  const client = clients[role];
  const seeded = subject.table === 'User' ? { id: ids.owner } : subject.seeded;
  const probe = Object.keys(seeded)[0] ?? 'id';
  const read = await client.from(subject.table).select(probe).match(seeded);
  const s = !read.error && (read.data?.length ?? 0) === 1 ? 's' : '-';
  const column = Object.keys(subject.update).at(-1) ?? '';

  // Fixed configuration rows: only reading them and (for the server) changing them are tried.
  if (!subject.fresh) return `${s}.${(await updatesSeeded(subject, seeded, client)) ? 'u' : '-'}.`;

  const inserted = await subject.fresh(next());
  await client.from(subject.table).insert(inserted);
  const i = (await exists(subject.table, subject.key(inserted))) ? 'i' : '-';

  const victim = await subject.fresh(next());
  const made = await clients.service.from(subject.table).insert(victim);
  if (made.error) throw new Error(`the server could not make a ${subject.table} row: ${made.error.message}`);
  const key = subject.key(victim);
  const before = await columnOf(subject.table, key, column);
  let u: string;
  let after = before;
  if (subject.updateSeeded) {
    u = (await updatesSeeded(subject, seeded, client)) ? 'u' : '-';
  } else {
    await client.from(subject.table).update(subject.update).match(key);
    after = await columnOf(subject.table, key, column);
    u = after !== before ? 'u' : '-';
  }
  // An update that changed the key (access_allow_list.entry) moved the row: delete it by its new key.
  const moved = after === null ? { ...key, ...subject.update } : key;
  await client.from(subject.table).delete().match(moved);
  const d = (await exists(subject.table, moved)) ? '-' : 'd';
  return `${s}${i}${u}${d}`;
}

describe(`the role matrix: ${MATRIX.length} table rows × ${ROLES.length} callers × ${OPS.length} operations`, () => {
  beforeAll(async () => {
    backend = await startTestBackend();
    await seed();
  }, 400_000);
  afterAll(async () => {
    await Promise.all(realtimeClients.map((client) => client.removeAllChannels()));
    await backend?.stop();
  });

  it('lists every table of the public schema, and nothing that is not one', async () => {
    const tables = (await sql(`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`)).map((row) => String(row.name));
    const listed = [...new Set(MATRIX.map(([row]) => row.replace(/ \(.*\)$/, '')))].sort();
    expect(listed).toEqual([...tables].sort());
    expect(subjects().map(rowName).sort()).toEqual(MATRIX.map(([row]) => row).sort());
    // Row-level security on every one of them: deny by default.
    const open = await sql(`select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity`);
    expect(open).toEqual([]);
  });

  for (const [row, ...cells] of MATRIX) {
    it(`${row}: ${ROLES.map((role, index) => `${role} ${cells[index]}`).join(', ')}`, async () => {
      const subject = subjects().find((candidate) => rowName(candidate) === row);
      if (!subject) throw new Error(`no subject for ${row}`);
      const wrong: string[] = [];
      for (const [index, role] of ROLES.entries()) {
        const seen = await observe(subject, role);
        if (seen !== cells[index]) wrong.push(`${role}: the matrix says ${cells[index]}, the database allows ${seen}`);
      }
      expect(wrong).toEqual([]);
    }, 60_000);
  }

  describe(`realtime: ${REALTIME.length} published table rows × ${ROLES.length} callers`, () => {
    const heard: Record<Role, { table: string; row: Row }[]> = { anon: [], other: [], owner: [], teacher: [], student: [], service: [] };
    const refusals: string[] = [];
    let barrier = 0;

    beforeAll(async () => {
      const published = [...new Set(REALTIME.map(([row]) => row.replace(/ \(.*\)$/, '')))];
      for (const role of ROLES) {
        const token = tokens[role];
        const client = role === 'service' ? backend.serviceClient() : backend.client(token ? { accessToken: () => Promise.resolve(token) } : {});
        if (token) await client.realtime.setAuth();
        // One channel per table: the server refuses a subscription to a table the caller may not
        // read at all (permission denied), and that refusal must not silence the other tables.
        const join = (topic: string, listen: (channel: RealtimeChannel) => RealtimeChannel) =>
          new Promise<void>((resolve, reject) => {
            listen(client.channel(topic)).subscribe((status, error) => {
              if (status === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED) resolve();
              else if (status === REALTIME_SUBSCRIBE_STATES.CHANNEL_ERROR) {
                refusals.push(`${role} ${topic}: ${String(error?.message)}`);
                resolve();
              }
              else if (status === REALTIME_SUBSCRIBE_STATES.TIMED_OUT) reject(new Error(`${role} ${topic}: ${status}`));
            });
          });
        for (const table of published) {
          await join(`matrix-${role}-${table}`, (channel) =>
            channel.on('postgres_changes', { event: 'INSERT', schema: 'public', table }, (change) => {
              heard[role].push({ table, row: change.new });
            }),
          );
        }
        // The barrier: an update of the owner's public, deployed app, which every caller may read.
        await join(`matrix-${role}-barrier`, (channel) =>
          channel.on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'App' }, (change) => {
            heard[role].push({ table: 'App:update', row: change.new });
          }),
        );
        realtimeClients.push(client);
      }
    }, 60_000);

    it('lists every table of the supabase_realtime publication', async () => {
      const published = (await sql(`select tablename from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' order by 1`)).map((row) => String(row.tablename));
      expect([...new Set(REALTIME.map(([row]) => row.replace(/ \(.*\)$/, '')))].sort()).toEqual(published.sort());
    });

    for (const [row, ...cells] of REALTIME) {
      it(`${row}: ${ROLES.map((role, index) => `${role} ${cells[index]}`).join(', ')}`, async () => {
        const subject = subjects().find((candidate) => rowName(candidate) === row);
        if (!subject?.fresh) throw new Error(`no subject for ${row}`);
        const inserted = await subject.fresh(next());
        const made = await clients.service.from(subject.table).insert(inserted);
        if (made.error) throw new Error(made.error.message);
        // Changes reach each subscriber in commit order: once everyone has heard the barrier, whoever
        // was allowed to hear the insert before it has heard it.
        barrier += 1;
        const name = `barrier ${barrier}`;
        await sql(`update public."App" set name = $2 where id = $1`, [ids.app, name]);
        const deadline = Date.now() + 15_000;
        while (!ROLES.every((role) => heard[role].some((event) => event.table === 'App:update' && event.row.name === name))) {
          if (Date.now() > deadline) throw new Error(`not everyone heard ${name}: ${ROLES.filter((role) => !heard[role].some((event) => event.row.name === name)).join(', ')}`);
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        const key = subject.key(inserted);
        const matches = (event: { table: string; row: Row }) =>
          event.table === subject.table && Object.entries(key).every(([column, value]) => String(event.row[column]) === String(value));
        const wrong: string[] = [];
        for (const [index, role] of ROLES.entries()) {
          const seen = heard[role].some(matches) ? 'y' : '-';
          if (seen !== cells[index]) wrong.push(`${role}: the matrix says ${cells[index]}, realtime delivered ${seen}`);
        }
        expect(wrong).toEqual([]);
      }, 60_000);
    }
  });

  describe(`storage: ${STORAGE.length} bucket × ${ROLES.length} callers × download, public URL, upload, delete`, () => {
    const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const stored = async (bucket: string, name: string) =>
      (await sql(`select 1 from storage.objects where bucket_id = $1 and name = $2`, [bucket, name])).length > 0;

    it('lists every bucket', async () => {
      const buckets = (await sql(`select id from storage.buckets order by 1`)).map((row) => String(row.id));
      expect(STORAGE.map(([bucket]) => bucket).sort()).toEqual(buckets.sort());
    });

    for (const [bucket, ...cells] of STORAGE) {
      it(`${bucket}: ${ROLES.map((role, index) => `${role} ${cells[index]}`).join(', ')}`, async () => {
        const upload = (client: SupabaseClient, name: string) => client.storage.from(bucket).upload(name, PNG, { contentType: 'image/png', upsert: false });
        const seeded = `${ids.owner}/${ids.app}/icon.png`;
        if (!(await stored(bucket, seeded))) {
          const made = await upload(clients.service, seeded);
          if (made.error) throw new Error(made.error.message);
        }
        const wrong: string[] = [];
        for (const [index, role] of ROLES.entries()) {
          const client = clients[role];
          const downloaded = await client.storage.from(bucket).download(seeded);
          const r = !downloaded.error && (await downloaded.data.arrayBuffer()).byteLength === PNG.length ? 'r' : '-';
          const publicUrl = client.storage.from(bucket).getPublicUrl(seeded).data.publicUrl;
          const p = (await fetch(publicUrl)).ok ? 'p' : '-';
          const written = `${ids.owner}/${ids.app}/by-${role}-${next()}.png`;
          await upload(client, written);
          const w = (await stored(bucket, written)) ? 'w' : '-';
          const victim = `${ids.owner}/${ids.app}/victim-${role}-${next()}.png`;
          const made = await upload(clients.service, victim);
          if (made.error) throw new Error(made.error.message);
          await client.storage.from(bucket).remove([victim]);
          const d = (await stored(bucket, victim)) ? '-' : 'd';
          const seen = `${r}${p}${w}${d}`;
          if (seen !== cells[index]) wrong.push(`${role}: the matrix says ${cells[index]}, storage allows ${seen}`);
        }
        expect(wrong).toEqual([]);
      }, 60_000);
    }
  });
});
