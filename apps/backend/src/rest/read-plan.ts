// Turns a parsed request (parser.ts) into SQL, checking every name against the schema cache.
// Output JSON is built by Postgres (json_agg / row_to_json) so values serialise as PostgREST's do.
import { RestError } from './errors.js';
import type { Condition, Field, Filter, OrderTerm, QueryParts, SelectItem } from './parser.js';
import { castType, pathKey } from './parser.js';
import type { Column, PgFunction, Relation, Relationship, SchemaCache } from './schema-cache.js';
import { Params, arrayLiteral, ident, qualified } from './sql.js';

/** What a node reads from: a table/view, a mutation's CTE, or a function call. */
export interface Source {
  /** The relation whose relationships embeds use (undefined for function results without one). */
  relation: Relation | undefined;
  columns: readonly Column[];
  columnMap: ReadonlyMap<string, Column>;
  /** FROM item without alias, e.g. `"public"."todos"` or `pgrst_source`. */
  from: string;
  /** Name used in error messages. */
  label: string;
  /**
   * How Postgres names this source under PostgREST in an unknown column's 42703: an embedded table
   * is aliased `<table>_<depth>` (`column messages_1.sum does not exist`); otherwise `label`.
   */
  sqlName?: string;
  /**
   * The row type a row of `from` must be cast to before a computed field or relationship takes it
   * (a write's CTE rows are anonymous records of the table's columns).
   */
  rowCast?: string;
}

export function relationSource(relation: Relation, from?: string): Source {
  const table = qualified(relation.schema, relation.name);
  return {
    relation,
    columns: relation.columns,
    columnMap: relation.columnMap,
    from: from ?? table,
    label: relation.name,
    ...(from === undefined ? {} : { rowCast: table }),
  };
}

/** A row of `source` (by its alias) as the argument of a computed field or relationship. */
function rowArgument(source: Source, alias: string): string {
  if (!source.rowCast) return ident(alias);
  // Column by column: the CTE may carry more than the table's columns (an upsert's xmax flag).
  return `row(${source.columns.map((column) => `${ident(alias)}.${ident(column.name)}`).join(', ')})::${source.rowCast}`;
}

export interface BuildContext {
  cache: SchemaCache;
  params: Params;
  parts: QueryParts;
  schema: string;
  aliasCounter: number;
  /** Path keys that were matched to a node (the rest are PGRST108). */
  visited: Set<string>;
  /** Aggregates in select (REST_AGGREGATES_ENABLED or the authenticator's pgrst.db_aggregates_enabled). */
  aggregatesEnabled?: boolean;
  /**
   * When set, every base column the SQL reads is recorded here by table alias (a write's
   * RETURNING then lists only what the representation needs, as PostgREST does).
   */
  reads?: Map<string, Set<string>>;
}

function noteRead(ctx: BuildContext, alias: string, column: string): void {
  if (!ctx.reads) return;
  let set = ctx.reads.get(alias);
  if (!set) {
    set = new Set();
    ctx.reads.set(alias, set);
  }
  set.add(column);
}

export interface NodeSql {
  alias: string;
  selectList: string[];
  keys: string[];
  joins: string[];
  /** True if `where` references a lateral join (count queries then need the joins). */
  whereUsesJoins: boolean;
  where: string[];
  orderBy: string[];
  /** With aggregates: the other selected columns, as PostgREST groups by them. */
  groupBy: string[];
  limit: number | undefined;
  offset: number | undefined;
}

interface EmbedInfo {
  item: Extract<SelectItem, { kind: 'embed' }>;
  /** The parent row's alias (a computed relationship's function takes that row). */
  parentAlias: string;
  /** The parent row as a computed relationship's argument. */
  parentRow: string;
  key: string;
  relationship: Relationship;
  toOne: boolean;
  lateral: string;
  node: NodeSql;
}

const COMPARISON: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
};

const FTS_FUNCTION: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

