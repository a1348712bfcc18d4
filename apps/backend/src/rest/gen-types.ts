// The `Database` type `supabase gen types typescript` produces (postgres-meta's template), generated
// from our own schema cache so the SDK's types always match what /rest/v1 serves.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Column, FunctionArg, PgFunction, Relation, SchemaCache } from './schema-cache.js';

/** Version written into `__InternalSupabase`, which postgrest-js uses to pick type features. */
const POSTGREST_VERSION = '12';

const q = (text: string): string => JSON.stringify(text);
/** An object key as prettier prints it (quotes only when needed). */
const key = (text: string): string => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(text) ? text : q(text));

interface TypeRef {
  udt: string;
  typeSchema: string;
}

function sortByName<T extends { name: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.name.localeCompare(b.name));
}

class TypeMapper {
  constructor(private readonly cache: SchemaCache) {}

  ts(type: TypeRef): string {
    const { udt } = type;
    if (udt === 'bool') return 'boolean';
    if (['int2', 'int4', 'int8', 'float4', 'float8', 'numeric'].includes(udt)) return 'number';
    if (
      ['bytea', 'bpchar', 'varchar', 'date', 'text', 'citext', 'time', 'timetz', 'timestamp', 'timestamptz', 'uuid', 'vector'].includes(udt)
    ) {
      return 'string';
    }
    if (udt === 'json' || udt === 'jsonb') return 'Json';
    if (udt === 'void') return 'undefined';
    if (udt === 'record') return 'Record<string, unknown>';
    if (udt.startsWith('_')) {
      const element = this.ts({ udt: udt.slice(1), typeSchema: type.typeSchema });
      return element.includes(' | ') ? `(${element})[]` : `${element}[]`;
    }
    const exposed = this.cache.schemas.includes(type.typeSchema);
    const enumType = this.cache.enums.find((e) => e.name === udt && e.schema === type.typeSchema);
    if (enumType) {
      return exposed ? `Database[${q(enumType.schema)}]["Enums"][${q(enumType.name)}]` : enumType.values.map(q).join(' | ');
    }
    const composite = this.cache.compositeTypes.find((c) => c.name === udt && c.schema === type.typeSchema);
    if (composite) return exposed ? `Database[${q(composite.schema)}]["CompositeTypes"][${q(composite.name)}]` : 'unknown';
    const relation = this.cache.relation(type.typeSchema, udt);
    if (relation && exposed) {
      const group = relation.kind === 'table' || relation.kind === 'foreign_table' ? 'Tables' : 'Views';
      return `Database[${q(relation.schema)}][${q(group)}][${q(relation.name)}]["Row"]`;
    }
    return 'unknown';
  }
}

/** A small indenting writer so the output reads like the CLI's prettier-formatted file. */
class Writer {
  private readonly lines: string[] = [];
  private depth = 0;
  line(text = ''): this {
    this.lines.push(text === '' ? '' : `${'  '.repeat(this.depth)}${text}`);
    return this;
  }
  open(text: string): this {
    this.line(text);
    this.depth += 1;
    return this;
  }
  close(text: string): this {
    this.depth -= 1;
    return this.line(text);
  }
  toString(): string {
    return `${this.lines.join('\n')}\n`;
  }
}

function isOneToOne(relation: Relation, columns: readonly string[]): boolean {
  const same = (key: readonly string[]): boolean => key.length === columns.length && key.every((c) => columns.includes(c));
  return (relation.primaryKey.length > 0 && same(relation.primaryKey)) || relation.uniqueKeys.some(same);
}

function columnsOf(relation: Relation): Column[] {
  return sortByName(relation.columns);
}

function writeRow(w: Writer, map: TypeMapper, columns: readonly Column[]): void {
  if (columns.length === 0) {
    w.line('Row: {}');
    return;
  }
  w.open('Row: {');
  for (const column of columns) w.line(`${key(column.name)}: ${map.ts(column)}${column.nullable ? ' | null' : ''}`);
  w.close('}');
}

