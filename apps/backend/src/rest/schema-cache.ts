import type { Queryable } from '../db/database.js';

/** One column of a table, view or function result, as the catalogue describes it. */
export interface Column {
  name: string;
  position: number;
  /** format_type(): e.g. `text`, `integer[]`, `character varying(20)`, `public.mood`. */
  type: string;
  /** pg_type.typname: e.g. `int4`, `_text`, `mood`. */
  udt: string;
  typeSchema: string;
  /** pg_type.typtype: b base, c composite, d domain, e enum, p pseudo, r range, m multirange. */
  typtype: string;
  /** pg_type.typcategory: A array, S string, N numeric, … */
  category: string;
  nullable: boolean;
  /** Default expression as catalogue text (trusted SQL), or null. */
  default: string | null;
  /** Sequence behind an identity column, e.g. `public.todos_id_seq`. */
  identitySequence: string | null;
  identity: 'always' | 'by_default' | null;
  generated: boolean;
  updatable: boolean;
  comment: string | null;
}

export type RelationKind = 'table' | 'view' | 'materialized_view' | 'foreign_table';

export interface Relation {
  oid: number;
  schema: string;
  name: string;
  kind: RelationKind;
  columns: Column[];
  columnMap: Map<string, Column>;
  primaryKey: string[];
  /** Column sets that are unique (primary key and unique indexes without predicates). */
  uniqueKeys: string[][];
  insertable: boolean;
  updatable: boolean;
  deletable: boolean;
  rlsEnabled: boolean;
  comment: string | null;
  /**
   * API roles holding table-level SELECT (not just some columns): only they may read system
   * columns such as xmax, which tells an upsert's inserted rows from its merged ones.
   */
  tableSelect: ReadonlySet<string>;
}

export interface ForeignKey {
  name: string;
  schema: string;
  table: string;
  columns: string[];
  refSchema: string;
  refTable: string;
  refColumns: string[];
}

export interface FunctionArg {
  name: string;
  /** i in, o out, b inout, v variadic, t table column. */
  mode: 'i' | 'o' | 'b' | 'v' | 't';
  type: string;
  udt: string;
  typeSchema: string;
  typtype: string;
  category: string;
  hasDefault: boolean;
  /** The catalogue has a name for it (Postgres keeps '' for an unnamed one among named ones). */
  named: boolean;
}

export interface PgFunction {
  oid: number;
  schema: string;
  name: string;
  args: FunctionArg[];
  /** Input arguments (in, inout, variadic) in declaration order. */
  inArgs: FunctionArg[];
  volatility: 'immutable' | 'stable' | 'volatile';
  returnsSet: boolean;
  /** `returns setof … rows 1`: PostgREST embeds it as a to-one resource (an object, not an array). */
  singleRow: boolean;
  returnType: string;
  returnUdt: string;
  returnTypeSchema: string;
  /** void, scalar (base/enum/domain/array/range), composite (row type), record (OUT/TABLE columns). */
  returnShape: 'void' | 'scalar' | 'composite' | 'record';
  /** For a row-type return, the table/view/composite type providing the columns. */
  returnRelation: { schema: string; name: string; kind: 'relation' | 'type' } | null;
  /** Result columns for composite/record returns. */
  returnColumns: Column[];
  comment: string | null;
  /**
   * In PostgREST's routine cache, so callable by RPC: no unnamed parameter, or exactly one whose
   * (first) parameter is bytea, json, jsonb, text or xml; never a trigger function. Computed fields
   * and relationships are not limited by it.
   */
  callable: boolean;
}

export interface EnumType {
  schema: string;
  name: string;
  values: string[];
}

export interface CompositeType {
  schema: string;
  name: string;
  attributes: { name: string; type: string; udt: string; typeSchema: string; typtype: string; category: string }[];
}

export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many';

/** A way to embed `target` from `source`, derived from foreign keys (and views over their tables). */
export interface Relationship {
  cardinality: Cardinality;
  /** FK constraint name (for many-to-many: the junction's FK towards the target). */
  constraint: string;
  source: Relation;
  target: Relation;
  /** source.sourceColumns[i] = target.targetColumns[i] (through the junction for many-to-many). */
  sourceColumns: string[];
  targetColumns: string[];
  junction?: {
    relation: Relation;
    sourceConstraint: string;
    targetConstraint: string;
    /** junction.sourceJoin[i] = source.sourceColumns[i] */
    sourceJoin: string[];
    /** junction.targetJoin[i] = target.targetColumns[i] */
    targetJoin: string[];
  };
  /** True when the FK this relationship derives from is declared on a table (not inferred for a view). */
  direct: boolean;
  /** A computed relationship: a function taking the source's row, returning rows of the target. */
  computed?: PgFunction;
}