/** Functions of one parameter, the source's row type (PostgREST's computed fields and relationships). */
function rowFunctions(cache: SchemaCache, source: Source, name: string): PgFunction[] {
  const relation = source.relation;
  if (!relation) return [];
  return cache.functionsNamed(relation.schema, name).filter((fn) => {
    const [only, ...rest] = fn.inArgs;
    return only !== undefined && rest.length === 0 && only.typeSchema === relation.schema && only.udt === relation.name;
  });
}

/** `full_name(people)` returning a scalar: selectable and filterable as `full_name`. */
function computedField(cache: SchemaCache, source: Source, name: string): PgFunction | undefined {
  const found = rowFunctions(cache, source, name).filter((fn) => fn.returnShape === 'scalar' && !fn.returnsSet);
  return found.length === 1 ? found[0] : undefined;
}

/**
 * `get_messages(people) returns setof messages` (one-to-many) or `returns messages` (to-one) as an
 * embed; `returns setof messages rows 1` is to-one too, as PostgREST reads it.
 */
function computedRelationships(cache: SchemaCache, source: Source, name: string): Relationship[] {
  const relation = source.relation;
  if (!relation) return [];
  return rowFunctions(cache, source, name).flatMap((fn): Relationship[] => {
    const returned = fn.returnRelation?.kind === 'relation' ? cache.relation(fn.returnRelation.schema, fn.returnRelation.name) : undefined;
    if (!returned || fn.returnShape !== 'composite') return [];
    return [
      {
        cardinality: fn.returnsSet && !fn.singleRow ? 'one-to-many' : 'many-to-one',
        constraint: fn.name,
        source: relation,
        target: returned,
        sourceColumns: [],
        targetColumns: [],
        direct: true,
        computed: fn,
      },
    ];
  });
}

export function columnMissing(label: string, name: string): RestError {
  return new RestError(400, '42703', `column ${label}.${name} does not exist`);
}

/** Embedded resources and related orders per request; beyond this the SQL only burdens the planner. */
export const MAX_JOINED_RESOURCES = 200;

function nextAlias(ctx: BuildContext): string {
  ctx.aliasCounter += 1;
  if (ctx.aliasCounter > MAX_JOINED_RESOURCES) {
    throw new RestError(400, 'PGRST100', '"failed to parse select parameter"', `a request may embed or order by at most ${MAX_JOINED_RESOURCES} related resources`);
  }
  return `t${ctx.aliasCounter}`;
}

/** `"t0"."data"->$1::text->>2` for a column with an optional JSON path. */
export function fieldSql(ctx: BuildContext, alias: string, source: Source, field: Field): string {
  let sql: string;
  if (source.columnMap.has(field.name)) {
    noteRead(ctx, alias, field.name);
    sql = `${ident(alias)}.${ident(field.name)}`;
  } else {
    // A computed field: a function of the row, selected and filtered like a column.
    const computed = computedField(ctx.cache, source, field.name);
    if (!computed) throw columnMissing(source.sqlName ?? source.label, field.name);
    for (const column of source.columns) noteRead(ctx, alias, column.name);
    sql = `${qualified(computed.schema, computed.name)}(${rowArgument(source, alias)})`;
  }
  for (const step of field.path) {
    sql += step.index ? `${step.arrow}${Number.parseInt(step.key, 10)}` : `${step.arrow}${ctx.params.add(step.key)}::text`;
  }
  return sql;
}

function outputKey(field: Field, alias: string | undefined): string {
  if (alias !== undefined) return checkKey(alias);
  const last = field.path.at(-1);
  return checkKey(last ? last.key : field.name);
}

function describe(relationship: Relationship): Record<string, string> {
  const s = relationship.source;
  const t = relationship.target;
  if (relationship.junction) {
    const j = relationship.junction;
    return {
      cardinality: 'many-to-many',
      embedding: `${s.name} with ${t.name}`,
      relationship: `${j.relation.name} using ${j.sourceConstraint}(${j.sourceJoin.join(', ')}) and ${j.targetConstraint}(${j.targetJoin.join(', ')})`,
    };
  }
  return {
    cardinality: relationship.cardinality,
    embedding: `${s.name} with ${t.name}`,
    relationship: `${relationship.constraint} using ${s.name}(${relationship.sourceColumns.join(', ')}) and ${t.name}(${relationship.targetColumns.join(', ')})`,
  };
}