function writeTable(w: Writer, map: TypeMapper, cache: SchemaCache, relation: Relation): void {
  const columns = columnsOf(relation);
  w.open(`${key(relation.name)}: {`);
  writeRow(w, map, columns);
  const isTable = relation.kind === 'table' || relation.kind === 'foreign_table';
  const writable = isTable || (relation.kind === 'view' && (relation.insertable || relation.updatable));
  if (writable) {
    for (const which of ['Insert', 'Update'] as const) {
      if (columns.length === 0) {
        w.line(`${which}: {}`);
        continue;
      }
      w.open(`${which}: {`);
      for (const column of columns) {
        const name = key(column.name);
        if (column.identity === 'always' || column.generated || (!isTable && !column.updatable)) {
          w.line(`${name}?: never`);
          continue;
        }
        const type = map.ts(column);
        if (!isTable) {
          w.line(`${name}?: ${type} | null`);
          continue;
        }
        const optional =
          which === 'Update' || column.nullable || column.identity !== null || column.default !== null;
        w.line(`${name}${optional ? '?' : ''}: ${type}${column.nullable ? ' | null' : ''}`);
      }
      w.close('}');
    }
  }
  const relationships = isTable
    ? cache.foreignKeys
        .filter((fk) => fk.schema === relation.schema && fk.table === relation.name && fk.refSchema === relation.schema)
        .sort(
          (a, b) =>
            a.name.localeCompare(b.name) ||
            a.refTable.localeCompare(b.refTable) ||
            JSON.stringify(a.refColumns).localeCompare(JSON.stringify(b.refColumns)),
        )
    : [];
  if (relationships.length === 0) w.line('Relationships: []');
  else {
    w.open('Relationships: [');
    for (const fk of relationships) {
      w.open('{');
      w.line(`foreignKeyName: ${q(fk.name)}`);
      w.line(`columns: [${fk.columns.map(q).join(', ')}]`);
      w.line(`isOneToOne: ${isOneToOne(relation, fk.columns)}`);
      w.line(`referencedRelation: ${q(fk.refTable)}`);
      w.line(`referencedColumns: [${fk.refColumns.map(q).join(', ')}]`);
      w.close('},');
    }
    w.close(']');
  }
  w.close('}');
}

function argsType(map: TypeMapper, fn: PgFunction): string {
  const inArgs = fn.args.filter((arg) => arg.mode === 'i');
  if (inArgs.length === 0) return 'Record<PropertyKey, never>';
  return `{ ${inArgs.map((arg: FunctionArg) => `${key(arg.name)}${arg.hasDefault ? '?' : ''}: ${map.ts(arg)}`).join('; ')} }`;
}

function writeFunction(w: Writer, map: TypeMapper, cache: SchemaCache, name: string, fns: PgFunction[]): void {
  const [first] = fns;
  if (!first) return;
  w.open(`${key(name)}: {`);
  const args = [...new Set(fns.map((fn) => argsType(map, fn)))];
  w.line(`Args: ${args.join(' | ')}`);
  const suffix = first.returnsSet ? '[]' : '';
  const tableArgs = first.args.filter((arg) => arg.mode === 't');
  const relation =
    first.returnRelation?.kind === 'relation' ? cache.relation(first.returnRelation.schema, first.returnRelation.name) : undefined;
  if (tableArgs.length > 0) {
    w.open('Returns: {');
    for (const arg of tableArgs) w.line(`${key(arg.name)}: ${map.ts(arg)}`);
    w.close(`}${suffix}`);
  } else if (relation) {
    w.open('Returns: {');
    for (const column of columnsOf(relation)) {
      w.line(`${key(column.name)}: ${map.ts(column)}${column.nullable ? ' | null' : ''}`);
    }
    w.close(`}${suffix}`);
  } else {
    w.line(`Returns: ${map.ts({ udt: first.returnUdt, typeSchema: first.returnTypeSchema })}${suffix}`);
  }
  w.close('}');
}

function never(w: Writer, key: string): void {
  w.open(`${key}: {`);
  w.line('[_ in never]: never');
  w.close('}');
}

const HELPERS = `type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never
`;

