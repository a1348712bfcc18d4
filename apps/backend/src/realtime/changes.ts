// postgres_changes: capture, authorisation and fan-out.
//
// Capture: every table in the `supabase_realtime` publication carries an AFTER ROW trigger
// (sql/platform/0004_realtime.sql) that NOTIFYs `appforge_realtime` with the change. The same
// path serves both engines: PGlite has no logical replication and delivers NOTIFY in process; on
// PostgreSQL 15 triggers + NOTIFY need neither `wal_level = logical`, nor a replication slot that
// retains WAL while the server is down, nor a replication connection, and a notification is sent
// only when its transaction commits, in commit order. The cost is a trigger per written row and
// NOTIFY's 8000-byte limit: rows larger than ~6 kB travel as their primary key and are read back.
//
// Authorisation: a change goes only to subscribers who may select that row. For each change, the
// subscribers are grouped by identity (role + claims); one read-only transaction runs one query
// per identity as that identity: realtime.row_visible() checks the table privilege and evaluates
// the table's SELECT policies on the row as the change left it (as Postgres combines them:
// permissive OR-ed, restrictive AND-ed), and every filter of that identity's bindings is
// evaluated in the same query. Checking the captured row rather than re-reading the table keeps
// an INSERT visible to its owner even when the row is updated or deleted before the fan-out, and
// lets a DELETE be checked at all. A row too large for NOTIFY is read back by primary key first
// (then it shows its state at fan-out time). Each subscriber receives only the columns its role
// may select, as Supabase's walrus does; DELETE delivers only the primary key.
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Database, Queryable } from '../db/database.js';
import { actAs } from './identity.js';
import type { Identity } from './identity.js';

export type ChangeEvent = 'INSERT' | 'UPDATE' | 'DELETE' | '*';
const FILTER_OPS = { eq: '=', neq: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=' } as const;
type FilterOp = keyof typeof FILTER_OPS | 'in';

/** A postgres_changes binding as the client sent it (echoed back unchanged in the join reply). */
export const bindingSchema = z.object({
  event: z.enum(['INSERT', 'UPDATE', 'DELETE', '*']),
  schema: z.string().min(1).max(63).optional(),
  table: z.string().min(1).max(63).optional(),
  filter: z.string().max(4096).optional().nullable(),
});
export type BindingRequest = z.infer<typeof bindingSchema>;

export interface Filter {
  column: string;
  op: FilterOp;
  /** One value, or the list of `in`. */
  values: string[];
}

export interface ResolvedBinding {
  id: number;
  event: ChangeEvent;
  schema: string;
  /** A table name, or '*' for every published table of the schema. */
  table: string;
  filter: Filter | undefined;
}

/** Who receives changes: one joined channel. */
export interface ChangeSubscriber {
  identity(): Identity;
  bindings: readonly ResolvedBinding[];
  /** dataJson is JSON.stringify(data), made once for every subscriber of an identity. */
  deliver(ids: number[], data: ChangePayload, dataJson: string): void;
}

export interface ChangePayload {
  schema: string;
  table: string;
  commit_timestamp: string;
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  columns: { name: string; type: string }[];
  record?: Record<string, unknown>;
  old_record?: Record<string, unknown>;
  errors: null;
}

export class BindingError extends Error {}

const notification = z.object({
  s: z.string(),
  t: z.string(),
  y: z.enum(['INSERT', 'UPDATE', 'DELETE']),
  ts: z.string(),
  k: z.record(z.string(), z.unknown()),
  o: z.record(z.string(), z.unknown()).nullable(),
  r: z.record(z.string(), z.unknown()).optional(),
  d: z.record(z.string(), z.unknown()).optional(),
});
type Change = z.infer<typeof notification>;

interface TableInfo {
  regclass: string;
  columns: { name: string; type: string }[];
  primaryKey: string[];
  loadedAt: number;
}

const TABLE_INFO_TTL_MS = 5000;

/** `col=op.value` (supabase-wire §6.3), the operators realtime-js offers. */
export function parseFilter(text: string): Filter {
  const match = /^([^=]+)=(eq|neq|lt|lte|gt|gte|in)\.([\s\S]*)$/.exec(text);
  if (!match) throw new BindingError(`invalid filter "${text}": expected column=operator.value with eq, neq, lt, lte, gt, gte or in`);
  const [, column, op, raw] = match as unknown as [string, string, FilterOp, string];
  if (op !== 'in') return { column, op, values: [raw] };
  const list = /^\((.*)\)$/s.exec(raw);
  if (!list) throw new BindingError(`invalid filter "${text}": in needs a list, e.g. in.(1,2)`);
  const values = splitList(list[1] ?? '');
  if (values.length === 0 || values.length > 100) throw new BindingError(`invalid filter "${text}": in takes 1 to 100 values`);
  return { column, op, values };
}

/** a,b,"c,d" → ['a', 'b', 'c,d'] */
function splitList(text: string): string[] {
  const values: string[] = [];
  const pattern = /\s*(?:"((?:[^"\\]|\\.)*)"|([^,]*))\s*(?:,|$)/gy;
  while (pattern.lastIndex < text.length) {
    const start = pattern.lastIndex;
    const match = pattern.exec(text);
    if (!match || pattern.lastIndex === start) break;
    values.push(match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : (match[2] ?? '').trim());
  }
  return values;
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function quoteLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