/** PostgREST's embedding resolution: by table name, FK name or FK column, narrowed by `!hint`. */
export function resolveRelationship(
  cache: SchemaCache,
  source: Source,
  name: string,
  hint: string | undefined,
  schema: string,
): Relationship {
  const sourceName = source.relation?.name ?? source.label;
  const notFound = (): RestError =>
    new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${sourceName}' and '${name}' in the schema cache`,
      hint === undefined
        ? `Searched for a foreign key relationship between '${sourceName}' and '${name}' in the schema '${schema}', but no matches were found.`
        : `Searched for a foreign key relationship between '${sourceName}' and '${name}' using the hint '${hint}' in the schema '${schema}', but no matches were found.`,
      null,
    );
  if (!source.relation) throw notFound();
  const all = cache.relationshipsFrom(source.relation);
  // A foreign key from a table to itself gives two relationships; PostgREST tells them apart by
  // its own convention (below) and never by the general rules.
  const selfRules = all.filter(isSelfReference);
  const selfMatches = selfRules.filter((rel) => selfReferenceMatches(rel, name, hint));
  let candidates = all.filter((rel) => {
    if (isSelfReference(rel)) return false;
    if (rel.target.schema !== schema && rel.target.schema !== source.relation?.schema) return false;
    if (rel.target.name === name) return true;
    if (rel.junction) return false;
    if (rel.constraint === name) return true;
    return rel.cardinality === 'many-to-one' && rel.sourceColumns.length === 1 && rel.sourceColumns[0] === name;
  });
  if (candidates.length === 0) candidates = computedRelationships(cache, source, name);
  if (hint !== undefined) {
    candidates = candidates.filter((rel) => {
      if (rel.constraint === hint) return true;
      if (rel.junction) {
        return (
          rel.junction.relation.name === hint ||
          rel.junction.sourceConstraint === hint ||
          rel.junction.targetConstraint === hint
        );
      }
      return rel.sourceColumns.includes(hint) || rel.targetColumns.includes(hint);
    });
  }
  candidates = [...selfMatches, ...candidates];
  // A view and its base table can both offer the same FK; prefer the relationships declared directly.
  if (candidates.length > 1) {
    const direct = candidates.filter((rel) => rel.direct);
    if (direct.length >= 1) candidates = direct;
  }
  if (candidates.length === 0) throw notFound();
  if (candidates.length > 1) {
    const options = candidates.map((rel) => `'${name}!${rel.junction ? rel.junction.relation.name : rel.constraint}'`);
    throw new RestError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${sourceName}' and '${name}'`,
      candidates.map(describe),
      `Try changing '${name}' to one of the following: ${options.join(', ')}. Find the desired relationship in the 'details' key.`,
    );
  }
  const [only] = candidates;
  if (!only) throw notFound();
  return only;
}

/** Both directions of a foreign key from a table to itself (not through a junction). */
function isSelfReference(rel: Relationship): boolean {
  return (
    !rel.junction &&
    !rel.computed &&
    rel.source.oid === rel.target.oid &&
    (rel.cardinality === 'many-to-one' || rel.cardinality === 'one-to-many')
  );
}

/**
 * PostgREST's rule for a self-reference (`collections.parent_id → collections.id`): without a hint,
 * the table's name embeds the rows pointing here (one-to-many, the children) and the foreign-key
 * column's name (`parent_id(*)`) the row pointed at (many-to-one, the parent). With a hint, only the
 * children, and only when the hint is the foreign-key column (`collections!parent_id(*)`); a
 * constraint name as hint matches nothing (PGRST200).
 */
function selfReferenceMatches(rel: Relationship, name: string, hint: string | undefined): boolean {
  if (hint === undefined) {
    if (rel.cardinality === 'one-to-many') return rel.target.name === name;
    return rel.sourceColumns.length === 1 && rel.sourceColumns[0] === name;
  }
  return rel.cardinality === 'one-to-many' && rel.target.name === name && rel.targetColumns.length === 1 && rel.targetColumns[0] === hint;
}