/** TypeScript source of the `Database` type (and helpers) for the cache's schemas. */
export function generateTypes(cache: SchemaCache): string {
  const map = new TypeMapper(cache);
  const w = new Writer();
  w.line('// Generated by `pnpm --filter @appforge/backend gen:types` from the migrated database.');
  w.line('// Do not edit by hand: change supabase/migrations and run the command again.');
  w.line();
  w.line('export type Json =');
  for (const part of ['string', 'number', 'boolean', 'null', '{ [key: string]: Json | undefined }', 'Json[]']) {
    w.line(`  | ${part}`);
  }
  w.line();
  w.open('export type Database = {');
  w.line('// Allows to automatically instantiate createClient with right options');
  w.line("// instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)");
  w.open('__InternalSupabase: {');
  w.line(`PostgrestVersion: ${q(POSTGREST_VERSION)}`);
  w.close('}');
  for (const schema of [...cache.schemas].sort((a, b) => a.localeCompare(b))) {
    const relations = [...cache.relations.values()].filter((r) => r.schema === schema);
    const tables = sortByName(relations.filter((r) => r.kind === 'table' || r.kind === 'foreign_table'));
    const views = sortByName(relations.filter((r) => r.kind === 'view' || r.kind === 'materialized_view'));
    const functions = [...cache.functions.values()]
      .flat()
      .filter((fn) => fn.schema === schema && !['trigger', 'event_trigger'].includes(fn.returnUdt))
      .filter((fn) => {
        const inArgs = fn.args.filter((arg) => arg.mode === 'i' || arg.mode === 'b' || arg.mode === 'v');
        return !inArgs.some((arg) => arg.name === '') || inArgs.length === 1;
      });
    const byName = new Map<string, PgFunction[]>();
    for (const fn of sortByName(functions)) byName.set(fn.name, [...(byName.get(fn.name) ?? []), fn]);
    const enums = sortByName(cache.enums.filter((e) => e.schema === schema));
    const composites = sortByName(cache.compositeTypes.filter((c) => c.schema === schema));

    w.open(`${key(schema)}: {`);
    if (tables.length === 0) never(w, 'Tables');
    else {
      w.open('Tables: {');
      for (const table of tables) writeTable(w, map, cache, table);
      w.close('}');
    }
    if (views.length === 0) never(w, 'Views');
    else {
      w.open('Views: {');
      for (const view of views) writeTable(w, map, cache, view);
      w.close('}');
    }
    if (byName.size === 0) never(w, 'Functions');
    else {
      w.open('Functions: {');
      for (const [name, fns] of byName) writeFunction(w, map, cache, name, fns);
      w.close('}');
    }
    if (enums.length === 0) never(w, 'Enums');
    else {
      w.open('Enums: {');
      for (const e of enums) w.line(`${key(e.name)}: ${e.values.map(q).join(' | ')}`);
      w.close('}');
    }
    if (composites.length === 0) never(w, 'CompositeTypes');
    else {
      w.open('CompositeTypes: {');
      for (const c of composites) {
        w.open(`${key(c.name)}: {`);
        for (const attribute of c.attributes) w.line(`${key(attribute.name)}: ${map.ts(attribute)} | null`);
        w.close('}');
      }
      w.close('}');
    }
    w.close('}');
  }
  w.close('}');
  w.line();
  let out = w.toString() + HELPERS;
  out += '\nexport const Constants = {\n';
  for (const schema of [...cache.schemas].sort((a, b) => a.localeCompare(b))) {
    const enums = sortByName(cache.enums.filter((e) => e.schema === schema));
    out += `  ${key(schema)}: {\n    Enums: {${enums.length === 0 ? '},\n' : '\n'}`;
    for (const e of enums) out += `      ${key(e.name)}: [${e.values.map(q).join(', ')}],\n`;
    if (enums.length > 0) out += '    },\n';
    out += '  },\n';
  }
  out += '} as const\n';
  return out;
}

/** <repo>/packages/sdk/src/database.types.ts, found by walking up to pnpm-workspace.yaml. */
export function defaultTypesPath(from: string = dirname(fileURLToPath(import.meta.url))): string {
  let dir = resolve(from);
  for (;;) {
    if (existsSync(join(dir, 'pnpm-workspace.yaml'))) return join(dir, 'packages', 'sdk', 'src', 'database.types.ts');
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No pnpm-workspace.yaml above ${from}`);
    dir = parent;
  }
}

/**
 * Types for a fresh database migrated exactly as the server migrates it (platform SQL, then
 * supabase/migrations), so the result depends only on the committed SQL.
 */
export async function generateTypesFromMigrations(schemas: readonly string[] = ['public']): Promise<string> {
  const [{ openPglite }, { applyMigrations }, { platformMigrationsDir, projectMigrationsDir }, { loadSchemaCache }] =
    await Promise.all([
      import('../db/pglite.js'),
      import('../db/migrate.js'),
      import('../db/locations.js'),
      import('./schema-cache.js'),
    ]);
  const db = await openPglite('memory://');
  try {
    await applyMigrations(db, [
      { name: 'platform', dir: platformMigrationsDir() },
      { name: 'project', dir: projectMigrationsDir() },
    ]);
    return generateTypes(await loadSchemaCache(db, schemas));
  } finally {
    await db.close();
  }
}
