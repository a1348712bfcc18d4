// pnpm bench:rest [--postgres] [--scale=0.5] [--only=GET]: /rest/v1 throughput and latency next to a bare node:http server
// running the equivalent hand-written SQL on the same Database adapter. Four scenarios at 1, 10 and
// 50 concurrent clients: single-row GET by id, a filtered list of 50 rows with one embedded
// resource, a single insert, a bulk insert of 100 rows. Loopback only, bounded request counts.
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database } from '../src/db/database.js';
import type { LoadFigures } from './lib.js';
import { runLoad, startBenchBackend } from './lib.js';

const LEVELS = [1, 10, 50] as const;
/** `--scale=0.25` runs a quarter of the requests (a busy machine); ratios stay measured side by side. */
const SCALE = Number(process.argv.find((arg) => arg.startsWith('--scale='))?.slice('--scale='.length) ?? '1');
if (!(SCALE > 0 && SCALE <= 10)) throw new Error('--scale must be a number above 0 and at most 10');
/** `--only=GET` runs the scenarios whose name contains the text (case-insensitive). */
const ONLY = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length).toLowerCase();
const AUTHORS = 100;
const POSTS = 10_000;

interface Scenario {
  name: string;
  requests: Record<(typeof LEVELS)[number], number>;
  rest: (base: string, n: number) => Promise<void>;
  bare: (base: string, n: number) => Promise<void>;
}