export interface SchemaCache {
  readonly schemas: readonly string[];
  readonly relations: ReadonlyMap<string, Relation>;
  readonly foreignKeys: readonly ForeignKey[];
  readonly functions: ReadonlyMap<string, PgFunction[]>;
  readonly enums: readonly EnumType[];
  readonly compositeTypes: readonly CompositeType[];
  /** `alter role authenticator set pgrst.db_aggregates_enabled = 'true'`, read as PostgREST reads it. */
  readonly aggregatesEnabled: boolean;
  /** `alter role authenticator set pgrst.db_plan_enabled = 'true'`: the explain media type. */
  readonly planEnabled: boolean;
  relation(schema: string, name: string): Relation | undefined;
  functionsNamed(schema: string, name: string): PgFunction[];
  /** The overloads an RPC may call (`callable`), in PostgREST's order (`compareRoutines`). */
  routinesNamed(schema: string, name: string): PgFunction[];
  /** Names of the functions an RPC may call in a schema (for PGRST202's hint). */
  routineNames(schema: string): string[];
  /** Every relationship whose source is `relation` (memoised). */
  relationshipsFrom(relation: Relation): Relationship[];
}

export function relationKey(schema: string, name: string): string {
  return `${schema}\u0000${name}`;
}

interface RawColumn {
  relid: number;
  name: string;
  num: number;
  type: string;
  udt: string;
  typeSchema: string;
  typtype: string;
  category: string;
  notNull: boolean;
  domainNotNull: boolean;
  default: string | null;
  identity: string;
  identitySequence: string | null;
  generated: string;
  updatable: boolean;
  comment: string | null;
}

interface RawCatalog {
  relations: { oid: number; schema: string; name: string; kind: string; insertable: boolean; updatable: boolean; deletable: boolean; rls: boolean; comment: string | null; tableSelect?: string[] | null }[] | null;
  columns: RawColumn[] | null;
  primaryKeys: { relid: number; cols: string[] }[] | null;
  uniques: { relid: number; cols: string[] }[] | null;
  foreignKeys: { name: string; relid: number; frelid: number; schema: string; table: string; refSchema: string; refTable: string; cols: string[]; fcols: string[] }[] | null;
  viewDeps: { viewid: number; relid: number; col: string }[] | null;
  functions:
    | {
        oid: number;
        schema: string;
        name: string;
        volatility: string;
        returnsSet: boolean;
        singleRow: boolean;
        returnType: string;
        returnUdt: string;
        returnTypeSchema: string;
        returnTyptype: string;
        returnRelid: number;
        returnRelkind: string | null;
        returnRelSchema: string | null;
        returnRelName: string | null;
        nargdefaults: number;
        comment: string | null;
        args: { name: string; named?: boolean; mode: string; type: string; udt: string; typeSchema: string; typtype: string; category: string }[] | null;
      }[]
    | null;
  enums: { schema: string; name: string; values: string[] }[] | null;
  composites:
    | { relid: number; schema: string; name: string; attributes: { name: string; type: string; udt: string; typeSchema: string; typtype: string; category: string }[] | null }[]
    | null;
  compositeColumns: RawColumn[] | null;
}

