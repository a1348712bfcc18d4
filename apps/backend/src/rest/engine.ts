// The PostgREST request cycle: parse → check names against the schema cache → build one SQL
// statement → run it inside the caller's transaction (so RLS decides) → shape the HTTP response.
import type { Database, Queryable } from '../db/database.js';
import type { DbRole } from '../db/request-context.js';
import { withRequestContext } from '../db/request-context.js';
import { RestError, toRestError } from './errors.js';
import type { Negotiated, Preferences } from './headers.js';
import { negotiate, parsePrefer, parseRange, pickSchema } from './headers.js';
import type { QueryParts } from './parser.js';
import { parseQuery } from './parser.js';
import type { BuildContext, NodeSql, Source } from './read-plan.js';
import { buildNode, checkUnusedPaths, countSql, newContext, relationSource, selectSql } from './read-plan.js';
import { argumentNames, functionNotFound, payloadKind, resolveFunction } from './rpc-resolve.js';
import type { Column, Relation, SchemaCache } from './schema-cache.js';
import { ident, literal, qualified } from './sql.js';

/** The JSON key an unnamed parameter's value is read from inside the call (see rpc()). */
const UNNAMED_ARG = 'pgrst_unnamed_arg';

export interface RestRequest {
  method: string;
  /** Path below the mount point, e.g. `/todos` or `/rpc/add`. */
  path: string;
  search: URLSearchParams;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  body: string | undefined;
  /** The body as it came when it was sent as `application/octet-stream`. */
  bytes?: Uint8Array | undefined;
}

export interface RestResponse {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

export interface RestCaller {
  role: DbRole;
  claims: Record<string, unknown>;
}

export interface EngineOptions {
  db: Database;
  schemas: readonly string[];
  maxRows: number;
  statementTimeoutMs: number;
  /** REST_AGGREGATES_ENABLED (the authenticator's pgrst.db_aggregates_enabled also enables them). */
  aggregatesEnabled?: boolean;
  /** REST_PLAN_ENABLED (the authenticator's pgrst.db_plan_enabled also enables the explain media type). */
  planEnabled?: boolean;
  getCache: () => Promise<SchemaCache>;
  /**
   * Re-reads the catalogue when a request names something unknown (a table created since the
   * last load without `NOTIFY pgrst`); rate-limited by the caller. Resolves to the fresh cache,
   * or undefined when no reload was allowed.
   */
  refreshCache?: () => Promise<SchemaCache | undefined>;
}

/** Thrown inside the transaction to roll it back while still answering normally. */
class Rollback extends Error {
  constructor(readonly response: RestResponse) {
    super('rollback');
  }
}

interface QueryRow {
  page_total: number | string;
  body: string | null;
  total?: number | string | null;
  inserted?: number | string | null;
  location?: string | null;
}

function errorResponse(error: RestError): RestResponse {
  return {
    status: error.status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...error.headers },
    body: JSON.stringify(error.body()),
  };
}

function num(value: number | string | null | undefined): number {
  return value === null || value === undefined ? 0 : Number(value);
}

function contentRange(lower: number, count: number, total: number | undefined): string {
  const upper = lower + count - 1;
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total ?? '*'}`;
}

function singularError(count: number): RestError {
  return new RestError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${count} rows`);
}

/** The max-affected limit when `handling=strict` asks for it to be enforced. */
function strictMaxAffected(prefs: Preferences): number | undefined {
  return prefs.maxAffected !== undefined && prefs.handling === 'strict' ? prefs.maxAffected : undefined;
}

