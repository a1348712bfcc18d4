// pnpm bench:realtime [--postgres] [--sockets=1000] [--rate=100] [--seconds=5] [--max-identities=100]: `sockets` websockets
// subscribed to postgres_changes INSERT on one RLS-protected table while the database takes
// `rate` inserts a second. Prints delivery latency (insert → frame received, p50/p99), heap and
// RSS per socket, process CPU, and the cost of the RLS check as the number of distinct
// identities among the subscribers grows (1 = baseline; each distinct identity is one policy
// evaluation per change, so the fan-out cost scales with identities, not sockets).
// The clients run in this process too: memory and CPU figures cover both ends (an upper bound).
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { startBenchBackend } from './lib.js';

function option(name: string, fallback: number): number {
  const raw = process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const value = raw === undefined ? fallback : Number.parseInt(raw, 10);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive whole number`);
  return value;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

const FIXTURE = `
create table public.bench_events (id bigint generated always as identity primary key, sent_at double precision not null, note text);
alter table public.bench_events enable row level security;
grant select on public.bench_events to authenticated;
create policy bench_events_read on public.bench_events for select to authenticated using ((select auth.uid()) is not null);
alter publication supabase_realtime add table public.bench_events;`;

const SENT_AT = /"sent_at":([0-9.e+]+)/;

async function main(): Promise<void> {
  const sockets = option('sockets', 1000);
  const rate = option('rate', 100);
  const seconds = option('seconds', 5);
  // The widest identity mix measured (every distinct identity is one policy evaluation per change).
  const maxIdentities = option('max-identities', 100);
  const bench = await startBenchBackend('bench_realtime');
  const wsUrl = `${bench.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${bench.backend.anonKey}&vsn=1.0.0`;
  await bench.db.exec(FIXTURE);
  const tokens = await Promise.all(
    Array.from({ length: sockets }, (_, i) =>
      bench.backend.deps.jwt.sign({ sub: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, role: 'authenticated', aud: 'authenticated' }, 3600),
    ),
  );
  const latencies: number[] = [];
  let received = 0;
  const clients: WebSocket[] = [];

  async function connect(token: string): Promise<WebSocket> {
    const ws = new WebSocket(wsUrl);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const joined = new Promise<void>((resolve, reject) => {
      ws.once('message', (data: Buffer) => {
        const text = data.toString('utf8');
        if (text.includes('"status":"ok"')) resolve();
        else reject(new Error(`join refused: ${text}`));
      });
    });
    ws.send(
      JSON.stringify({
        topic: 'realtime:bench',
        event: 'phx_join',
        ref: '1',
        join_ref: '1',
        payload: { config: { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'bench_events' }] }, access_token: token },
      }),
    );
    await joined;
    ws.on('message', (data: Buffer) => {
      const match = SENT_AT.exec(data.toString('utf8'));
      if (!match) return;
      received += 1;
      latencies.push(Date.now() - Number(match[1]));
    });
    return ws;
  }

  async function insertFor(durationS: number, perSecond: number): Promise<number> {
    const started = performance.now();
    let sent = 0;
    const total = durationS * perSecond;
    while (sent < total) {
      const due = started + (sent * 1000) / perSecond;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      await bench.db.query('insert into public.bench_events (sent_at) values ($1)', [Date.now()]);
      sent += 1;
    }
    return sent;
  }

  async function drain(expected: number): Promise<void> {
    const deadline = Date.now() + 20_000;
    while (received < expected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  }

  async function scenario(label: string, identities: number, perSecond: number, durationS: number) {
    // Every socket re-joins as one of `identities` users.
    for (const ws of clients) ws.close();
    clients.length = 0;
    latencies.length = 0;
    received = 0;
    global.gc?.();
    const heapBefore = process.memoryUsage();
    for (let i = 0; i < sockets; i += 50) {
      const batch = await Promise.all(Array.from({ length: Math.min(50, sockets - i) }, (_, j) => connect(tokens[(i + j) % identities] ?? '')));
      clients.push(...batch);
      // Stay under the per-socket join rate; the server caps messages, not sockets.
    }
    global.gc?.();
    const heapAfter = process.memoryUsage();
    const feed = bench.backend.realtime.changes.stats;
    const checksBefore = feed.checks;
    const changesBefore = feed.changes;
    const cpuBefore = process.cpuUsage();
    const wallBefore = performance.now();
    const sent = await insertFor(durationS, perSecond);
    await drain(sent * sockets);
    const cpu = process.cpuUsage(cpuBefore);
    const wall = (performance.now() - wallBefore) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      label,
      identities,
      sent,
      delivered: received,
      expected: sent * sockets,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      heapPerSocketKb: (heapAfter.heapUsed - heapBefore.heapUsed) / sockets / 1024,
      rssPerSocketKb: (heapAfter.rss - heapBefore.rss) / sockets / 1024,
      cpuPercent: ((cpu.user + cpu.system) / 1000 / (wall * 1000)) * 100,
      checksPerChange: (feed.checks - checksBefore) / Math.max(1, feed.changes - changesBefore),
      msPerChangeCpu: (cpu.user + cpu.system) / 1000 / Math.max(1, sent),
    };
  }

  console.log(`database: ${process.argv.includes('--postgres') ? 'PostgreSQL 15' : 'PGlite'}; ${rate} inserts/s for ${seconds} s per scenario`);
  console.log(
    `${'scenario'.padEnd(36)} ${'delivered'.padStart(16)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'heap KB/sock'.padStart(12)} ${'rss KB/sock'.padStart(11)} ${'CPU %'.padStart(6)} ${'checks/chg'.padStart(10)} ${'CPU ms/chg'.padStart(10)} ${'× base'.padStart(7)}`,
  );
  let base: number | undefined;
  try {
    for (const identities of [1, 10, 100, 1000].filter((n) => n <= Math.min(sockets, maxIdentities))) {
      const r = await scenario(`${sockets} sockets, ${identities} identit${identities === 1 ? 'y (baseline)' : 'ies'}`, identities, rate, seconds);
      base ??= r.msPerChangeCpu;
      console.log(
        `${r.label.padEnd(36)} ${`${r.delivered}/${r.expected}`.padStart(16)} ${r.p50.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${r.heapPerSocketKb.toFixed(1).padStart(12)} ${r.rssPerSocketKb.toFixed(1).padStart(11)} ${r.cpuPercent.toFixed(0).padStart(6)} ${r.checksPerChange.toFixed(1).padStart(10)} ${r.msPerChangeCpu.toFixed(2).padStart(10)} ${(r.msPerChangeCpu / base).toFixed(1).padStart(7)}`,
      );
    }
  } finally {
    for (const ws of clients) ws.close();
    await bench.stop();
  }
}

await main();
