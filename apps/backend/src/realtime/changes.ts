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
// Authorisation: a change goes only to subscribers who may select that row. Changes are fanned
// out in batches: whatever arrived while the previous batch was being sent goes next (one change
// when the feed keeps up, more when it falls behind, which is when batching pays). The
// subscribers are grouped by identity (role + claims); one read-only transaction runs, per table
// and identity of the batch, one query as that identity: realtime.visible_rows() checks the table
// privilege and evaluates the table's SELECT policies on every row of the batch as the change left
// it (as Postgres combines them: permissive OR-ed, restrictive AND-ed), and every filter of that
// identity's bindings is evaluated in the same query. 1,000 sockets of one user cost one check.
// Checking the captured rows rather than re-reading the table keeps an INSERT visible to its
// owner even when the row is updated or deleted before the fan-out, and lets a DELETE be checked
// at all. A row too large for NOTIFY is read back by primary key first (then it shows its state
// at fan-out time). Each subscriber receives only the columns its role may select, as Supabase's
// walrus does; old_record is the primary key unless the table has replica identity full (see
// changePayload). The payload is serialised once per change
// and role, and subscribers whose frames would be equal share one encoded frame.
import { createHash } from 'node:crypto';
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
  /** What else makes two subscribers' frames of one change differ (protocol version, topic, join ref). */
  readonly envelope: string;
  /** The frame carrying the change (dataJson: its ChangePayload as JSON) for these binding ids. */
  encode(ids: readonly number[], dataJson: string): Buffer;
  send(frame: Buffer): void;
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
  /** `replica identity full`: an UPDATE's old_record is the whole old row (a DELETE's too, without RLS). */
  replicaFull: boolean;
  /** Row-level security is on (a DELETE then carries only the primary key, as in Supabase). */
  rls: boolean;
  loadedAt: number;
}

const TABLE_INFO_TTL_MS = 5000;
/** The most changes fanned out (and RLS-checked) together. */
const MAX_BATCH = 500;

interface Candidate {
  subscriber: ChangeSubscriber;
  bindings: ResolvedBinding[];
  /** Without filters, the ids and the frame key are the same for every change of the batch. */
  ids: number[] | undefined;
  key: string | undefined;
}

/** The subscribers of one identity that a change concerns. */
interface Group {
  identity: Identity;
  entries: Candidate[];
}

/** One change on its way out: its row, who it may concern and, once checked, who may see it. */
interface Outgoing {
  change: Change;
  info: TableInfo;
  row: Record<string, unknown>;
  groups: Map<string, Group>;
  /** identity key → the filters that hold, or undefined when that identity may not see the row. */
  outcomes: Map<string, Map<string, boolean> | undefined>;
}

/**
 * A binding's id as Supabase computes it (a hash of its parameters, :erlang.phash2 there): equal
 * bindings get equal ids, so channels that asked for the same thing get byte-equal frames.
 */