/** 400 PGRST124 past the limit (thrown inside the transaction, so the work is rolled back). */
function checkMaxAffected(count: number, maxAffected: number): void {
  if (count > maxAffected) {
    throw new RestError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${count} rows`);
  }
}

function notFoundTable(schema: string, name: string): RestError {
  return new RestError(404, 'PGRST205', `Could not find the table '${schema}.${name}' in the schema cache`);
}

function missingPayloadColumn(table: string, name: string): RestError {
  return new RestError(400, 'PGRST204', `Could not find the '${name}' column of '${table}' in the schema cache`);
}

/** An empty result as GeoJSON. */
const EMPTY_FEATURES = '{"type" : "FeatureCollection", "features" : []}';

/** The aggregate over `pgrst_r` that renders a result in the negotiated media type (PostgREST's asJsonF / asCsvF body). */
function bodyAggregate(media: Negotiated): string {
  if (media.media === 'csv') {
    // Each row as Postgres renders a record, without its parentheses: quoting, NULLs and json text as Postgres writes them.
    return `coalesce(string_agg(substring(pgrst_r::text, 2, length(pgrst_r::text) - 2), E'\\n'), '')`;
  }
  if (media.media === 'geojson') {
    // PostgREST's asGeoJsonF: PostGIS makes each row a Feature (geometry from its geometry or
    // geography column, the other columns as properties).
    return `json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(st_asgeojson(pgrst_r)::json), '[]'))::text`;
  }
  const body = `coalesce(json_agg(pgrst_r), '[]')`;
  return `${media.stripNulls ? `json_strip_nulls(${body})` : body}::text`;
}

/** Builds the response body for a read result in the negotiated media type. */
function shapeBody(row: QueryRow, negotiated: Negotiated, keys: readonly string[]): string {
  const body = row.body ?? '[]';
  if (negotiated.media === 'object') {
    // json_agg of one row is exactly `[<object>]`.
    return body.slice(1, -1).trim();
  }
  if (negotiated.media === 'csv') {
    // PostgREST's header comes from the first row's keys: none without rows.
    return `${num(row.page_total) > 0 ? keys.join(',') : ''}\n${row.body ?? ''}`;
  }
  return body;
}

function appliedHeader(prefs: Preferences, headers: Record<string, string>): void {
  if (prefs.applied.length > 0) headers['Preference-Applied'] = prefs.applied.join(', ');
}

export function createEngine(options: EngineOptions) {
  const { db, schemas, maxRows } = options;

  async function run<T>(
    caller: RestCaller,
    request: RestRequest,
    readOnly: boolean,
    schema: string,
    fn: (tx: Queryable) => Promise<T>,
  ): Promise<T> {
    return withRequestContext(
      db,
      {
        role: caller.role,
        claims: caller.claims,
        headers: request.headers,
        method: request.method,
        path: request.path,
        readOnly,
        statementTimeoutMs: options.statementTimeoutMs,
        schemas: schema === 'public' ? ['public'] : [schema, 'public'],
      },
      fn,
    );
  }

  async function countEstimate(tx: Queryable, sql: string, values: readonly unknown[]): Promise<number> {
    const plan = await tx.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${sql}`, values);
    const raw = plan.rows[0]?.['QUERY PLAN'];
    const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[];
    return Math.round(parsed[0]?.Plan?.['Plan Rows'] ?? 0);
  }

  /** Total row count for `Prefer: count=…` as PostgREST computes it. */
  async function totalFor(
    tx: Queryable,
    prefs: Preferences,
    baseSql: string,
    values: readonly unknown[],
  ): Promise<number | undefined> {
    if (prefs.count === undefined) return undefined;
    if (prefs.count === 'exact') {
      const r = await tx.query<{ total: number | string }>(`select count(*) as total from (${baseSql}) as pgrst_c`, values);
      return num(r.rows[0]?.total);
    }
    if (prefs.count === 'planned') return countEstimate(tx, baseSql, values);
    const r = await tx.query<{ total: number | string }>(
      `select count(*) as total from (${baseSql} limit ${maxRows + 1}) as pgrst_c`,
      values,
    );
    const exact = num(r.rows[0]?.total);
    return exact <= maxRows ? exact : Math.max(exact, await countEstimate(tx, baseSql, values));
  }

  function aggregateSql(
    node: NodeSql,
    from: string,
    negotiated: Negotiated,
    limitCap: number | undefined,
    totalSql?: string,
  ): string {
    const total = totalSql ? `(select count(*) from (${totalSql}) as pgrst_c) as total, ` : '';
    return `select ${total}count(*) as page_total, ${bodyAggregate(negotiated)} as body from (${selectSql(node, from, limitCap)}) as pgrst_r`;
  }

  /** The media type from `Accept`, the explain media type included when plans are enabled. */
  function negotiateFor(request: RestRequest, cache: SchemaCache): Negotiated {
    return negotiate(request.headers.accept, { planEnabled: options.planEnabled === true || cache.planEnabled });
  }

  /**
   * `Accept: application/vnd.pgrst.plan…`: the statement the request would run, explained as the
   * caller (RLS and grants apply) and always rolled back, so `options=analyze` never keeps a write.
   */
  async function explain(
    request: RestRequest,
    caller: RestCaller,
    schema: string,
    readOnly: boolean,
    negotiated: Negotiated,
    sql: string,
    values: readonly unknown[],
  ): Promise<RestResponse> {
    const plan = negotiated.plan;
    if (!plan) throw new Error('explain needs a plan media type');
    const explainOptions = [`format ${plan.format}`, ...plan.options.map((option) => `${option} true`)].join(', ');
    try {
      return await run(caller, request, readOnly, schema, async (tx) => {
        const result = await tx.query<{ 'QUERY PLAN': unknown }>(`explain (${explainOptions}) ${sql}`, values);
        const lines = result.rows.map((row) => row['QUERY PLAN']);
        const first = lines[0];
        const body =
          plan.format === 'json' ? (typeof first === 'string' ? first : JSON.stringify(first ?? [])) : lines.map(String).join('\n');
        throw new Rollback({ status: 200, headers: { 'Content-Type': negotiated.contentType }, body: request.method === 'HEAD' ? null : body });
      });
    } catch (error) {
      if (error instanceof Rollback) return error.response;
      throw error;
    }
  }

  /** GET/HEAD on a table or view, and the result side of set-returning RPC. */
  async function read(
    request: RestRequest,
    caller: RestCaller,
    schema: string,
    sourceIn: Source,
    parts: QueryParts,
    ctx: BuildContext,
    readOnly: boolean,
    singleObject: boolean,
    /** RPC only: `Prefer: max-affected=n, handling=strict` caps the rows the call returns. */
    enforceMaxAffected = false,
  ): Promise<RestResponse> {
    const wanted = negotiateFor(request, ctx.cache);
    const negotiated = wanted.plan?.inner ?? wanted;
    const prefs = parsePrefer(request.headers.prefer);
    // An RPC counted exactly or by estimate runs its function once: the rows are materialised and
    // both the page and the count read them (as PostgREST's pgrst_source CTE does).
    const materialise = enforceMaxAffected && (prefs.count === 'exact' || prefs.count === 'estimated');
    const source: Source = materialise
      ? {
          ...sourceIn,
          from: 'pgrst_call',
          ...(sourceIn.relation ? { rowCast: qualified(sourceIn.relation.schema, sourceIn.relation.name) } : {}),
        }
      : sourceIn;
    const cte = materialise ? `with pgrst_call as materialized (select * from ${sourceIn.from} as pgrst_f) ` : '';
    const maxAffected = enforceMaxAffected ? strictMaxAffected(prefs) : undefined;
    // RPC by POST with `Prefer: return=minimal`: headers only, as for HEAD.
    const minimal = enforceMaxAffected && request.method === 'POST' && prefs.return === 'minimal';
    const bodyless = request.method === 'HEAD' || minimal;
    const node = buildNode(ctx, source, 't0', parts.select, []);
    checkUnusedPaths(ctx);
    if (!parts.limit.has('') && !parts.offset.has('')) {
      const range = parseRange(request.headers.range);
      if (range) {
        node.offset = range.offset;
        node.limit = range.limit;
      }
    }
    const base = countSql(node, source.from);
    // An exact count rides along in the main statement: one round trip. So does an RPC's estimate
    // up to db-max-rows (past it, the planner's figure for the call is taken; EXPLAIN runs nothing).
    const inlineCount = prefs.count === 'exact' ? base : materialise ? `${base} limit ${maxRows + 1}` : undefined;
    const sql = cte + aggregateSql(node, source.from, negotiated, maxRows, inlineCount);
    const values = ctx.params.values;
    if (wanted.plan) return explain(request, caller, schema, readOnly, wanted, sql, values);
    // Read-only work with nothing after it: COMMIT can ride along with the statement.
    const final = readOnly && maxAffected === undefined && (prefs.count === undefined || prefs.count === 'exact');
    const result = await run(caller, request, readOnly, schema, async (tx) => {
      const main = await tx.query<QueryRow>(sql, values, { final });
      const row = main.rows[0] ?? { page_total: 0, body: '[]' };
      // Thrown inside the transaction: whatever the function wrote is rolled back.
      if (maxAffected !== undefined) checkMaxAffected(num(row.page_total), maxAffected);
      const inlineTotal = num(row.total);
      const total =
        prefs.count === 'exact'
          ? inlineTotal
          : materialise
            ? inlineTotal <= maxRows
              ? inlineTotal
              : Math.max(inlineTotal, await countEstimate(tx, `select * from ${sourceIn.from} as pgrst_f`, values))
            : await totalFor(tx, prefs, base, values);
      return { row, total };
    });
    const count = num(result.row.page_total);
    const lower = node.offset ?? 0;
    const headers: Record<string, string> = { 'Content-Type': negotiated.contentType };
    if (prefs.count) prefs.applied.push(`count=${prefs.count}`);
    if (minimal) prefs.applied.push('return=minimal');
    headers['Content-Range'] = contentRange(lower, count, result.total);
    appliedHeader(prefs, headers);
    if (result.total !== undefined && lower > result.total && !(lower === 0)) {
      return errorResponse(
        new RestError(416, 'PGRST103', 'Requested range not satisfiable', `An offset of ${lower} was requested, but there are only ${result.total} rows.`, null, headers),
      );
    }
    if (singleObject) {
      if (count === 0) return { status: 200, headers, body: bodyless ? null : 'null' };
    } else if (negotiated.media === 'object' && count !== 1) {
      return errorResponse(singularError(count));
    }
    let status = 200;
    if (result.total !== undefined && count < result.total) status = 206;
    if (bodyless) return { status, headers, body: null };
    const body = shapeBody(result.row, singleObject && negotiated.media === 'json' ? { ...negotiated, media: 'object' } : negotiated, node.keys);
    return { status, headers, body };
  }

  function parseBody(request: RestRequest): unknown {
    const text = request.body ?? '';
    if (text.trim() === '') throw new RestError(400, 'PGRST102', 'Empty or invalid json');
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new RestError(400, 'PGRST102', 'Empty or invalid json');
    }
  }

  function isPlainObject(value: unknown): value is Record<string, unknown> {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  }

  /** Column default for `Prefer: missing=default` (catalogue SQL, never request text). */
  function defaultExpr(column: Column): string {
    if (column.default !== null) return column.default;
    if (column.identitySequence) return `nextval(${literal(column.identitySequence)}::regclass)`;
    return 'null';
  }

  /** POST (insert/upsert), PATCH, DELETE with the representation read over the written rows. */
  async function write(
    request: RestRequest,
    caller: RestCaller,
    schema: string,
    relation: Relation,
    parts: QueryParts,
    ctx: BuildContext,
  ): Promise<RestResponse> {
    const wanted = negotiateFor(request, ctx.cache);
    const negotiated = wanted.plan?.inner ?? wanted;
    const prefs = parsePrefer(request.headers.prefer);
    const method = request.method;
    const target = qualified(relation.schema, relation.name);
    const returnPref = prefs.return ?? 'minimal';
    const p = ctx.params;
    let mutation: string;
    let upsertMerge = false;
    let emptyPatch = false;

    const rootConditions = parts.conditions.get('') ?? [];
    // Root filters are built against the target table alias t0.
    const filterNode = (): NodeSql => {
      const filterCtx = { ...ctx, parts: { ...parts, select: [], conditions: new Map([['', rootConditions]]), order: new Map(parts.order.has('') ? [['', parts.order.get('') ?? []]] : []), limit: new Map(), offset: new Map() }, visited: new Set<string>() };
      const node = buildNode(filterCtx, relationSource(relation), 't0', [], []);
      ctx.aliasCounter = filterCtx.aliasCounter;
      return node;
    };

    if (method === 'POST') {
      if (!relation.insertable) {
        throw new RestError(405, 'PGRST117', `Cannot insert into ${relation.name}`);
      }
      const body = parseBody(request);
      const rows = Array.isArray(body) ? body : [body];
      if (!rows.every(isPlainObject)) throw new RestError(400, 'PGRST102', 'Empty or invalid json');
      let columns: string[];
      if (parts.columns) columns = parts.columns;
      else if (rows.length === 0) columns = [];
      else {
        columns = Object.keys(rows[0] ?? {});
        const sorted = [...columns].sort().join('\u0000');
        if (Array.isArray(body) && rows.some((row) => Object.keys(row).sort().join('\u0000') !== sorted)) {
          throw new RestError(400, 'PGRST102', 'All object keys must match');
        }
      }
      for (const name of columns) {
        if (!relation.columnMap.has(name)) throw missingPayloadColumn(relation.name, name);
      }
      const payload = p.add(JSON.stringify(rows));
      const colList = columns.map(ident).join(', ');
      let selectPart: string;
      if (prefs.missing === 'default' && parts.columns) {
        prefs.applied.push('missing=default');
        // As PostgREST builds it, every row evaluates every listed column's default, in row then
        // column order, whether or not the row sends the key (so a sequence advances once per row
        // and column, as it does there); a key the row sends wins. Volatile target expressions keep
        // the inner query from being flattened, so each default runs once per row.
        const defaults = columns.map((name, index) => {
          const column = relation.columnMap.get(name);
          return `${column ? defaultExpr(column) : 'null'} as ${ident(`pgrst_d${index}`)}`;
        });
        const exprs = columns.map(
          (name, index) =>
            `case when pgrst_e.obj -> ${p.add(name)}::text is not null then pgrst_body.${ident(name)} else pgrst_e.${ident(`pgrst_d${index}`)} end`,
        );
        selectPart = `select ${exprs.join(', ')} from (select pgrst_a.obj, pgrst_a.ord${defaults.length > 0 ? `, ${defaults.join(', ')}` : ''} from json_array_elements(${payload}::json) with ordinality as pgrst_a(obj, ord) order by pgrst_a.ord) as pgrst_e cross join lateral json_populate_record(null::${target}, pgrst_e.obj) as pgrst_body order by pgrst_e.ord`;
      } else {
        selectPart = `select ${columns.map((name) => `pgrst_body.${ident(name)}`).join(', ')} from json_populate_recordset(null::${target}, ${payload}::json) as pgrst_body`;
      }
      // An empty array still runs the INSERT (of no rows) when it can, so that the caller's
      // privilege is checked as PostgREST checks it: anonymous `POST []` without INSERT → 401.
      const insertable = relation.columns.some((column) => !column.generated && column.identity !== 'always');
      if (rows.length === 0 && columns.length === 0 && !insertable) {
        const headers: Record<string, string> = { 'Content-Range': `*/${prefs.count ? 0 : '*'}` };
        if (returnPref === 'representation') {
          headers['Content-Type'] = negotiated.contentType;
          if (negotiated.media === 'object') throw singularError(0);
          return { status: 201, headers, body: negotiated.media === 'csv' ? '' : negotiated.media === 'geojson' ? EMPTY_FEATURES : '[]' };
        }
        return { status: 201, headers, body: null };
      }
      if (columns.length === 0) {
        // Every column takes its default.
        const defaults = relation.columns.filter((column) => !column.generated && column.identity !== 'always');
        mutation =
          rows.length === 1 || defaults.length === 0
            ? `insert into ${target} as ${ident('t0')} default values`
            : `insert into ${target} as ${ident('t0')} (${defaults.map((column) => ident(column.name)).join(', ')}) select ${defaults
                .map((column) => defaultExpr(column))
                .join(', ')} from json_array_elements(${payload}::json)`;
      } else mutation = `insert into ${target} as ${ident('t0')} (${colList}) ${selectPart}`;
      if (prefs.resolution) {
        prefs.applied.push(`resolution=${prefs.resolution}`);
        const conflict = parts.onConflict ?? relation.primaryKey;
        for (const name of conflict) {
          if (!relation.columnMap.has(name)) throw missingPayloadColumn(relation.name, name);
        }
        const targetCols = conflict.length > 0 ? ` (${conflict.map(ident).join(', ')})` : '';
        if (prefs.resolution === 'ignore-duplicates' || columns.length === 0) {
          mutation += ` on conflict${targetCols} do nothing`;
        } else {
          upsertMerge = true;
          mutation += ` on conflict${targetCols} do update set ${columns.map((name) => `${ident(name)} = excluded.${ident(name)}`).join(', ')}`;
        }
      }
    } else if (method === 'PUT') {
      // Single-row upsert addressed by its primary key (PostgREST PUT semantics).
      if (!relation.insertable || !relation.updatable) throw new RestError(405, 'PGRST117', `Cannot upsert into ${relation.name}`);
      if (parts.limit.has('') || parts.offset.has('')) {
        throw new RestError(400, 'PGRST114', 'limit/offset querystring parameters are not allowed for PUT');
      }
      const pk = relation.primaryKey;
      const eqs = new Map<string, string>();
      const valid =
        pk.length > 0 &&
        rootConditions.length === pk.length &&
        rootConditions.every((condition) => {
          if (condition.kind !== 'filter' || condition.negate || condition.op !== 'eq' || condition.quantifier) return false;
          if (condition.field.path.length > 0 || !pk.includes(condition.field.name) || eqs.has(condition.field.name)) return false;
          eqs.set(condition.field.name, condition.value);
          return true;
        });
      if (!valid) throw new RestError(405, 'PGRST105', "Filters must include all and only primary key columns with 'eq' operators");
      const body = parseBody(request);
      if (!isPlainObject(body)) throw new RestError(400, 'PGRST102', 'Empty or invalid json');
      const columns = parts.columns ?? Object.keys(body);
      for (const name of columns) {
        if (!relation.columnMap.has(name)) throw missingPayloadColumn(relation.name, name);
      }
      for (const [name, value] of eqs) {
        const sent = body[name];
        const text = typeof sent === 'string' ? sent : typeof sent === 'number' || typeof sent === 'boolean' ? String(sent) : undefined;
        if (text !== value) {
          throw new RestError(400, 'PGRST115', 'Payload values do not match URL in primary key column(s)');
        }
      }
      const payload = p.add(JSON.stringify([body]));
      upsertMerge = true;
      mutation = `insert into ${target} as ${ident('t0')} (${columns.map(ident).join(', ')}) select ${columns
        .map((name) => `pgrst_body.${ident(name)}`)
        .join(', ')} from json_populate_recordset(null::${target}, ${payload}::json) as pgrst_body on conflict (${pk
        .map(ident)
        .join(', ')}) do update set ${columns.map((name) => `${ident(name)} = excluded.${ident(name)}`).join(', ')}`;
    } else if (method === 'PATCH') {
      if (!relation.updatable) throw new RestError(405, 'PGRST117', `Cannot update ${relation.name}`);
      const body = parseBody(request);
      if (!isPlainObject(body)) throw new RestError(400, 'PGRST102', 'Empty or invalid json');
      const columns = parts.columns ?? Object.keys(body);
      for (const name of columns) {
        if (!relation.columnMap.has(name)) throw missingPayloadColumn(relation.name, name);
      }
      const node = filterNode();
      guardUnfiltered('UPDATE', node, parts);
      const where = whereClause(node, relation, parts, target);
      if (columns.length === 0) {
        emptyPatch = true;
        // Built below, once the columns the representation reads are known; it still names the
        // filters so that every parameter they added is used.
        mutation = node.where.map((condition) => ` and (${condition})`).join('');
      } else {
        const payload = p.add(JSON.stringify(body));
        mutation = `update ${target} as ${ident('t0')} set ${columns.map((name) => `${ident(name)} = pgrst_body.${ident(name)}`).join(', ')} from json_populate_record(null::${target}, ${payload}::json) as pgrst_body${where}`;
      }
    } else if (method === 'DELETE') {
      if (!relation.deletable) throw new RestError(405, 'PGRST117', `Cannot delete from ${relation.name}`);
      const node = filterNode();
      guardUnfiltered('DELETE', node, parts);
      mutation = `delete from ${target} as ${ident('t0')}${whereClause(node, relation, parts, target)}`;
    } else {
      throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
    }

    // What the written rows look like to the caller.
    let representation: NodeSql | undefined;
    const reads = new Map<string, Set<string>>();
    if (returnPref === 'representation') {
      const repCtx = { ...ctx, parts: { ...parts, conditions: onlyEmbedded(parts.conditions), limit: onlyEmbeddedNum(parts.limit), offset: onlyEmbeddedNum(parts.offset) }, visited: new Set<string>(['']), reads };
      representation = buildNode(repCtx, relationSource(relation, 'pgrst_source'), 't0', parts.select, []);
      ctx.aliasCounter = repCtx.aliasCounter;
      checkUnusedPaths({ ...repCtx, visited: new Set([...repCtx.visited, '']) });
    }
    const pkCols = relation.primaryKey;
    // RETURNING only the columns the response reads (selected columns, embed join keys, order
    // columns; `*` means all): a column the caller may not SELECT then only fails when asked for.
    const needed = new Set(reads.get('t0'));
    const location = returnPref === 'headers-only' && method === 'POST' && pkCols.length > 0;
    if (location) for (const col of pkCols) needed.add(col);
    const returnedCols = relation.columns.filter((column) => needed.has(column.name)).map((column) => `${ident('t0')}.${ident(column.name)}`);
    let returning = returnedCols.length > 0 ? returnedCols.join(', ') : '1';
    if (emptyPatch) mutation = `select ${returning} from ${target} as ${ident('t0')} where false${mutation}`;
    // xmax (inserted or merged) is a system column: only readable with table-level SELECT. Without
    // it an upsert answers 201 whatever happened, rather than failing.
    const insertedFlag = upsertMerge && relation.kind === 'table' && relation.tableSelect.has(caller.role);
    if (insertedFlag) returning += `, (${ident('t0')}.xmax = 0) as pgrst_inserted`;
    const cte = emptyPatch ? `with pgrst_source as (${mutation})` : `with pgrst_source as (${mutation} returning ${returning})`;
    let sql: string;
    const insertedSql = insertedFlag ? `, (select count(*) from pgrst_source where pgrst_inserted) as inserted` : '';
    if (representation) {
      sql = `${cte} select count(*) as page_total, ${bodyAggregate(negotiated)} as body${insertedSql} from (${selectSql(representation, 'pgrst_source')}) as pgrst_r`;
    } else if (location) {
      const loc = pkCols.map((col) => `${literal(`${col}=eq.`)} || ${ident('t0')}.${ident(col)}::text`).join(` || '&' || `);
      sql = `${cte} select count(*) as page_total, null as body, min(${loc}) as location${insertedSql} from pgrst_source as ${ident('t0')}`;
    } else {
      sql = `${cte} select count(*) as page_total, null as body${insertedSql} from pgrst_source`;
    }
    const values = p.values;
    if (wanted.plan) return explain(request, caller, schema, false, wanted, sql, values);
    const rollback = prefs.tx === 'rollback';
    if (prefs.tx) prefs.applied.push(`tx=${prefs.tx}`);
    if (prefs.return) prefs.applied.push(`return=${prefs.return}`);
    if (prefs.count) prefs.applied.push(`count=${prefs.count}`);
    const respond = (row: QueryRow): RestResponse => {
      const count = num(row.page_total);
      const headers: Record<string, string> = {};
      const total = prefs.count ? count : undefined;
      headers['Content-Range'] =
        method === 'POST' ? `*/${total ?? '*'}` : count > 0 ? `0-${count - 1}/${total ?? '*'}` : `*/${total ?? '*'}`;
      appliedHeader(prefs, headers);
      if (row.location) headers.Location = `/${relation.name}?${row.location}`;
      if (negotiated.media === 'object' && count !== 1) throw singularError(count);
      const maxAffected = strictMaxAffected(prefs);
      if (maxAffected !== undefined) checkMaxAffected(count, maxAffected);
      let status: number;
      if (method === 'POST') status = upsertMerge && insertedFlag && num(row.inserted) === 0 && count > 0 ? 200 : 201;
      else if (method === 'PUT') status = representation ? (insertedFlag && num(row.inserted) === 0 ? 200 : 201) : 204;
      else status = representation ? 200 : 204;
      if (representation) {
        headers['Content-Type'] = negotiated.contentType;
        return { status, headers, body: shapeBody(row, negotiated, representation.keys) };
      }
      return { status, headers, body: null };
    };
    // Nothing can refuse the write after its statement (no tx=rollback, no singular or
    // max-affected check): COMMIT rides along. A statement that fails leaves the transaction
    // aborted, so the COMMIT behind it rolls back, as on the read path.
    const final = !rollback && negotiated.media !== 'object' && !(prefs.maxAffected !== undefined && prefs.handling === 'strict');
    try {
      return await run(caller, request, false, schema, async (tx) => {
        const result = await tx.query<QueryRow>(sql, values, { final });
        const response = respond(result.rows[0] ?? { page_total: 0, body: null });
        if (rollback) throw new Rollback(response);
        return response;
      });
    } catch (error) {
      if (error instanceof Rollback) return error.response;
      throw error;
    }
  }

  function guardUnfiltered(verb: 'UPDATE' | 'DELETE', node: NodeSql, parts: QueryParts): void {
    if (node.where.length === 0 && !parts.limit.has('')) {
      throw new RestError(400, '21000', `${verb} requires a WHERE clause`, null, null);
    }
  }

  function whereClause(node: NodeSql, relation: Relation, parts: QueryParts, target: string): string {
    const limit = parts.limit.get('');
    const offset = parts.offset.get('');
    if (limit === undefined && (offset === undefined || offset === 0)) {
      return node.where.length > 0 ? ` where ${node.where.join(' and ')}` : '';
    }
    if (relation.kind !== 'table') {
      throw new RestError(400, 'PGRST127', 'limit/offset on a write is only supported for tables');
    }
    let inner = `select ${ident('t0')}.ctid from ${target} as ${ident('t0')}`;
    if (node.where.length > 0) inner += ` where ${node.where.join(' and ')}`;
    if (node.orderBy.length > 0) inner += ` order by ${node.orderBy.join(', ')}`;
    if (limit !== undefined) inner += ` limit ${limit}`;
    if (offset) inner += ` offset ${offset}`;
    return ` where ${ident('t0')}.ctid = any(array(${inner}))`;
  }

  function onlyEmbedded<T>(map: Map<string, T>): Map<string, T> {
    return new Map([...map].filter(([key]) => key !== ''));
  }
  function onlyEmbeddedNum(map: Map<string, number>): Map<string, number> {
    return new Map([...map].filter(([key]) => key !== ''));
  }

  async function rpc(request: RestRequest, caller: RestCaller, initialCache: SchemaCache, name: string): Promise<RestResponse> {
    let cache = initialCache;
    const method = request.method;
    if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') {
      throw new RestError(405, 'PGRST101', `Cannot use the ${method} method on RPC`);
    }
    const readMethod = method === 'GET' || method === 'HEAD';
    const schema = pickSchema(readMethod ? request.headers['accept-profile'] : request.headers['content-profile'], schemas);
    // Only the overloads PostgREST's schema cache keeps, in its order (PGRST203 lists them so).
    let candidates = cache.routinesNamed(schema, name);
    if (candidates.length === 0 && options.refreshCache) {
      const fresh = await options.refreshCache();
      if (fresh) {
        cache = fresh;
        candidates = cache.routinesNamed(schema, name);
      }
    }
    const payload = readMethod ? 'json' : payloadKind(request.headers['content-type']);
    // Only an error message needs every function name of the schema.
    const schemaFunctions = (): string[] => cache.routineNames(schema);
    if (candidates.length === 0) {
      // Report what the client asked for, as PostgREST does.
      let keys: string[] = [];
      if (readMethod) keys = [...request.search.keys()].filter((k) => !['select', 'order', 'limit', 'offset'].includes(k));
      else if (payload === 'json') {
        try {
          const body: unknown = JSON.parse(request.body ?? '{}');
          if (isPlainObject(body)) keys = Object.keys(body);
        } catch {
          keys = [];
        }
      }
      throw functionNotFound({ schema, name, keys, isPost: !readMethod, payload }, [], schemaFunctions);
    }
    const argNames = new Set(candidates.flatMap(argumentNames));
    const parts = parseQuery(request.search, readMethod ? argNames : new Set());
    let args: Record<string, unknown> = {};
    let rawBody: string | undefined;
    if (readMethod) args = Object.fromEntries(parts.leftovers);
    else if (payload !== 'json') rawBody = request.body ?? '';
    else {
      const text = request.body ?? '';
      const body: unknown = text.trim() === '' ? {} : parseBody(request);
      rawBody = text.trim() === '' ? '{}' : text;
      if (isPlainObject(body)) args = body;
      // An array or a scalar only fits a single unnamed json/jsonb parameter.
      else if (!candidates.some((fn) => fn.inArgs.length === 1 && fn.inArgs[0]?.name === '')) {
        throw new RestError(400, 'PGRST102', 'Empty or invalid json');
      }
    }
    const keys = Object.keys(args);
    const { fn, singleUnnamed } = resolveFunction(candidates, { schema, name, keys, isPost: !readMethod, payload }, schemaFunctions);
    const ctx = newContext(cache, parts, schema, undefined, options.aggregatesEnabled);
    const p = ctx.params;
    let call: string;
    if (singleUnnamed) {
      // The body as it came, typed as the parameter (json, jsonb, text or xml; catalogue names).
      const udt = fn.inArgs[0]?.udt ?? 'json';
      // bytea takes the bytes in Postgres' hex form, so nothing is lost to text decoding.
      const raw = udt === 'bytea' ? `\\x${Buffer.from(request.bytes ?? new Uint8Array()).toString('hex')}` : (rawBody ?? JSON.stringify(args));
      call = `${qualified(fn.schema, fn.name)}(${p.add(raw)}::${ident(udt)})`;
    } else {
      const used = fn.inArgs.filter((arg) => Object.hasOwn(args, arg.name));
      if (used.length === 0) call = `${qualified(fn.schema, fn.name)}()`;
      else {
        // A function's only, unnamed parameter (sent under "") is passed by position; its value
        // travels under a column name Postgres accepts (an identifier cannot be empty).
        const { '': unnamed, ...named } = args;
        const payload = p.add(JSON.stringify(Object.hasOwn(args, '') ? { ...named, [UNNAMED_ARG]: unnamed } : args));
        call = `${qualified(fn.schema, fn.name)}(${used
          .map((arg) => {
            const column = arg.name === '' ? UNNAMED_ARG : arg.name;
            const value = `(select pgrst_a.${ident(column)} from json_to_record(${payload}::json) as pgrst_a(${ident(column)} ${arg.type}))`;
            return `${arg.mode === 'v' ? 'variadic ' : ''}${arg.name === '' ? '' : `${ident(arg.name)} := `}${value}`;
          })
          .join(', ')})`;
      }
    }
    const readOnly = readMethod || fn.volatility !== 'volatile';
    const prefs = parsePrefer(request.headers.prefer);
    // `Prefer: return=minimal` (postgrest-js sends it for `head: true` with object arguments, as a
    // POST): the call runs and its headers (Content-Range, counts) are kept, the body is not sent.
    const minimal = method === 'POST' && prefs.return === 'minimal';
    if (minimal) prefs.applied.push('return=minimal');
    const bodyless = method === 'HEAD' || minimal;
    if (fn.returnShape === 'void' || (fn.returnShape === 'scalar' && !fn.returnsSet)) {
      const wanted = negotiateFor(request, cache);
      const negotiated = wanted.plan?.inner ?? wanted;
      const sql = fn.returnShape === 'void' ? `select ${call} as body` : `select to_json(${call})::text as body`;
      if (wanted.plan) return explain(request, caller, schema, readOnly, wanted, sql, p.values);
      const row = await (async () => {
        try {
          return await run(caller, request, readOnly, schema, async (tx) => {
            const result = await tx.query<{ body: string | null }>(sql, p.values, { final: readOnly && prefs.tx !== 'rollback' });
            const response = result.rows[0];
            if (prefs.tx === 'rollback') throw new Rollback({ status: 0, headers: {}, body: response?.body ?? null });
            return response;
          });
        } catch (error) {
          if (error instanceof Rollback) return { body: error.response.body };
          throw error;
        }
      })();
      if (fn.returnShape === 'void') return { status: 204, headers: {}, body: null };
      // A scalar result is one row to PostgREST: `0-0/*`, and with any count its total, `0-0/1`.
      if (prefs.count) prefs.applied.push(`count=${prefs.count}`);
      const headers: Record<string, string> = {
        'Content-Type': negotiated.media === 'object' ? negotiated.contentType : 'application/json; charset=utf-8',
        'Content-Range': contentRange(0, 1, prefs.count ? 1 : undefined),
      };
      appliedHeader(prefs, headers);
      return { status: 200, headers, body: bodyless ? null : (row?.body ?? 'null') };
    }
    if (fn.returnShape === 'scalar') {
      // SETOF scalar: a JSON array of values. The function runs once; a count is taken over the
      // same materialised rows, so a volatile function never runs twice.
      const wanted = negotiateFor(request, cache);
      const negotiated = wanted.plan?.inner ?? wanted;
      const node = buildNode(ctx, { relation: undefined, columns: [], columnMap: new Map(), from: call, label: fn.name }, 't0', [], []);
      checkUnusedPaths(ctx);
      const limit = Math.min(node.limit ?? maxRows, maxRows);
      const page = `select pgrst_all.v from pgrst_all limit ${limit}${node.offset ? ` offset ${node.offset}` : ''}`;
      const counted = prefs.count !== undefined;
      const sql = `with pgrst_all as materialized (select ${ident('t0')} as v from ${call} as ${ident('t0')})
        select ${counted ? '(select count(*) from pgrst_all) as total, ' : ''}count(*) as page_total,
               coalesce(json_agg(pgrst_r.v), '[]')::text as body from (${page}) as pgrst_r`;
      if (wanted.plan) return explain(request, caller, schema, readOnly, wanted, sql, p.values);
      const maxAffected = strictMaxAffected(prefs);
      const final = readOnly && maxAffected === undefined && prefs.count !== 'planned' && prefs.tx !== 'rollback';
      const outcome = await (async () => {
        try {
          return await run(caller, request, readOnly, schema, async (tx) => {
            const result = await tx.query<QueryRow>(sql, p.values, { final });
            const row = result.rows[0] ?? { page_total: 0, body: '[]' };
            if (maxAffected !== undefined) checkMaxAffected(num(row.page_total), maxAffected);
            let total = counted ? num(row.total) : undefined;
            if (prefs.count === 'planned' || (prefs.count === 'estimated' && (total ?? 0) > maxRows)) {
              const planned = await countEstimate(tx, `select * from ${call} as ${ident('t0')}`, p.values);
              total = prefs.count === 'planned' ? planned : Math.max(total ?? 0, planned);
            }
            if (prefs.tx === 'rollback') throw new Rollback({ status: 0, headers: {}, body: JSON.stringify({ row, total }) });
            return { row, total };
          });
        } catch (error) {
          if (error instanceof Rollback) return JSON.parse(error.response.body ?? '{}') as { row: QueryRow; total: number | undefined };
          throw error;
        }
      })();
      const count = num(outcome.row.page_total);
      if (negotiated.media === 'object' && count !== 1) return errorResponse(singularError(count));
      if (prefs.count) prefs.applied.push(`count=${prefs.count}`);
      const headers: Record<string, string> = {
        'Content-Type': negotiated.contentType,
        'Content-Range': contentRange(node.offset ?? 0, count, outcome.total),
      };
      appliedHeader(prefs, headers);
      const body = outcome.row.body ?? '[]';
      return {
        status: outcome.total !== undefined && count < outcome.total ? 206 : 200,
        headers,
        body: bodyless ? null : negotiated.media === 'object' ? body.slice(1, -1) : body,
      };
    }
    const relation = fn.returnRelation?.kind === 'relation' ? cache.relation(fn.returnRelation.schema, fn.returnRelation.name) : undefined;
    const columnMap = new Map(fn.returnColumns.map((column) => [column.name, column]));
    const source: Source = { relation, columns: fn.returnColumns, columnMap, from: call, label: fn.name };
    if (prefs.tx === 'rollback' && !readOnly) {
      try {
        return await run(caller, request, false, schema, async () => {
          throw new Rollback(await read(request, caller, schema, source, parts, ctx, false, !fn.returnsSet, true));
        });
      } catch (error) {
        if (error instanceof Rollback) return error.response;
        throw error;
      }
    }
    return read(request, caller, schema, source, parts, ctx, readOnly, !fn.returnsSet, true);
  }

  async function handle(request: RestRequest, caller: RestCaller): Promise<RestResponse> {
    try {
      let cache = await options.getCache();
      const rpcMatch = /^\/rpc\/([^/]+)\/?$/.exec(request.path);
      if (rpcMatch?.[1]) return await rpc(request, caller, cache, decode(rpcMatch[1]));
      const match = /^\/([^/]+)\/?$/.exec(request.path);
      if (!match?.[1]) {
        throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL');
      }
      const name = decode(match[1]);
      const method = request.method;
      const readMethod = method === 'GET' || method === 'HEAD';
      const schema = pickSchema(readMethod ? request.headers['accept-profile'] : request.headers['content-profile'], schemas);
      let relation = cache.relation(schema, name);
      if (!relation && options.refreshCache) {
        const fresh = await options.refreshCache();
        if (fresh) {
          cache = fresh;
          relation = cache.relation(schema, name);
        }
      }
      if (!relation) throw notFoundTable(schema, name);
      if (method === 'OPTIONS') {
        return { status: 200, headers: { Allow: 'OPTIONS,GET,HEAD,POST,PUT,PATCH,DELETE' }, body: null };
      }
      const parts = parseQuery(request.search);
      const ctx = newContext(cache, parts, schema, undefined, options.aggregatesEnabled);
      if (readMethod) return await read(request, caller, schema, relationSource(relation), parts, ctx, true, false);
      if (method === 'POST' || method === 'PATCH' || method === 'DELETE' || method === 'PUT') {
        return await write(request, caller, schema, relation, parts, ctx);
      }
      throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
    } catch (error) {
      const restError = toRestError(error, caller.role);
      if (restError) return errorResponse(restError);
      throw error;
    }
  }

  return { handle };
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL');
  }
}

export type RestEngine = ReturnType<typeof createEngine>;
