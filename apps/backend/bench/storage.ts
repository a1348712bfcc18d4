// node --conditions=@appforge/source --import tsx bench/storage.ts [--postgres]
// Upload and download of 64 KB objects through /storage/v1 at 1 and 10 concurrent clients, as
// storage-js sends them (raw body upload, authenticated download), on PGlite or PostgreSQL 15.
// Loopback only, bounded request counts, a temp DATA_DIR removed at the end.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIGURES_HEADER, formatFigures, runLoad, startBenchBackend } from './lib.js';

const LEVELS = [
  { concurrency: 1, requests: 300 },
  { concurrency: 10, requests: 1000 },
] as const;
const OBJECT_BYTES = 64 * 1024;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'appforge-bench-storage-'));
  const { db, backend, url, stop } = await startBenchBackend('bench_storage', dataDir);
  const headers = { authorization: `Bearer ${backend.serviceRoleKey}`, apikey: backend.serviceRoleKey };
  const created = await fetch(`${url}/storage/v1/bucket`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ id: 'bench', name: 'bench', public: false }),
  });
  if (!created.ok) throw new Error(`create bucket: ${created.status} ${await created.text()}`);

  const payload = randomBytes(OBJECT_BYTES);
  const upload = async (name: string): Promise<void> => {
    const response = await fetch(`${url}/storage/v1/object/bench/${name}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/octet-stream', 'x-upsert': 'true' },
      body: payload,
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`upload ${name}: ${response.status}`);
  };
  const download = async (name: string): Promise<void> => {
    const response = await fetch(`${url}/storage/v1/object/bench/${name}`, { headers });
    const body = await response.arrayBuffer();
    if (!response.ok || body.byteLength !== OBJECT_BYTES) throw new Error(`download ${name}: ${response.status}`);
  };

  process.stdout.write(`\nbench:storage on ${db.kind}, ${OBJECT_BYTES / 1024} KB objects (node ${process.version})\n${FIGURES_HEADER}\n`);
  // Downloads read a fixed set of objects that exist whatever the upload workers did.
  for (let i = 0; i < 10; i += 1) await upload(`fixed/o${i}.bin`);
  for (const level of LEVELS) {
    const uploads = await runLoad({ ...level, fn: (worker, n) => upload(`w${worker}/o${n < 0 ? `warm${-n}` : n % 200}.bin`) });
    process.stdout.write(`${formatFigures('upload 64 KB (raw body, upsert)', uploads)}\n`);
    const downloads = await runLoad({ ...level, fn: (_worker, n) => download(`fixed/o${Math.abs(n) % 10}.bin`) });
    process.stdout.write(`${formatFigures('download 64 KB (authenticated)', downloads)}\n`);
  }

  await stop();
  rmSync(dataDir, { recursive: true, force: true });
}

await main();