function isToOne(rel: Relationship): boolean {
  return rel.cardinality === 'many-to-one' || rel.cardinality === 'one-to-one';
}

/** Join condition from parent alias to child alias (plus the junction join for many-to-many). */
function joinSql(rel: Relationship, parent: string, child: string, junctionAlias: string): { joins: string[]; where: string[] } {
  if (rel.junction) {
    const j = rel.junction;
    const on = j.targetJoin.map((col, i) => `${ident(junctionAlias)}.${ident(col)} = ${ident(child)}.${ident(rel.targetColumns[i] ?? '')}`);
    return {
      joins: [`inner join ${qualified(j.relation.schema, j.relation.name)} as ${ident(junctionAlias)} on ${on.join(' and ')}`],
      where: j.sourceJoin.map(
        (col, i) => `${ident(junctionAlias)}.${ident(col)} = ${ident(parent)}.${ident(rel.sourceColumns[i] ?? '')}`,
      ),
    };
  }
  return {
    joins: [],
    where: rel.targetColumns.map(
      (col, i) => `${ident(child)}.${ident(col)} = ${ident(parent)}.${ident(rel.sourceColumns[i] ?? '')}`,
    ),
  };
}

function embedKey(item: Extract<SelectItem, { kind: 'embed' }>): string {
  return item.alias ?? item.name;
}

/** A cast target as a quoted pg_type name (unknown types fail in Postgres with 42704). */
function castSql(cast: string): string {
  const { name, array } = castType(cast);
  return `${ident(name)}${array ? '[]' : ''}`;
}

/** Output keys become quoted column aliases; Postgres would silently truncate long ones. */
export function checkKey(key: string): string {
  if (key.includes('\u0000') || Buffer.byteLength(key, 'utf8') > 63) {
    throw new RestError(400, 'PGRST100', `"failed to parse select parameter (${key})"`, 'aliases and JSON keys used as output keys must be at most 63 bytes and contain no NUL');
  }
  return key;
}

function likePattern(op: string, value: string): string {
  return op === 'like' || op === 'ilike' ? value.replaceAll('*', '%') : value;
}

function filterSql(
  ctx: BuildContext,
  alias: string,
  source: Source,
  filter: Filter,
  embeds: Map<string, EmbedInfo>,
  usesJoins: { value: boolean },
): string {
  let sql: string;
  const embed = filter.field.path.length === 0 && !source.columnMap.has(filter.field.name) ? embeds.get(filter.field.name) : undefined;
  if (embed) {
    if (filter.op !== 'is' || (filter.value !== 'null' && filter.value !== 'not_null')) {
      throw new RestError(
        400,
        'PGRST120',
        `Only is null or not is null filters are allowed on embedded resources`,
      );
    }
    usesJoins.value = true;
    const isNull = filter.value === 'null';
    sql = `${embedPresence(embed)} is ${isNull ? '' : 'not '}null`;
  } else {
    const column = fieldSql(ctx, alias, source, filter.field);
    const p = (value: string): string => ctx.params.add(value);
    switch (filter.op) {
      case 'is': {
        const word = filter.value === 'not_null' ? 'not null' : filter.value;
        sql = `${column} is ${word}`;
        break;
      }
      case 'isdistinct':
        sql = `${column} is distinct from ${p(filter.value)}`;
        break;
      case 'in':
        sql = `${column} = any(${p(arrayLiteral(filter.list ?? []))})`;
        break;
      case 'fts':
      case 'plfts':
      case 'phfts':
      case 'wfts': {
        const config = filter.config === undefined ? undefined : `${p(filter.config)}::regconfig`;
        const col = source.columnMap.get(filter.field.name);
        const isVector = filter.field.path.length === 0 && col?.udt === 'tsvector';
        const vector = isVector ? column : `to_tsvector(${config ? `${config}, ` : ''}${column})`;
        const fn = FTS_FUNCTION[filter.op] ?? 'to_tsquery';
        sql = `${vector} @@ ${fn}(${config ? `${config}, ` : ''}${p(filter.value)})`;
        break;
      }
      default: {
        const op = COMPARISON[filter.op] ?? '=';
        if (filter.quantifier) {
          const value = likePattern(filter.op, filter.value);
          sql = `${column} ${op} ${filter.quantifier}(${p(value)})`;
        } else sql = `${column} ${op} ${p(likePattern(filter.op, filter.value))}`;
      }
    }
  }
  return filter.negate ? `not (${sql})` : sql;
}