// One round trip; everything comes back as one JSON document so both drivers parse it alike.
const CATALOG_SQL = `
with rels as (
  select c.oid, n.nspname, c.relname, c.relkind, c.relrowsecurity
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = any($1::text[]) and c.relkind in ('r','v','m','f','p')
),
col_rows as (
  select a.attrelid as relid, a.attname as name, a.attnum as num,
    format_type(a.atttypid, a.atttypmod) as type, t.typname as udt, tn.nspname as "typeSchema",
    t.typtype::text as typtype, t.typcategory::text as category,
    a.attnotnull as "notNull", (t.typtype = 'd' and t.typnotnull) as "domainNotNull",
    pg_get_expr(d.adbin, d.adrelid) as default,
    a.attidentity::text as identity,
    case when a.attidentity <> '' then pg_get_serial_sequence(format('%I.%I', r.nspname, r.relname), a.attname) end as "identitySequence",
    a.attgenerated::text as generated,
    case when r.relkind in ('r','p') then true else pg_column_is_updatable(a.attrelid, a.attnum, false) end as updatable,
    col_description(a.attrelid, a.attnum) as comment
  from pg_attribute a
  join rels r on r.oid = a.attrelid
  join pg_type t on t.oid = a.atttypid
  join pg_namespace tn on tn.oid = t.typnamespace
  left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
  where a.attnum > 0 and not a.attisdropped
),
comp as (
  select c.oid, n.nspname, t.typname
  from pg_type t join pg_class c on c.oid = t.typrelid join pg_namespace n on n.oid = t.typnamespace
  where t.typtype = 'c' and c.relkind = 'c' and n.nspname = any($1::text[])
)
select json_build_object(
  'relations', (select json_agg(json_build_object(
      'oid', r.oid, 'schema', r.nspname, 'name', r.relname, 'kind', r.relkind::text, 'rls', r.relrowsecurity,
      'insertable', case when r.relkind in ('r','p') then true when r.relkind in ('v','f') then (pg_relation_is_updatable(r.oid::regclass, true) & 8) = 8 else false end,
      'updatable', case when r.relkind in ('r','p') then true when r.relkind in ('v','f') then (pg_relation_is_updatable(r.oid::regclass, true) & 4) = 4 else false end,
      'deletable', case when r.relkind in ('r','p') then true when r.relkind in ('v','f') then (pg_relation_is_updatable(r.oid::regclass, true) & 16) = 16 else false end,
      'comment', obj_description(r.oid, 'pg_class'),
      'tableSelect', (select coalesce(json_agg(ro.rolname), '[]') from pg_roles ro
        where ro.rolname in ('anon', 'authenticated', 'service_role') and has_table_privilege(ro.oid, r.oid, 'SELECT'))
    ) order by r.nspname, r.relname) from rels r),
  'columns', (select json_agg(c order by c.relid, c.num) from col_rows c),
  'primaryKeys', (select json_agg(json_build_object('relid', con.conrelid,
      'cols', (select json_agg(a.attname order by k.i) from unnest(con.conkey) with ordinality k(n, i)
               join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n)))
    from pg_constraint con join rels r on r.oid = con.conrelid where con.contype = 'p'),
  'uniques', (select json_agg(json_build_object('relid', ix.indrelid,
      'cols', (select json_agg(a.attname order by k.i) from unnest(ix.indkey::int2[]) with ordinality k(n, i)
               join pg_attribute a on a.attrelid = ix.indrelid and a.attnum = k.n)))
    from pg_index ix join rels r on r.oid = ix.indrelid
    where ix.indisunique and ix.indpred is null and ix.indexprs is null),
  'foreignKeys', (select json_agg(json_build_object('name', con.conname, 'relid', con.conrelid, 'frelid', con.confrelid,
      'schema', n.nspname, 'table', c.relname, 'refSchema', fn.nspname, 'refTable', fc.relname,
      'cols', (select json_agg(a.attname order by k.i) from unnest(con.conkey) with ordinality k(n, i)
               join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n),
      'fcols', (select json_agg(a.attname order by k.i) from unnest(con.confkey) with ordinality k(n, i)
               join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n)) order by con.conname)
    from pg_constraint con
    join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
    join pg_class fc on fc.oid = con.confrelid join pg_namespace fn on fn.oid = fc.relnamespace
    where con.contype = 'f' and (n.nspname = any($1::text[]) or fn.nspname = any($1::text[]))),
  'viewDeps', (select json_agg(distinct jsonb_build_object('viewid', rw.ev_class, 'relid', d.refobjid, 'col', a.attname))
    from pg_rewrite rw
    join rels v on v.oid = rw.ev_class and v.relkind in ('v','m')
    join pg_depend d on d.classid = 'pg_rewrite'::regclass and d.objid = rw.oid
      and d.refclassid = 'pg_class'::regclass and d.refobjid <> rw.ev_class and d.refobjsubid > 0
    join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid),
  'functions', (select json_agg(json_build_object(
      'oid', p.oid, 'schema', n.nspname, 'name', p.proname, 'volatility', p.provolatile::text,
      'returnsSet', p.proretset, 'singleRow', p.proretset and p.prorows = 1, 'returnType', format_type(p.prorettype, null), 'returnUdt', rt.typname,
      'returnTypeSchema', rtn.nspname, 'returnTyptype', rt.typtype::text, 'returnRelid', rt.typrelid,
      'returnRelkind', rc.relkind::text, 'returnRelSchema', rcn.nspname, 'returnRelName', rc.relname,
      'nargdefaults', p.pronargdefaults, 'comment', obj_description(p.oid, 'pg_proc'),
      'args', (select json_agg(json_build_object(
          'name', coalesce(p.proargnames[x.i], ''), 'named', p.proargnames[x.i] is not null,
          'mode', coalesce(p.proargmodes[x.i]::text, 'i'),
          'type', format_type(x.t, null), 'udt', at.typname, 'typeSchema', atn.nspname,
          'typtype', at.typtype::text, 'category', at.typcategory::text) order by x.i)
        from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality x(t, i)
        join pg_type at on at.oid = x.t join pg_namespace atn on atn.oid = at.typnamespace)
    ) order by n.nspname, p.proname, p.oid)
    from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    join pg_type rt on rt.oid = p.prorettype join pg_namespace rtn on rtn.oid = rt.typnamespace
    left join pg_class rc on rc.oid = rt.typrelid left join pg_namespace rcn on rcn.oid = rc.relnamespace
    where n.nspname = any($1::text[]) and p.prokind = 'f'
      and not exists (select 1 from pg_depend dep where dep.classid = 'pg_proc'::regclass and dep.objid = p.oid and dep.deptype = 'e')),
  'enums', (select json_agg(json_build_object('schema', n.nspname, 'name', t.typname,
      'values', (select json_agg(e.enumlabel order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid))
      order by n.nspname, t.typname)
    from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where t.typtype = 'e' and n.nspname = any($1::text[])),
  'composites', (select json_agg(json_build_object('relid', c.oid, 'schema', c.nspname, 'name', c.typname,
      'attributes', (select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod),
          'udt', t.typname, 'typeSchema', tn.nspname, 'typtype', t.typtype::text, 'category', t.typcategory::text) order by a.attnum)
        from pg_attribute a join pg_type t on t.oid = a.atttypid join pg_namespace tn on tn.oid = t.typnamespace
        where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped)) order by c.nspname, c.typname)
    from comp c)
)::text as catalog`;

