// One open-loop load run, in a process of its own so the load generator does not share the
// server's event loop: `node --import tsx bench/open-loop.ts <url> <rate> <seconds> [header:value …]`
// sends `rate` GETs a second on schedule for `seconds` over a keep-alive pool of 64 connections (as
// an HTTP client library would; requests queue in the pool when all are busy) and prints one JSON
// line: {achieved, errors, p50, p99, statuses, failures}. Latency counts from the scheduled send.
import { Agent, get } from 'node:http';
import { performance } from 'node:perf_hooks';

const [target = '', rateText = '500', secondsText = '5', ...headerArgs] = process.argv.slice(2);
const rate = Number.parseInt(rateText, 10);
const seconds = Number.parseInt(secondsText, 10);
if (!target.startsWith('http://') || !(rate > 0) || !(seconds > 0)) throw new Error('usage: open-loop.ts <http url> <rate> <seconds> [name:value …]');
const headers = Object.fromEntries(headerArgs.map((arg) => [arg.slice(0, arg.indexOf(':')), arg.slice(arg.indexOf(':') + 1)]));
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

function once(): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = get(target, { agent, headers, timeout: 30_000 }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    request.on('error', reject);
  });
}

const total = rate * seconds;
const latencies: number[] = [];
const statuses: Record<string, number> = {};
const failures: Record<string, number> = {};
let errors = 0;
const pending: Promise<void>[] = [];
const started = performance.now();
for (let index = 0; index < total; index += 1) {
  const due = started + (index * 1000) / rate;
  const wait = due - performance.now();
  if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
  pending.push(
    once()
      .then((status) => {
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status !== 200) errors += 1;
        latencies.push(performance.now() - due);
      })
      .catch((error: unknown) => {
        errors += 1;
        const code = (error as { code?: string }).code ?? String(error);
        failures[code] = (failures[code] ?? 0) + 1;
      }),
  );
}
await Promise.all(pending);
const elapsed = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const at = (p: number): number => latencies[Math.min(latencies.length - 1, Math.max(0, Math.ceil((p / 100) * latencies.length) - 1))] ?? Number.NaN;
agent.destroy();
console.log(JSON.stringify({ achieved: (total - errors) / elapsed, errors, p50: at(50), p99: at(99), statuses, failures }));