export function bindingId(binding: Omit<ResolvedBinding, 'id'>, taken: ReadonlyMap<number, string>): number {
  const key = JSON.stringify([binding.event, binding.schema, binding.table, binding.filter ?? null]);
  let id = createHash('sha256').update(key).digest().readUInt32BE(0) & 0x7ffffff;
  // Two different bindings of one channel never share an id (equal ones do).
  while (taken.has(id) && taken.get(id) !== key) id = (id + 1) & 0x7ffffff;
  return id;
}

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
  private pending: Change[] = [];
  private draining: Promise<void> | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  /** Changes fanned out, batches they went in and RLS queries run (for the benchmark). */
  readonly stats = { changes: 0, checks: 0, batches: 0 };

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
    await this.draining;
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
    const taken = new Map<number, string>();
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
      const binding = { event: request.event, schema, table, filter };
      const id = bindingId(binding, taken);
      taken.set(id, JSON.stringify([binding.event, binding.schema, binding.table, binding.filter ?? null]));
      resolved.push({ id, ...binding });
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
    const result = await this.db.query<{ columns: { name: string; type: string }[]; pk: string[] | null; replica_full: boolean; rls: boolean }>(
      `select
         c.relreplident = 'f' as replica_full,
         c.relrowsecurity as rls,
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
    const info: TableInfo = {
      regclass: `${quoteIdent(schema)}.${quoteIdent(table)}`,
      columns: row.columns,
      primaryKey: row.pk,
      replicaFull: row.replica_full,
      rls: row.rls,
      loadedAt: Date.now(),
    };
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
    this.pending.push(change);
    this.draining ??= this.drain().finally(() => {
      this.draining = undefined;
    });
  }

  /** Fans out what is pending, in commit order: what arrives meanwhile goes in the next batch. */
  private async drain(): Promise<void> {
    // Notifications that arrive together (one transaction's, one read from the socket) go together.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, MAX_BATCH);
      try {
        await this.fanOut(batch);
      } catch (error) {
        this.logger.error({ err: error }, 'realtime: change fan-out failed');
      }
    }
  }

  /** The subscribers a change concerns (by event, schema and table), grouped by identity. */
  private candidates(change: Change): Map<string, Group> {
    const groups = new Map<string, Group>();
    for (const subscriber of this.subscribers) {
      const bindings = subscriber.bindings.filter(
        (binding) =>
          (binding.event === '*' || binding.event === change.y) &&
          binding.schema === change.s &&
          (binding.table === '*' || binding.table === change.t),
      );
      if (bindings.length === 0) continue;
      const identity = subscriber.identity();
      let group = groups.get(identity.key);
      if (!group) {
        group = { identity, entries: [] };
        groups.set(identity.key, group);
      }
      const ids = bindings.some((binding) => binding.filter) ? undefined : bindings.map((binding) => binding.id);
      group.entries.push({ subscriber, bindings, ids, key: ids && `${subscriber.envelope}\u0000${ids.join(',')}` });
    }
    return groups;
  }

  /** Sends a batch of changes to every subscriber whose binding matches and who may see the row. */
  private async fanOut(changes: readonly Change[]): Promise<void> {
    const batch: Outgoing[] = [];
    // Who a change concerns depends on its schema, table and type only: worked out once per batch.
    const concerned = new Map<string, Map<string, Group>>();
    for (const change of changes) {
      const concernKey = `${change.s}\u0000${change.t}\u0000${change.y}`;
      let groups = concerned.get(concernKey);
      if (!groups) {
        groups = this.candidates(change);
        concerned.set(concernKey, groups);
      }
      if (groups.size === 0) continue;
      const info = await this.tableInfo(change.s, change.t);
      if (!info) continue;
      // The row as the change left it; too large for NOTIFY, it is read back (as the server).
      const row = (change.y === 'DELETE' ? (change.d ?? change.k) : change.r) ?? (await this.readBack(info, change.k));
      if (!row) continue;
      batch.push({ change, info, row, groups, outcomes: new Map() });
    }
    if (batch.length === 0) return;
    this.stats.changes += batch.length;
    this.stats.batches++;

    // One check per table and identity of the batch, over all its rows that concern the identity.
    const checks = new Map<string, Check>();
    for (const outgoing of batch) {
      for (const [key, group] of outgoing.groups) {
        const checkKey = `${outgoing.info.regclass}\u0000${key}`;
        let check = checks.get(checkKey);
        if (!check) {
          check = { info: outgoing.info, identity: group.identity, filters: new Map(), items: [] };
          checks.set(checkKey, check);
        }
        check.items.push(outgoing);
        for (const entry of group.entries) {
          for (const binding of entry.bindings) if (binding.filter) check.filters.set(filterKey(binding.filter), binding.filter);
        }
      }
    }
    const all = [...checks.values()];
    await this.check(all).catch(async (error: unknown) => {
      // One identity's failure (a revoked privilege) aborts the shared transaction: retry alone;
      // an identity whose check fails again receives nothing of this batch.
      this.logger.warn({ err: error }, 'realtime: batched RLS check failed; checking identities one by one');
      for (const item of all) await this.check([item]).catch(() => undefined);
    });

    // Only the columns a role may select (AppRun.state, for one, is granted to nobody).
    const selectable = new Map<string, Set<string>>();
    for (const outgoing of batch) {
      for (const group of outgoing.groups.values()) {
        const key = `${outgoing.info.regclass}\u0000${group.identity.role}`;
        if (!selectable.has(key)) selectable.set(key, await this.selectableColumns(outgoing.info, group.identity.role));
      }
    }
    // Sent in one go (no await from here on): a socket gets the frames of the batch in one write.
    for (const { change, info, row, groups, outcomes } of batch) {
      const encoded = new Map<string, { json: string; frames: Map<string, Buffer> }>();
      for (const [identityKey, group] of groups) {
        const outcome = outcomes.get(identityKey);
        if (!outcome) continue;
        let payload = encoded.get(group.identity.role);
        if (!payload) {
          payload = { json: JSON.stringify(changePayload(change, info, row, selectable.get(`${info.regclass}\u0000${group.identity.role}`) ?? new Set())), frames: new Map() };
          encoded.set(group.identity.role, payload);
        }
        for (const entry of group.entries) {
          // Left, or re-authorised as someone else, while the batch was being checked: not this check's to send.
          if (!this.subscribers.has(entry.subscriber) || entry.subscriber.identity().key !== identityKey) continue;
          const ids = entry.ids ?? entry.bindings.filter((binding) => !binding.filter || outcome.get(filterKey(binding.filter))).map((binding) => binding.id);
          if (ids.length === 0) continue;
          // Subscribers whose frames would be equal share one encoded frame.
          const frameKey = entry.key ?? `${entry.subscriber.envelope}\u0000${ids.join(',')}`;
          let frame = payload.frames.get(frameKey);
          if (!frame) {
            frame = entry.subscriber.encode(ids, payload.json);
            payload.frames.set(frameKey, frame);
          }
          entry.subscriber.send(frame);
        }
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
   * Runs the checks in one read-only transaction, one statement each, as each check's identity,
   * and records per row which filters hold (undefined: the row is not visible to the identity).
   */
  private async check(checks: readonly Check[]): Promise<void> {
    const results = await this.db.transaction(async (tx) => {
      await tx.query("select set_config('transaction_read_only', 'on', true)");
      const all: (Map<string, boolean> | undefined)[][] = [];
      for (const check of checks) {
        await actAs(tx, check.identity);
        all.push(await this.checkRows(tx, check.info, check.items.map((item) => item.row), [...check.filters.entries()]));
        this.stats.checks++;
      }
      return all;
    });
    checks.forEach((check, index) => {
      check.items.forEach((item, row) => item.outcomes.set(check.identity.key, results[index]?.[row]));
    });
  }

  private async checkRows(
    tx: Queryable,
    info: TableInfo,
    rows: readonly Record<string, unknown>[],
    filters: [string, Filter][],
  ): Promise<(Map<string, boolean> | undefined)[]> {
    const params: unknown[] = [];
    const param = (value: unknown): string => {
      params.push(value);
      return `$${params.length}`;
    };
    const expressions = filters.map(([, filter], index) => `, (${filterSql(info, filter, param)}) as f${index}`);
    const values = param(JSON.stringify(rows));
    const sql = `select e.i::int as i${expressions.join('')}
      from jsonb_array_elements(${values}::jsonb) with ordinality as e(r, i)
      cross join lateral jsonb_populate_record(null::${info.regclass}, e.r) as t
      where e.i = any (array(select realtime.visible_rows(${quoteLiteral(info.regclass)}::regclass, ${values}::jsonb)))`;
    const result = await tx.query<Record<string, unknown>>(sql, params);
    const outcomes: (Map<string, boolean> | undefined)[] = rows.map(() => undefined);
    for (const found of result.rows) {
      const outcome = new Map<string, boolean>();
      filters.forEach(([key], index) => outcome.set(key, found[`f${index}`] === true));
      outcomes[Number(found.i) - 1] = outcome;
    }
    return outcomes;
  }
}

/** One RLS statement: the rows of one table in a batch, as one identity, with its filters. */
interface Check {
  info: TableInfo;
  identity: Identity;
  filters: Map<string, Filter>;
  items: Outgoing[];
}

/**
 * The change as a role receives it: only the columns it may select. old_record is the primary key,
 * or the whole old row under replica identity full (an UPDATE always; a DELETE on a table without
 * RLS, as Supabase's walrus).
 */
function changePayload(change: Change, info: TableInfo, row: Record<string, unknown>, selectable: ReadonlySet<string>): ChangePayload {
  const visible = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).filter(([name]) => selectable.has(name)));
  const payload: ChangePayload = {
    schema: change.s,
    table: change.t,
    commit_timestamp: change.ts,
    type: change.y,
    columns: info.columns.filter((column) => selectable.has(column.name)),
    errors: null,
  };
  if (change.y !== 'DELETE') payload.record = visible(row);
  if (change.y === 'UPDATE') payload.old_record = visible(change.o ?? change.k);
  if (change.y === 'DELETE') payload.old_record = visible(info.replicaFull && !info.rls && change.d ? change.d : (change.o ?? change.k));
  return payload;
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