function conditionSql(
  ctx: BuildContext,
  alias: string,
  source: Source,
  condition: Condition,
  embeds: Map<string, EmbedInfo>,
  usesJoins: { value: boolean },
): string {
  if (condition.kind === 'filter') return filterSql(ctx, alias, source, condition, embeds, usesJoins);
  const inner = condition.children
    .map((child) => conditionSql(ctx, alias, source, child, embeds, usesJoins))
    .join(condition.op === 'or' ? ' or ' : ' and ');
  return condition.negate ? `not (${inner})` : `(${inner})`;
}

function embedPresence(embed: EmbedInfo): string {
  return `${ident(embed.lateral)}.${ident('pgrst_body')}`;
}

function orderSql(
  ctx: BuildContext,
  alias: string,
  source: Source,
  term: OrderTerm,
  embeds: Map<string, EmbedInfo>,
): string {
  let expr: string;
  if (term.relation !== undefined) {
    const embed = embeds.get(term.relation);
    if (!embed) {
      throw new RestError(
        400,
        'PGRST108',
        `'${term.relation}' is not an embedded resource in this request`,
        null,
        `Verify that '${term.relation}' is included in the 'select' query parameter.`,
      );
    }
    if (!embed.toOne) {
      throw new RestError(
        400,
        'PGRST118',
        `A related order on '${term.relation}' is not possible`,
        `'${source.label}' and '${term.relation}' do not form a many-to-one or one-to-one relationship`,
      );
    }
    const rel = embed.relationship;
    const target = relationSource(rel.target);
    const sub = nextAlias(ctx);
    const col = fieldSql(ctx, sub, target, term.field);
    for (const column of rel.sourceColumns) noteRead(ctx, alias, column);
    const on = joinSql(rel, alias, sub, `${sub}_j`);
    expr = `(select ${col} from ${target.from} as ${ident(sub)} ${on.joins.join(' ')} where ${on.where.join(' and ')} limit 1)`;
  } else expr = fieldSql(ctx, alias, source, term.field);
  let sql = expr;
  if (term.direction) sql += ` ${term.direction}`;
  if (term.nulls) sql += ` nulls ${term.nulls}`;
  return sql;
}

/**
 * Builds one level of a read: the select list (with embedded resources as lateral joins), the
 * conditions, order, limit and offset for this embed path.
 */