function toColumn(raw: RawColumn): Column {
  return {
    name: raw.name,
    position: raw.num,
    type: raw.type,
    udt: raw.udt,
    typeSchema: raw.typeSchema,
    typtype: raw.typtype,
    category: raw.category,
    nullable: !(raw.notNull || raw.domainNotNull),
    default: raw.default,
    identitySequence: raw.identitySequence,
    identity: raw.identity === 'a' ? 'always' : raw.identity === 'd' ? 'by_default' : null,
    generated: raw.generated !== '' && raw.generated !== undefined,
    updatable: raw.updatable,
    comment: raw.comment,
  };
}

const KINDS: Record<string, RelationKind> = {
  r: 'table',
  p: 'table',
  v: 'view',
  m: 'materialized_view',
  f: 'foreign_table',
};

function pgTextArray(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value) => b.includes(value));
}

/** Reads tables, views, columns, keys, functions and types of the exposed schemas. */
/** A boolean `pgrst.*` setting of the authenticator role (this database's, else any database's). */
async function roleSettingEnabled(db: Queryable, name: string): Promise<boolean> {
  const result = await db.query<{ value: string | null }>(
    `select (select split_part(cfg, '=', 2) from pg_db_role_setting s
               join pg_roles r on r.oid = s.setrole, unnest(s.setconfig) as cfg
             where r.rolname = 'authenticator' and split_part(cfg, '=', 1) = $1
               and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
             order by s.setdatabase desc limit 1) as value`,
    [name],
  );
  return ['true', 'on', 'yes', '1'].includes((result.rows[0]?.value ?? '').toLowerCase());
}