async function expectOk(response: Response, what: string): Promise<void> {
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${what} answered ${response.status}`);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** The hand-written baseline: the same SQL a careful developer would write, no API layer. */
function bareServer(db: Database) {
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const send = (status: number, body: string | null): void => {
      res.writeHead(status, body === null ? {} : { 'content-type': 'application/json; charset=utf-8' });
      res.end(body ?? undefined);
    };
    const fail = (): void => send(500, '{"error":"failed"}');
    if (url.pathname === '/post') {
      db.query<{ body: string }>(
        `select coalesce(json_agg(p), '[]')::text as body from (select * from public.bench_post where id = $1) p`,
        [url.searchParams.get('id')],
      ).then((r) => send(200, r.rows[0]?.body ?? '[]'), fail);
      return;
    }
    if (url.pathname === '/list') {
      db.query<{ body: string }>(
        `select coalesce(json_agg(x), '[]')::text as body from (
           select p.id, p.title, p.score, json_build_object('name', a.name) as bench_author
           from public.bench_post p join public.bench_author a on a.id = p.author_id
           where p.author_id = $1 order by p.id limit 50) x`,
        [url.searchParams.get('author')],
      ).then((r) => send(200, r.rows[0]?.body ?? '[]'), fail);
      return;
    }
    if (url.pathname === '/insert' || url.pathname === '/bulk') {
      readBody(req)
        .then((text) =>
          url.pathname === '/insert'
            ? (() => {
                const row = JSON.parse(text) as { author_id: number; title: string };
                return db.query('insert into public.bench_post (author_id, title) values ($1, $2)', [row.author_id, row.title]);
              })()
            : db.query(
                `insert into public.bench_post (author_id, title)
                 select author_id, title from json_to_recordset($1::json) as x(author_id int, title text)`,
                [text],
              ),
        )
        .then(() => send(201, null), fail);
      return;
    }
    send(404, null);
  });
}

const bulkBody = (n: number): string =>
  JSON.stringify(Array.from({ length: 100 }, (_, i) => ({ author_id: 1 + ((n + i) % AUTHORS), title: `bulk ${n}-${i}` })));

function scenarios(anonKey: string): Scenario[] {
  const headers = { apikey: anonKey, authorization: `Bearer ${anonKey}` };
  const json = { ...headers, 'content-type': 'application/json' };
  const id = (n: number): number => 1 + (Math.abs(n * 7919) % POSTS);
  return [
    {
      name: 'GET one row by id',
      requests: { 1: 1000, 10: 2000, 50: 3000 },
      rest: async (base, n) => expectOk(await fetch(`${base}/rest/v1/bench_post?id=eq.${id(n)}`, { headers }), 'rest get'),
      bare: async (base, n) => expectOk(await fetch(`${base}/post?id=${id(n)}`), 'bare get'),
    },
    {
      name: 'GET 50 rows + embed',
      requests: { 1: 400, 10: 800, 50: 1200 },
      rest: async (base, n) =>
        expectOk(
          await fetch(
            `${base}/rest/v1/bench_post?select=id,title,score,bench_author(name)&author_id=eq.${1 + (Math.abs(n) % AUTHORS)}&order=id&limit=50`,
            { headers },
          ),
          'rest list',
        ),
      bare: async (base, n) => expectOk(await fetch(`${base}/list?author=${1 + (Math.abs(n) % AUTHORS)}`), 'bare list'),
    },
    {
      name: 'POST one row',
      requests: { 1: 800, 10: 1500, 50: 2000 },
      rest: async (base, n) =>
        expectOk(
          await fetch(`${base}/rest/v1/bench_post`, {
            method: 'POST',
            headers: json,
            body: JSON.stringify({ author_id: 1 + (Math.abs(n) % AUTHORS), title: `post ${n}` }),
          }),
          'rest insert',
        ),
      bare: async (base, n) =>
        expectOk(
          await fetch(`${base}/insert`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ author_id: 1 + (Math.abs(n) % AUTHORS), title: `post ${n}` }),
          }),
          'bare insert',
        ),
    },
    {
      name: 'POST 100 rows (bulk)',
      requests: { 1: 150, 10: 300, 50: 400 },
      rest: async (base, n) =>
        expectOk(
          await fetch(`${base}/rest/v1/bench_post?columns=%22author_id%22,%22title%22`, { method: 'POST', headers: json, body: bulkBody(n) }),
          'rest bulk',
        ),
      bare: async (base, n) =>
        expectOk(await fetch(`${base}/bulk`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: bulkBody(n) }), 'bare bulk'),
    },
  ];
}

const fmt = (f: LoadFigures): string =>
  `${f.rps.toFixed(0).padStart(7)} ${f.p50.toFixed(2).padStart(7)} ${f.p99.toFixed(2).padStart(7)}${f.errors > 0 ? ` (${f.errors} errors)` : ''}`;

async function main(): Promise<void> {
  const { db, backend, url, stop } = await startBenchBackend('bench_rest');
  await db.exec(`
    create table public.bench_author (id int primary key, name text not null);
    create table public.bench_post (
      id bigint generated by default as identity primary key,
      author_id int not null references public.bench_author (id),
      title text not null,
      score int not null default 0,
      created_at timestamptz not null default now()
    );
    create index bench_post_author_id_idx on public.bench_post (author_id);
    insert into public.bench_author select g, 'author ' || g from generate_series(1, ${AUTHORS}) g;
    insert into public.bench_post (id, author_id, title, score)
      select g, 1 + g % ${AUTHORS}, 'post ' || g, g % 1000 from generate_series(1, ${POSTS}) g;
    select setval(pg_get_serial_sequence('public.bench_post', 'id'), ${POSTS});
    analyze public.bench_post;
    notify pgrst, 'reload schema';`);
  for (let i = 0; ; i += 1) {
    const response = await fetch(`${url}/rest/v1/bench_post?limit=1`, { headers: { apikey: backend.anonKey } });
    await response.arrayBuffer();
    if (response.ok) break;
    if (i > 200) throw new Error('schema cache never picked up bench_post');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  const bare = bareServer(db);
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;

  process.stdout.write(`\nbench:rest on ${db.kind} (node ${process.version})\n`);
  process.stdout.write(
    `${'scenario'.padEnd(22)} ${'conc'.padStart(4)} | ${'rest r/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} | ${'bare r/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} | rest/bare\n`,
  );
  for (const scenario of scenarios(backend.anonKey).filter((s) => ONLY === undefined || s.name.toLowerCase().includes(ONLY))) {
    for (const concurrency of LEVELS) {
      const requests = Math.max(50, Math.round(scenario.requests[concurrency] * SCALE));
      const rest = await runLoad({ concurrency, requests, fn: (_w, n) => scenario.rest(url, n) });
      const baseline = await runLoad({ concurrency, requests, fn: (_w, n) => scenario.bare(bareUrl, n) });
      process.stdout.write(
        `${scenario.name.padEnd(22)} ${String(concurrency).padStart(4)} | ${fmt(rest)} | ${fmt(baseline)} | ${(rest.rps / baseline.rps).toFixed(2).padStart(6)}\n`,
      );
    }
  }
  await new Promise((resolve) => bare.close(resolve));
  await stop();
}

await main();