export function buildNode(
  ctx: BuildContext,
  source: Source,
  alias: string,
  items: readonly SelectItem[],
  path: readonly string[],
): NodeSql {
  const key = pathKey(path);
  ctx.visited.add(key);
  const node: NodeSql = {
    alias,
    selectList: [],
    keys: [],
    joins: [],
    whereUsesJoins: false,
    where: [],
    orderBy: [],
    groupBy: [],
    limit: ctx.parts.limit.get(key),
    offset: ctx.parts.offset.get(key),
  };
  const embeds = new Map<string, EmbedInfo>();
  const embeddedKeys = new Set<string>();
  const isCountOnly =
    path.length > 0 &&
    items.length === 1 &&
    items[0]?.kind === 'column' &&
    items[0].field.name === 'count' &&
    items[0].field.path.length === 0 &&
    !source.columnMap.has('count');

  const aggregating = items.some((item) => item.kind === 'aggregate');
  if (aggregating && !ctx.aggregatesEnabled) {
    throw new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
  }
  for (const item of items) {
    switch (item.kind) {
      case 'star':
        for (const column of source.columns) {
          noteRead(ctx, alias, column.name);
          node.selectList.push(`${ident(alias)}.${ident(column.name)}`);
          node.keys.push(column.name);
          if (aggregating) node.groupBy.push(`${ident(alias)}.${ident(column.name)}`);
        }
        break;
      case 'column': {
        const outKey = outputKey(item.field, item.alias);
        if (isCountOnly) {
          node.selectList.push(`count(*)${item.cast ? `::${castSql(item.cast)}` : ''} as ${ident(outKey)}`);
        } else {
          const expr = fieldSql(ctx, alias, source, item.field);
          const value = item.cast ? `(${expr})::${castSql(item.cast)}` : expr;
          node.selectList.push(`${value} as ${ident(outKey)}`);
          if (aggregating) node.groupBy.push(value);
        }
        node.keys.push(outKey);
        break;
      }
      case 'aggregate': {
        // The function name comes from a fixed list; the alias is a quoted identifier.
        const outKey = checkKey(item.alias ?? item.fn);
        let argument = '*';
        if (item.field) {
          const expr = fieldSql(ctx, alias, source, item.field);
          argument = item.inputCast ? `(${expr})::${castSql(item.inputCast)}` : expr;
        }
        const call = `${item.fn}(${argument})`;
        node.selectList.push(`${item.cast ? `(${call})::${castSql(item.cast)}` : call} as ${ident(outKey)}`);
        node.keys.push(outKey);
        break;
      }
      case 'embed': {
        const info = buildEmbed(ctx, source, alias, item, path);
        if (embeddedKeys.has(info.key) && !item.spread) {
          // PostgREST names each embed's join `<parent>_<embed>_<depth>`; Postgres refuses the clash.
          const joinName = `${source.relation?.name ?? source.label}_${info.key}_${path.length + 1}`;
          throw new RestError(400, '42712', `table name "${joinName}" specified more than once`, null, null);
        }
        embeddedKeys.add(info.key);
        embeds.set(info.key, info);
        if (item.name !== info.key && !embeds.has(item.name)) embeds.set(item.name, info);
        node.joins.push(info.lateral === '' ? '' : lateralSql(info));
        if (item.spread) {
          if (info.toOne) {
            for (const childKey of info.node.keys) {
              node.selectList.push(`${ident(info.lateral)}.${ident(childKey)} as ${ident(childKey)}`);
              node.keys.push(childKey);
              if (aggregating) node.groupBy.push(`${ident(info.lateral)}.${ident(childKey)}`);
            }
          } else {
            for (const childKey of info.node.keys) {
              node.selectList.push(`coalesce(${ident(info.lateral)}.${ident(childKey)}, '[]') as ${ident(childKey)}`);
              node.keys.push(childKey);
            }
          }
        } else if (item.items.length > 0) {
          // An empty embed `rel()` only filters; it adds no key to the output.
          node.selectList.push(
            info.toOne
              ? `${embedPresence(info)} as ${ident(info.key)}`
              : `coalesce(${embedPresence(info)}, '[]') as ${ident(info.key)}`,
          );
          node.keys.push(info.key);
        }
        if (item.join === 'inner') {
          node.where.push(`${embedPresence(info)} is not null`);
          node.whereUsesJoins = true;
        }
        break;
      }
    }
  }

  const usesJoins = { value: false };
  for (const condition of ctx.parts.conditions.get(key) ?? []) {
    node.where.push(conditionSql(ctx, alias, source, condition, embeds, usesJoins));
  }
  if (usesJoins.value) node.whereUsesJoins = true;
  for (const term of ctx.parts.order.get(key) ?? []) {
    node.orderBy.push(orderSql(ctx, alias, source, term, embeds));
  }
  return node;
}

function buildEmbed(
  ctx: BuildContext,
  parentSource: Source,
  parentAlias: string,
  item: Extract<SelectItem, { kind: 'embed' }>,
  parentPath: readonly string[],
): EmbedInfo {
  const relationship = resolveRelationship(ctx.cache, parentSource, item.name, item.hint, ctx.schema);
  const toOne = isToOne(relationship);
  const childAlias = nextAlias(ctx);
  const outKey = item.alias ?? item.name;
  const childSource: Source = { ...relationSource(relationship.target), sqlName: `${relationship.target.name}_${parentPath.length + 1}` };
  const items = item.items;
  const node = buildNode(ctx, childSource, childAlias, items, [...parentPath, embedKey(item)]);
  for (const column of relationship.sourceColumns) noteRead(ctx, parentAlias, column);
  const on = joinSql(relationship, parentAlias, childAlias, `${childAlias}_j`);
  node.joins.unshift(...on.joins);
  node.where.unshift(...on.where);
  checkKey(outKey);
  if (relationship.computed) for (const column of parentSource.columns) noteRead(ctx, parentAlias, column.name);
  return {
    item,
    parentAlias,
    parentRow: rowArgument(parentSource, parentAlias),
    key: outKey,
    relationship,
    toOne,
    lateral: `${childAlias}_l`,
    node,
  };
}