export async function loadSchemaCache(db: Queryable, schemas: readonly string[]): Promise<SchemaCache> {
  const result = await db.query<{ catalog: string }>(CATALOG_SQL, [pgTextArray(schemas)]);
  const raw = JSON.parse(result.rows[0]?.catalog ?? '{}') as RawCatalog;

  const byOid = new Map<number, Relation>();
  const relations = new Map<string, Relation>();
  for (const r of raw.relations ?? []) {
    const relation: Relation = {
      oid: r.oid,
      schema: r.schema,
      name: r.name,
      kind: KINDS[r.kind] ?? 'table',
      columns: [],
      columnMap: new Map(),
      primaryKey: [],
      uniqueKeys: [],
      insertable: r.insertable,
      updatable: r.updatable,
      deletable: r.deletable,
      rlsEnabled: r.rls,
      tableSelect: new Set(r.tableSelect ?? []),
      comment: r.comment,
    };
    byOid.set(r.oid, relation);
    relations.set(relationKey(r.schema, r.name), relation);
  }
  for (const rawColumn of raw.columns ?? []) {
    const relation = byOid.get(rawColumn.relid);
    if (!relation) continue;
    const column = toColumn(rawColumn);
    relation.columns.push(column);
    relation.columnMap.set(column.name, column);
  }
  for (const pk of raw.primaryKeys ?? []) {
    const relation = byOid.get(pk.relid);
    if (relation) relation.primaryKey = pk.cols;
  }
  for (const unique of raw.uniques ?? []) {
    const relation = byOid.get(unique.relid);
    if (relation && !relation.uniqueKeys.some((key) => sameSet(key, unique.cols))) {
      relation.uniqueKeys.push(unique.cols);
    }
  }

  const foreignKeys: ForeignKey[] = (raw.foreignKeys ?? []).map((fk) => ({
    name: fk.name,
    schema: fk.schema,
    table: fk.table,
    columns: fk.cols,
    refSchema: fk.refSchema,
    refTable: fk.refTable,
    refColumns: fk.fcols,
  }));

  // Views inherit the foreign keys of the tables they select from, when they expose the FK
  // columns under the same names (covers the usual `create view v as select … from t`).
  const viewColumns = new Map<number, Map<number, Set<string>>>();
  for (const dep of raw.viewDeps ?? []) {
    let perTable = viewColumns.get(dep.viewid);
    if (!perTable) viewColumns.set(dep.viewid, (perTable = new Map<number, Set<string>>()));
    let cols = perTable.get(dep.relid);
    if (!cols) perTable.set(dep.relid, (cols = new Set<string>()));
    cols.add(dep.col);
  }
  /** Relations standing for a base table: itself plus views that expose the given columns. */
  const standIns = (relid: number, columns: readonly string[]): Relation[] => {
    const base = byOid.get(relid);
    const out: Relation[] = base ? [base] : [];
    for (const [viewid, perTable] of viewColumns) {
      const used = perTable.get(relid);
      const view = byOid.get(viewid);
      if (!used || !view) continue;
      if (columns.every((col) => used.has(col) && view.columnMap.has(col))) out.push(view);
    }
    return out;
  };

  interface EdgeFk {
    name: string;
    from: Relation;
    to: Relation;
    columns: string[];
    refColumns: string[];
    direct: boolean;
  }
  const edges: EdgeFk[] = [];
  for (const fk of raw.foreignKeys ?? []) {
    for (const from of standIns(fk.relid, fk.cols)) {
      for (const to of standIns(fk.frelid, fk.fcols)) {
        edges.push({
          name: fk.name,
          from,
          to,
          columns: fk.cols,
          refColumns: fk.fcols,
          direct: from.oid === fk.relid && to.oid === fk.frelid,
        });
      }
    }
  }

  const isUnique = (relation: Relation, columns: readonly string[]): boolean =>
    (relation.primaryKey.length > 0 && sameSet(relation.primaryKey, columns)) ||
    relation.uniqueKeys.some((key) => sameSet(key, columns));

  const memo = new Map<number, Relationship[]>();
  const relationshipsFrom = (relation: Relation): Relationship[] => {
    const cached = memo.get(relation.oid);
    if (cached) return cached;
    const out: Relationship[] = [];
    for (const edge of edges) {
      const oneToOne = isUnique(edge.from, edge.columns);
      if (edge.from.oid === relation.oid) {
        out.push({
          cardinality: oneToOne ? 'one-to-one' : 'many-to-one',
          constraint: edge.name,
          source: relation,
          target: edge.to,
          sourceColumns: edge.columns,
          targetColumns: edge.refColumns,
          direct: edge.direct,
        });
      }
      if (edge.to.oid === relation.oid) {
        out.push({
          cardinality: oneToOne ? 'one-to-one' : 'one-to-many',
          constraint: edge.name,
          source: relation,
          target: edge.from,
          sourceColumns: edge.refColumns,
          targetColumns: edge.columns,
          direct: edge.direct,
        });
      }
    }
    // Many-to-many through a junction whose primary key covers both foreign keys.
    for (const toSource of edges) {
      if (toSource.to.oid !== relation.oid || toSource.from.kind !== 'table') continue;
      const junction = toSource.from;
      for (const toTarget of edges) {
        if (toTarget === toSource || toTarget.from.oid !== junction.oid) continue;
        if (toTarget.name === toSource.name) continue;
        const pk = junction.primaryKey;
        const covered =
          pk.length > 0 &&
          toSource.columns.every((col) => pk.includes(col)) &&
          toTarget.columns.every((col) => pk.includes(col));
        if (!covered) continue;
        out.push({
          cardinality: 'many-to-many',
          constraint: toTarget.name,
          source: relation,
          target: toTarget.to,
          sourceColumns: toSource.refColumns,
          targetColumns: toTarget.refColumns,
          junction: {
            relation: junction,
            sourceConstraint: toSource.name,
            targetConstraint: toTarget.name,
            sourceJoin: toSource.columns,
            targetJoin: toTarget.columns,
          },
          direct: toSource.direct && toTarget.direct,
        });
      }
    }
    memo.set(relation.oid, out);
    return out;
  };

  const compositeColumns = new Map<number, Column[]>();
  const composites: CompositeType[] = [];
  for (const composite of raw.composites ?? []) {
    const attributes = composite.attributes ?? [];
    composites.push({ schema: composite.schema, name: composite.name, attributes });
    compositeColumns.set(
      composite.relid,
      attributes.map((attribute, index) => ({
        name: attribute.name,
        position: index + 1,
        type: attribute.type,
        udt: attribute.udt,
        typeSchema: attribute.typeSchema,
        typtype: attribute.typtype,
        category: attribute.category,
        nullable: true,
        default: null,
        identitySequence: null,
        identity: null,
        generated: false,
        updatable: false,
        comment: null,
      })),
    );
  }

  const functions = new Map<string, PgFunction[]>();
  for (const f of raw.functions ?? []) {
    const args: FunctionArg[] = (f.args ?? []).map((arg) => ({
      name: arg.name,
      mode: (['i', 'o', 'b', 'v', 't'].includes(arg.mode) ? arg.mode : 'i') as FunctionArg['mode'],
      type: arg.type,
      udt: arg.udt,
      typeSchema: arg.typeSchema,
      typtype: arg.typtype,
      category: arg.category,
      hasDefault: false,
      named: arg.named ?? arg.name !== '',
    }));
    const inArgs = args.filter((arg) => arg.mode === 'i' || arg.mode === 'b' || arg.mode === 'v');
    inArgs.forEach((arg, index) => {
      arg.hasDefault = index >= inArgs.length - f.nargdefaults;
    });
    const outArgs = args.filter((arg) => arg.mode === 'o' || arg.mode === 'b' || arg.mode === 't');
    let returnShape: PgFunction['returnShape'];
    let returnRelation: PgFunction['returnRelation'] = null;
    let returnColumns: Column[] = [];
    if (f.returnUdt === 'void') returnShape = 'void';
    else if (f.returnTyptype === 'c' && f.returnRelid !== 0) {
      returnShape = 'composite';
      const rel = byOid.get(f.returnRelid);
      if (rel) {
        returnRelation = { schema: rel.schema, name: rel.name, kind: 'relation' };
        returnColumns = rel.columns;
      } else {
        returnRelation =
          f.returnRelSchema && f.returnRelName
            ? { schema: f.returnRelSchema, name: f.returnRelName, kind: 'type' }
            : null;
        returnColumns = compositeColumns.get(f.returnRelid) ?? [];
      }
    } else if (f.returnUdt === 'record' && outArgs.length > 0) {
      returnShape = 'record';
      returnColumns = outArgs.map((arg, index) => ({
        name: arg.name,
        position: index + 1,
        type: arg.type,
        udt: arg.udt,
        typeSchema: arg.typeSchema,
        typtype: arg.typtype,
        category: arg.category,
        nullable: true,
        default: null,
        identitySequence: null,
        identity: null,
        generated: false,
        updatable: false,
        comment: null,
      }));
    } else returnShape = 'scalar';
    const fn: PgFunction = {
      oid: f.oid,
      schema: f.schema,
      name: f.name,
      args,
      inArgs,
      volatility: f.volatility === 'i' ? 'immutable' : f.volatility === 's' ? 'stable' : 'volatile',
      returnsSet: f.returnsSet,
      singleRow: f.singleRow,
      returnType: f.returnType,
      returnUdt: f.returnUdt,
      returnTypeSchema: f.returnTypeSchema,
      returnShape,
      returnRelation,
      returnColumns,
      comment: f.comment,
      callable: isCallable(inArgs, f.returnUdt, f.returnTypeSchema),
    };
    const key = relationKey(f.schema, f.name);
    const list = functions.get(key);
    if (list) list.push(fn);
    else functions.set(key, [fn]);
  }

  const routines = new Map<string, PgFunction[]>();
  return {
    schemas: [...schemas],
    relations,
    foreignKeys,
    functions,
    enums: raw.enums ?? [],
    compositeTypes: composites,
    aggregatesEnabled: await roleSettingEnabled(db, 'pgrst.db_aggregates_enabled'),
    planEnabled: await roleSettingEnabled(db, 'pgrst.db_plan_enabled'),
    relation: (schema, name) => relations.get(relationKey(schema, name)),
    functionsNamed: (schema, name) => functions.get(relationKey(schema, name)) ?? [],
    routinesNamed: (schema, name) => {
      const key = relationKey(schema, name);
      let list = routines.get(key);
      if (!list) {
        list = (functions.get(key) ?? []).filter((fn) => fn.callable).sort(compareRoutines);
        routines.set(key, list);
      }
      return list;
    },
    routineNames: (schema) =>
      [...functions.values()].flatMap((fns) => fns.filter((fn) => fn.schema === schema && fn.callable).map((fn) => fn.name)),
    relationshipsFrom,
  };
}

