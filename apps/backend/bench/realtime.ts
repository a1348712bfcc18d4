// pnpm bench:realtime [--postgres] [--sockets=1000] [--rate=100] [--seconds=5] [--max-identities=100] [--curve]:
// `sockets` websockets subscribed to postgres_changes INSERT on one RLS-protected table while the
// database takes `rate` inserts a second. Prints delivery latency (insert → frame received,
// p50/p99), the server's heap and RSS per socket, the server's CPU (with PGlite, the database too)
// and the clients' CPU apart, and the cost of the RLS check as the number of distinct identities
// among the subscribers grows (1 = baseline; each distinct identity is one policy evaluation per
// batch of changes, so the check scales with identities, not sockets). `--curve` first runs one
// identity at 100, 250, 500 and 1,000 sockets (up to `sockets`), to show where the latency holds.
// The clients run in a child process (bench/realtime-clients.ts), so the figures are the server's.
// `--profile=DIR` writes a V8 CPU profile of the server process per scenario (the measured window only).
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { option, startBenchBackend } from './lib.js';
import type { ClientCommand, ClientReply } from './realtime-clients.js';

const FIXTURE = `
create table public.bench_events (id bigint generated always as identity primary key, sent_at double precision not null, note text);
alter table public.bench_events enable row level security;
grant select on public.bench_events to authenticated;
create policy bench_events_read on public.bench_events for select to authenticated using ((select auth.uid()) is not null);
alter publication supabase_realtime add table public.bench_events;`;

/** One request to the client process and its answer of the expected type. */
function ask<T extends ClientReply['type']>(child: ChildProcess, command: ClientCommand, type: T): Promise<Extract<ClientReply, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: ClientReply) => {
      child.off('message', onMessage);
      if (message.type === type) resolve(message as Extract<ClientReply, { type: T }>);
      else reject(new Error(message.type === 'error' ? message.message : `unexpected ${message.type}`));
    };
    child.on('message', onMessage);
    child.send(command);
  });
}

async function main(): Promise<void> {
  const sockets = option('sockets', 1000);
  const rate = option('rate', 100);
  const seconds = option('seconds', 5);
  // The widest identity mix measured (every distinct identity is one policy evaluation per batch).
  const maxIdentities = option('max-identities', 100);
  const bench = await startBenchBackend('bench_realtime');
  const wsUrl = `${bench.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${bench.backend.anonKey}&vsn=1.0.0`;
  await bench.db.exec(FIXTURE);
  const tokens = await Promise.all(
    Array.from({ length: sockets }, (_, i) =>
      bench.backend.deps.jwt.sign({ sub: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, role: 'authenticated', aud: 'authenticated' }, 3600),
    ),
  );
  const child = fork(new URL('./realtime-clients.ts', import.meta.url), [], {
    execArgv: ['--conditions=@appforge/source', '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });

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
    const deadline = Date.now() + 30_000;
    while ((await ask(child, { type: 'count' }, 'count')).received < expected && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function scenario(label: string, count: number, identities: number) {
    // The previous scenario's sockets go first, so the memory figure is this scenario's.
    await ask(child, { type: 'join', url: wsUrl, tokens: [], table: 'bench_events' }, 'joined');
    while (bench.backend.realtime.socketCount > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    global.gc?.();
    const before = process.memoryUsage();
    await ask(child, { type: 'join', url: wsUrl, tokens: Array.from({ length: count }, (_, i) => tokens[i % identities] ?? ''), table: 'bench_events' }, 'joined');
    global.gc?.();
    const after = process.memoryUsage();
    const feed = bench.backend.realtime.changes.stats;
    const stats0 = { ...feed };
    const profileDir = process.argv.find((arg) => arg.startsWith('--profile='))?.slice('--profile='.length);
    const profiler = profileDir ? new Session() : undefined;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    const cpu0 = process.cpuUsage();
    const wall0 = performance.now();
    const sent = await insertFor(seconds, rate);
    await drain(sent * count);
    const cpu = process.cpuUsage(cpu0);
    const wallMs = performance.now() - wall0;
    if (profiler && profileDir) {
      const { profile } = await profiler.post('Profiler.stop');
      await writeFile(join(profileDir, `realtime-${count}-${identities}.cpuprofile`), JSON.stringify(profile));
      profiler.disconnect();
    }
    const report = await ask(child, { type: 'report' }, 'report');
    const serverCpuMs = (cpu.user + cpu.system) / 1000;
    const changes = Math.max(1, feed.changes - stats0.changes);
    return {
      label,
      delivered: `${report.received}/${sent * count}`,
      p50: report.p50,
      p99: report.p99,
      heapKb: (after.heapUsed - before.heapUsed) / count / 1024,
      rssKb: (after.rss - before.rss) / count / 1024,
      serverCpu: (serverCpuMs / wallMs) * 100,
      clientCpu: (report.cpuMs / wallMs) * 100,
      perBatch: changes / Math.max(1, feed.batches - stats0.batches),
      checksPerChange: (feed.checks - stats0.checks) / changes,
      msPerChange: serverCpuMs / Math.max(1, sent),
    };
  }

  const columns: [string, number][] = [
    ['scenario', -34],
    ['delivered', 16],
    ['p50 ms', 8],
    ['p99 ms', 8],
    ['heap KB/sock', 12],
    ['rss KB/sock', 11],
    ['server CPU %', 12],
    ['client CPU %', 12],
    ['chg/batch', 9],
    ['checks/chg', 10],
    ['srv CPU ms/chg', 14],
    ['× base', 7],
  ];
  const line = (cells: string[]) =>
    cells.map((cell, i) => ((columns[i]?.[1] ?? 0) < 0 ? cell.padEnd(-(columns[i]?.[1] ?? 0)) : cell.padStart(columns[i]?.[1] ?? 0))).join(' ');
  console.log(`database: ${process.argv.includes('--postgres') ? 'PostgreSQL 15 (CPU not counted: another process)' : 'PGlite (in the server process)'}; ${rate} inserts/s for ${seconds} s per scenario; clients in a child process`);
  console.log(line(columns.map(([name]) => name)));
  const plan: [number, number][] = [];
  if (process.argv.includes('--curve')) {
    for (const count of [100, 250, 500].filter((n) => n < sockets)) plan.push([count, 1]);
  }
  for (const identities of [1, 10, 100, 1000].filter((n) => n <= Math.min(sockets, maxIdentities))) plan.push([sockets, identities]);
  let base: number | undefined;
  try {
    for (const [count, identities] of plan) {
      const r = await scenario(`${count} sockets, ${identities} identit${identities === 1 ? 'y' : 'ies'}`, count, identities);
      if (count === sockets && identities === 1) base = r.msPerChange;
      console.log(
        line([
          r.label,
          r.delivered,
          r.p50.toFixed(1),
          r.p99.toFixed(1),
          r.heapKb.toFixed(1),
          r.rssKb.toFixed(1),
          r.serverCpu.toFixed(0),
          r.clientCpu.toFixed(0),
          r.perBatch.toFixed(1),
          r.checksPerChange.toFixed(2),
          r.msPerChange.toFixed(2),
          base === undefined ? '–' : (r.msPerChange / base).toFixed(1),
        ]),
      );
    }
  } finally {
    child.send({ type: 'close' } satisfies ClientCommand);
    await bench.stop();
  }
}

await main();
