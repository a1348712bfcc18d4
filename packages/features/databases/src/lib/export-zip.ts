// The whole database as one ZIP: a CSV per table (formula-safe, see csv-export) and schema.json
// with the tables and their typed columns, so it can be read back or loaded elsewhere. fflate
// builds the archive in memory; it loads only when someone exports.
import type { AppforgeClient, DatabaseDetail } from '@appforge/sdk';
import { csvFileName, rowsToCsv } from './csv-export';
import { fetchAllRows } from './fetch-all-rows';

export interface DatabaseSchemaFile {
  name: string;
  description: string;
  exportedAt: string;
  tables: { name: string; file: string; rows: number; columns: DatabaseDetail['tables'][number]['columns'] }[];
}

export async function databaseZip(client: Pick<AppforgeClient, 'databases'>, database: DatabaseDetail, now = new Date()): Promise<Uint8Array<ArrayBuffer>> {
  const { strToU8, zipSync } = await import('fflate');
  const files: Record<string, Uint8Array> = {};
  const schema: DatabaseSchemaFile = { name: database.name, description: database.description, exportedAt: now.toISOString(), tables: [] };
  const used = new Set<string>();
  for (const table of database.tables) {
    let file = csvFileName(table.name);
    for (let n = 2; used.has(file.toLowerCase()); n += 1) file = csvFileName(`${table.name} ${String(n)}`);
    used.add(file.toLowerCase());
    const rows = await fetchAllRows(client, { tableId: table.id });
    files[file] = strToU8(`\uFEFF${rowsToCsv(table.columns, rows)}`);
    schema.tables.push({ name: table.name, file, rows: rows.length, columns: table.columns });
  }
  files['schema.json'] = strToU8(`${JSON.stringify(schema, null, 2)}\n`);
  return zipSync(files, { level: 6 });
}
