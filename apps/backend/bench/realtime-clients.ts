// The subscribers of `pnpm bench:realtime`, in a child process of their own so that the bench's
// CPU and memory figures are the server's (and its database's), not the clients'. Driven over
// IPC by bench/realtime.ts: `join` opens the sockets and subscribes each, `report` returns what
// arrived since the last join (count, latency percentiles, this process's CPU), `close` ends.
import WebSocket from 'ws';
import { percentile } from './lib.js';

export type ClientCommand =
  | { type: 'join'; url: string; tokens: string[]; table: string }
  | { type: 'count' }
  | { type: 'report' }
  | { type: 'close' };

export type ClientReply =
  | { type: 'joined'; sockets: number }
  | { type: 'count'; received: number }
  | { type: 'report'; received: number; p50: number; p99: number; max: number; cpuMs: number }
  | { type: 'error'; message: string };

const SENT_AT = /"sent_at":([0-9.e+]+)/;

let clients: WebSocket[] = [];
let latencies: number[] = [];
let cpuAtJoin = process.cpuUsage();

function reply(message: ClientReply): void {
  process.send?.(message);
}

async function connect(url: string, token: string, table: string): Promise<WebSocket> {
  const ws = new WebSocket(url);
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
      payload: { config: { postgres_changes: [{ event: 'INSERT', schema: 'public', table }] }, access_token: token },
    }),
  );
  await joined;
  ws.on('message', (data: Buffer) => {
    const match = SENT_AT.exec(data.toString('utf8'));
    if (match) latencies.push(Date.now() - Number(match[1]));
  });
  return ws;
}

async function join(url: string, tokens: readonly string[], table: string): Promise<void> {
  for (const ws of clients) ws.close();
  clients = [];
  // 50 at a time: the server limits messages per socket, not sockets, but the accept queue is finite.
  for (let i = 0; i < tokens.length; i += 50) {
    clients.push(...(await Promise.all(tokens.slice(i, i + 50).map((token) => connect(url, token, table)))));
  }
  latencies = [];
  cpuAtJoin = process.cpuUsage();
}

process.on('message', (command: ClientCommand) => {
  if (command.type === 'join') {
    join(command.url, command.tokens, command.table).then(
      () => reply({ type: 'joined', sockets: clients.length }),
      (error: unknown) => reply({ type: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
  } else if (command.type === 'count') {
    reply({ type: 'count', received: latencies.length });
  } else if (command.type === 'report') {
    const cpu = process.cpuUsage(cpuAtJoin);
    const sorted = [...latencies].sort((a, b) => a - b);
    reply({
      type: 'report',
      received: sorted.length,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? Number.NaN,
      cpuMs: (cpu.user + cpu.system) / 1000,
    });
  } else {
    for (const ws of clients) ws.close();
    process.disconnect?.();
    process.exit(0);
  }
});