/** The types a single unnamed parameter may have for PostgREST to list the function at all. */
const SINGLE_UNNAMED_TYPES = new Set(['bytea', 'json', 'jsonb', 'text', 'xml']);

/**
 * PostgREST's schema cache leaves out functions it could not call by name: more than one unnamed
 * input parameter, or one when the first parameter is not bytea/json/jsonb/text/xml (those take a
 * raw body or `{"": value}`); and trigger functions.
 */
function isCallable(inArgs: readonly FunctionArg[], returnUdt: string, returnSchema: string): boolean {
  if (returnUdt === 'trigger' && returnSchema === 'pg_catalog') return false;
  const unnamed = inArgs.filter((arg) => !arg.named).length;
  if (unnamed === 0) return true;
  const first = inArgs[0];
  return unnamed === 1 && first !== undefined && first.typeSchema === 'pg_catalog' && SINGLE_UNNAMED_TYPES.has(first.udt);
}

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const compareBool = (a: boolean, b: boolean): number => Number(a) - Number(b);
const VOLATILITY_ORDER = { volatile: 0, stable: 1, immutable: 2 } as const;

/**
 * The order PostgREST keeps a function's overloads in (its `Ord Routine`): fewer parameters first;
 * then description (none first), the parameters one by one (name, type, required, variadic), the
 * return type (single before set, scalar before composite, then schema and name) and volatility.
 * It is the order of PGRST203's candidate list, whatever order the catalogue returned them in.
 */