export function selectSql(node: NodeSql, from: string, maxLimit?: number): string {
  const list = node.selectList.length > 0 ? node.selectList.join(', ') : '';
  let sql = `select ${list} from ${from} as ${ident(node.alias)}`;
  const joins = node.joins.filter((join) => join !== '');
  if (joins.length > 0) sql += ` ${joins.join(' ')}`;
  if (node.where.length > 0) sql += ` where ${node.where.join(' and ')}`;
  if (node.groupBy.length > 0) sql += ` group by ${node.groupBy.join(', ')}`;
  if (node.orderBy.length > 0) sql += ` order by ${node.orderBy.join(', ')}`;
  const limit = maxLimit === undefined ? node.limit : Math.min(node.limit ?? maxLimit, maxLimit);
  if (limit !== undefined) sql += ` limit ${limit}`;
  if (node.offset !== undefined && node.offset > 0) sql += ` offset ${node.offset}`;
  return sql;
}

function lateralSql(info: EmbedInfo): string {
  const child = info.node;
  const inner = selectSql(child, fromOf(info));
  const l = ident(info.lateral);
  if (info.item.spread) {
    if (info.toOne) return `left join lateral (${inner}) as ${l} on true`;
    const aggs = child.keys.map((k) => `json_agg(pgrst_e.${ident(k)}) as ${ident(k)}`);
    return `left join lateral (select ${aggs.join(', ')} from (${inner}) as pgrst_e) as ${l} on true`;
  }
  if (info.toOne) {
    return `left join lateral (select row_to_json(pgrst_e) as pgrst_body from (${inner}) as pgrst_e) as ${l} on true`;
  }
  return `left join lateral (select json_agg(pgrst_e) as pgrst_body from (${inner}) as pgrst_e) as ${l} on true`;
}

function fromOf(info: EmbedInfo): string {
  const fn = info.relationship.computed;
  if (fn) return `${qualified(fn.schema, fn.name)}(${info.parentRow})`;
  const target = info.relationship.target;
  return qualified(target.schema, target.name);
}

/** Any filter/order/limit path that names no embedded resource → PGRST108. */
export function checkUnusedPaths(ctx: BuildContext): void {
  const all = [
    ...ctx.parts.conditions.keys(),
    ...ctx.parts.order.keys(),
    ...ctx.parts.limit.keys(),
    ...ctx.parts.offset.keys(),
  ];
  for (const key of all) {
    if (ctx.visited.has(key)) continue;
    const name = key.split('\u0000').at(-1) ?? key;
    throw new RestError(
      400,
      'PGRST108',
      `'${name}' is not an embedded resource in this request`,
      null,
      `Verify that '${name}' is included in the 'select' query parameter.`,
    );
  }
}

export function newContext(
  cache: SchemaCache,
  parts: QueryParts,
  schema: string,
  params = new Params(),
  aggregatesEnabled = false,
): BuildContext {
  return { cache, params, parts, schema, aliasCounter: 0, visited: new Set(), aggregatesEnabled: aggregatesEnabled || cache.aggregatesEnabled };
}

/** FROM clause + joins + where without select list/order/limit: the base of count queries. */
export function countSql(node: NodeSql, from: string): string {
  let sql = `select 1 from ${from} as ${ident(node.alias)}`;
  const joins = node.joins.filter((join) => join !== '');
  if (node.whereUsesJoins && joins.length > 0) sql += ` ${joins.join(' ')}`;
  if (node.where.length > 0) sql += ` where ${node.where.join(' and ')}`;
  return sql;
}