export class ChangeFeed {
  private readonly subscribers = new Set<ChangeSubscriber>();
  private readonly tables = new Map<string, TableInfo>();
  private nextId = 1;
  private queue: Promise<void> = Promise.resolve();
  private unlisten: (() => Promise<void>) | undefined;
  /** Changes fanned out and RLS queries run (for the benchmark). */
  readonly stats = { changes: 0, checks: 0 };

  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    await this.db.query('select realtime.sync_capture()');
    this.unlisten = await this.db.listen('appforge_realtime', (payload) => this.enqueue(payload));
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = undefined;
    await this.queue;
  }

  add(subscriber: ChangeSubscriber): void {
    this.subscribers.add(subscriber);
  }

  remove(subscriber: ChangeSubscriber): void {
    this.subscribers.delete(subscriber);
  }

  /**
   * Checks the bindings a join asks for, as the joining identity: the schema and table exist,
   * are in the publication and may be selected; a filter names a real column and its values have
   * the column's type. Throws BindingError with the reason for the client.
   */
  async resolve(requests: readonly BindingRequest[], identity: Identity): Promise<ResolvedBinding[]> {
    const resolved: ResolvedBinding[] = [];
    for (const request of requests) {
      const schema = request.schema ?? 'public';
      const table = request.table ?? '*';
      const filter = request.filter ? parseFilter(request.filter) : undefined;
      if (table === '*') {
        if (filter) throw new BindingError('a filter needs a table');
        const published = await this.db.query<{ n: number }>(
          "select count(*)::int as n from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = $1",
          [schema],
        );
        if ((published.rows[0]?.n ?? 0) === 0) {
          throw new BindingError(`Unable to subscribe to changes with given parameters: no table of schema ${schema} is in publication supabase_realtime`);
        }
      } else {
        const info = await this.tableInfo(schema, table, true);
        if (!info) {
          throw new BindingError(
            `Unable to subscribe to changes with given parameters: ${schema}.${table} does not exist or is not in publication supabase_realtime`,
          );
        }
        const allowed = await this.db.query<{ ok: boolean }>('select has_any_column_privilege($1, $2::regclass, $3) as ok', [
          identity.role,
          info.regclass,
          'select',
        ]);
        if (!allowed.rows[0]?.ok) throw new BindingError(`permission denied for table ${table}`);
        if (filter && !(await this.selectableColumns(info, identity.role)).has(filter.column)) {
          throw new BindingError(`invalid column for filter ${filter.column}`);
        }
        if (filter) await this.checkFilter(info, filter);
      }
      resolved.push({ id: this.nextId++, event: request.event, schema, table, filter });
    }
    return resolved;
  }

  private async checkFilter(info: TableInfo, filter: Filter): Promise<void> {
    if (!info.columns.some((column) => column.name === filter.column)) {
      throw new BindingError(`invalid column for filter ${filter.column}`);
    }
    try {
      await this.db.query(
        `select (jsonb_populate_record(null::${info.regclass}, jsonb_build_object($1::text, v))).${quoteIdent(filter.column)}
         from jsonb_array_elements_text($2::jsonb) as v`,
        [filter.column, JSON.stringify(filter.values)],
      );
    } catch {
      throw new BindingError(`invalid value for filter ${filter.column}: ${filter.values.join(', ')}`);
    }
  }

  private async tableInfo(schema: string, table: string, fresh = false): Promise<TableInfo | undefined> {
    const key = `${schema}.${table}`;
    const known = this.tables.get(key);
    if (known && !fresh && Date.now() - known.loadedAt < TABLE_INFO_TTL_MS) return known;
    const result = await this.db.query<{ columns: { name: string; type: string }[]; pk: string[] | null }>(
      `select
         (select json_agg(json_build_object('name', a.attname, 'type', t.typname) order by a.attnum)
            from pg_attribute a join pg_type t on t.oid = a.atttypid
            where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns,
         (select array_agg(a.attname::text order by k.ord)
            from pg_index i
            cross join lateral unnest(i.indkey) with ordinality as k(attnum, ord)
            join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
            where i.indrelid = c.oid and i.indisprimary) as pk
       from pg_publication_tables p
       join pg_namespace n on n.nspname = p.schemaname
       join pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
       where p.pubname = 'supabase_realtime' and p.schemaname = $1 and p.tablename = $2`,
      [schema, table],
    );
    const row = result.rows[0];
    if (!row || !row.pk) {
      this.tables.delete(key);
      return undefined;
    }
    const info = { regclass: `${quoteIdent(schema)}.${quoteIdent(table)}`, columns: row.columns, primaryKey: row.pk, loadedAt: Date.now() };
    this.tables.set(key, info);
    return info;
  }

  private enqueue(payload: string): void {
    let change: Change;
    try {
      change = notification.parse(JSON.parse(payload));
    } catch (error) {
      this.logger.warn({ err: error }, 'realtime: unreadable change notification');
      return;
    }
    this.queue = this.queue.then(
      () => this.fanOut(change),
      () => this.fanOut(change),
    );
    this.queue.catch((error: unknown) => this.logger.error({ err: error }, 'realtime: change fan-out failed'));
  }

  /** Sends one change to every subscriber whose binding matches and who may see the row. */
  private async fanOut(change: Change): Promise<void> {
    const candidates = new Map<string, { identity: Identity; entries: { subscriber: ChangeSubscriber; bindings: ResolvedBinding[] }[] }>();
    for (const subscriber of this.subscribers) {
      const bindings = subscriber.bindings.filter(
        (binding) =>
          (binding.event === '*' || binding.event === change.y) &&
          binding.schema === change.s &&
          (binding.table === '*' || binding.table === change.t),
      );
      if (bindings.length === 0) continue;
      const identity = subscriber.identity();
      let group = candidates.get(identity.key);
      if (!group) {
        group = { identity, entries: [] };
        candidates.set(identity.key, group);
      }
      group.entries.push({ subscriber, bindings });
    }
    if (candidates.size === 0) return;
    const info = await this.tableInfo(change.s, change.t);
    if (!info) return;
    this.stats.changes++;

    // The row as the change left it; too large for NOTIFY, it is read back (as the server).
    let snapshot: Record<string, unknown> | undefined = change.y === 'DELETE' ? (change.d ?? change.k) : change.r;
    if (!snapshot) {
      snapshot = await this.readBack(info, change.k);
      if (!snapshot) return;
    }
    const row = snapshot;
    const groups = [...candidates.values()];
    const outcomes = await this.check(info, row, groups).catch(async (error: unknown) => {
      // One identity's failure (a revoked privilege) aborts the shared transaction: retry alone.
      this.logger.warn({ err: error }, 'realtime: batched RLS check failed; checking identities one by one');
      const results: (Map<string, boolean> | undefined)[] = [];
      for (const group of groups) {
        results.push((await this.check(info, row, [group]).catch(() => [undefined]))[0]);
      }
      return results;
    });

    for (const [index, group] of groups.entries()) {
      const outcome = outcomes[index];
      if (!outcome) continue;
      // Only the columns this role may select (AppRun.state, for one, is granted to nobody).
      const selectable = await this.selectableColumns(info, group.identity.role);
      const visible = (values: Record<string, unknown>) =>
        Object.fromEntries(Object.entries(values).filter(([name]) => selectable.has(name)));
      const payload: ChangePayload = {
        schema: change.s,
        table: change.t,
        commit_timestamp: change.ts,
        type: change.y,
        columns: info.columns.filter((column) => selectable.has(column.name)),
        errors: null,
      };
      if (change.y !== 'DELETE') payload.record = visible(row);
      if (change.y !== 'INSERT') payload.old_record = visible(change.o ?? change.k);
      const payloadJson = JSON.stringify(payload);
      for (const { subscriber, bindings } of group.entries) {
        const ids = bindings.filter((binding) => !binding.filter || outcome.get(filterKey(binding.filter))).map((binding) => binding.id);
        if (ids.length > 0) subscriber.deliver(ids, payload, payloadJson);
      }
    }
  }

  private async readBack(info: TableInfo, key: Record<string, unknown>): Promise<Record<string, unknown> | undefined> {
    const match = info.primaryKey
      .map((column) => `t.${quoteIdent(column)} = (jsonb_populate_record(null::${info.regclass}, $1::jsonb)).${quoteIdent(column)}`)
      .join(' and ');
    const result = await this.db.query<{ r: Record<string, unknown> }>(`select to_jsonb(t) as r from ${info.regclass} as t where ${match}`, [
      JSON.stringify(key),
    ]);
    return result.rows[0]?.r;
  }

  private async selectableColumns(info: TableInfo, role: string): Promise<Set<string>> {
    const cacheKey = `${info.regclass}\u0000${role}`;
    const known = this.columnGrants.get(cacheKey);
    if (known && Date.now() - known.loadedAt < TABLE_INFO_TTL_MS) return known.columns;
    const result = await this.db.query<{ name: string }>(
      `select a.attname::text as name from pg_attribute a
       where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped
         and has_column_privilege($2, a.attrelid, a.attnum, 'select')`,
      [info.regclass, role],
    );
    const columns = new Set(result.rows.map((entry) => entry.name));
    this.columnGrants.set(cacheKey, { columns, loadedAt: Date.now() });
    return columns;
  }

  private readonly columnGrants = new Map<string, { columns: Set<string>; loadedAt: number }>();

  /**
   * For each group, as its identity: undefined when the row is not visible, else which filters
   * hold (key filterKey(filter)). One read-only transaction, one statement per identity.
   */
  private async check(
    info: TableInfo,
    row: Record<string, unknown>,
    groups: readonly { identity: Identity; entries: { bindings: ResolvedBinding[] }[] }[],
  ): Promise<(Map<string, boolean> | undefined)[]> {
    return this.db.transaction(async (tx) => {
      await tx.query("select set_config('transaction_read_only', 'on', true)");
      const results: (Map<string, boolean> | undefined)[] = [];
      for (const group of groups) {
        const filters = new Map<string, Filter>();
        for (const entry of group.entries) {
          for (const binding of entry.bindings) if (binding.filter) filters.set(filterKey(binding.filter), binding.filter);
        }
        await actAs(tx, group.identity);
        results.push(await this.checkOne(tx, info, row, [...filters.entries()]));
        this.stats.checks++;
      }
      return results;
    });
  }

  private async checkOne(
    tx: Queryable,
    info: TableInfo,
    row: Record<string, unknown>,
    filters: [string, Filter][],
  ): Promise<Map<string, boolean> | undefined> {
    const params: unknown[] = [];
    const param = (value: unknown): string => {
      params.push(value);
      return `$${params.length}`;
    };
    const expressions = filters.map(([, filter], index) => `, (${filterSql(info, filter, param)}) as f${index}`);
    const values = param(JSON.stringify(row));
    const sql = `select true as visible${expressions.join('')}
      from jsonb_populate_record(null::${info.regclass}, ${values}::jsonb) as t
      where realtime.row_visible(${quoteLiteral(info.regclass)}::regclass, ${values}::jsonb)`;
    const result = await tx.query<Record<string, unknown>>(sql, params);
    const found = result.rows[0];
    if (!found) return undefined;
    const outcome = new Map<string, boolean>();
    filters.forEach(([key], index) => outcome.set(key, found[`f${index}`] === true));
    return outcome;
  }
}

function filterKey(filter: Filter): string {
  return `${filter.column}\u0000${filter.op}\u0000${filter.values.join('\u0000')}`;
}

/** The filter as SQL on alias t; values are parameters cast to the column's type through the row type. */
function filterSql(info: TableInfo, filter: Filter, param: (value: unknown) => string): string {
  const column = quoteIdent(filter.column);
  const typed = (value: string): string =>
    `(jsonb_populate_record(null::${info.regclass}, jsonb_build_object(${param(filter.column)}::text, ${value}))).${column}`;
  if (filter.op === 'in') {
    return `t.${column} in (select ${typed('v')} from jsonb_array_elements_text(${param(JSON.stringify(filter.values))}::jsonb) as v)`;
  }
  return `t.${column} ${FILTER_OPS[filter.op]} ${typed(`${param(filter.values[0])}::text`)}`;
}