export function compareRoutines(a: PgFunction, b: PgFunction): number {
  if (a.inArgs.length !== b.inArgs.length) return a.inArgs.length - b.inArgs.length;
  if ((a.comment === null) !== (b.comment === null)) return a.comment === null ? -1 : 1;
  const byComment = compareText(a.comment ?? '', b.comment ?? '');
  if (byComment !== 0) return byComment;
  for (let i = 0; i < a.inArgs.length; i += 1) {
    const x = a.inArgs[i];
    const y = b.inArgs[i];
    if (!x || !y) break;
    const byParam =
      compareText(x.name, y.name) ||
      compareText(x.type, y.type) ||
      compareBool(!x.hasDefault, !y.hasDefault) ||
      compareBool(x.mode === 'v', y.mode === 'v');
    if (byParam !== 0) return byParam;
  }
  const composite = (fn: PgFunction): boolean => fn.returnShape === 'composite' || fn.returnShape === 'record';
  return (
    compareBool(a.returnsSet, b.returnsSet) ||
    compareBool(composite(a), composite(b)) ||
    compareText(a.returnTypeSchema, b.returnTypeSchema) ||
    compareText(a.returnUdt, b.returnUdt) ||
    VOLATILITY_ORDER[a.volatility] - VOLATILITY_ORDER[b.volatility]
  );
}
