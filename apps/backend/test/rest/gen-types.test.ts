// Schema types: the committed SDK file must match the migrations, and the generator's output must
// type-check with supabase-js the way `supabase gen types typescript` output does.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { platformMigrationsDir } from '../../src/db/locations.js';
import { applyMigrations } from '../../src/db/migrate.js';
import { openPglite } from '../../src/db/pglite.js';
import { defaultTypesPath, generateTypes, generateTypesFromMigrations } from '../../src/rest/gen-types.js';
import { loadSchemaCache } from '../../src/rest/schema-cache.js';
import { FIXTURE_SQL } from './rest-backend.js';

const run = promisify(execFile);
const backendDir = fileURLToPath(new URL('../..', import.meta.url));

describe('gen:types', () => {
  it('the committed packages/sdk/src/database.types.ts matches the migrations', async () => {
    const target = defaultTypesPath();
    let committed: string;
    try {
      committed = readFileSync(target, 'utf8');
    } catch {
      committed = '(missing)';
    }
    const generated = await generateTypesFromMigrations();
    expect(committed === generated, `${target} is out of date: run pnpm --filter @appforge/backend gen:types`).toBe(true);
  }, 120_000);

  describe('on the REST fixture schema', () => {
    let db: Database;
    let types: string;
    beforeAll(async () => {
      db = await openPglite('memory://');
      await applyMigrations(db, [{ name: 'platform', dir: platformMigrationsDir() }]);
      await db.exec(FIXTURE_SQL);
      await db.exec(`create type public.point2 as (x double precision, y double precision);
        create function public.make_point(x double precision, y double precision) returns public.point2
          language sql immutable as $$ select row(x, y)::public.point2 $$;`);
      types = generateTypes(await loadSchemaCache(db, ['public']));
    });
    afterAll(() => db.close());

    it('describes rows, inserts, updates and relationships as the Supabase CLI does', () => {
      expect(types).toContain('export type Database = {');
      expect(types).toContain(`      books: {
        Row: {
          author_id: number | null
          data: Json | null
          during: unknown | null
          editor_id: number | null
          id: number
          mood: Database["public"]["Enums"]["mood"] | null
          pages: number | null
          price: number | null
          published: string | null
          search: unknown | null
          tags: string[]
          title: string
        }
        Insert: {
          author_id?: number | null
          data?: Json | null
          during?: unknown | null
          editor_id?: number | null
          id?: number
          mood?: Database["public"]["Enums"]["mood"] | null
          pages?: number | null
          price?: number | null
          published?: string | null
          search?: never
          tags?: string[]
          title: string
        }`);
      expect(types).toContain(`          {
            foreignKeyName: "books_author_id_fkey"
            columns: ["author_id"]
            isOneToOne: false
            referencedRelation: "authors"
            referencedColumns: ["id"]
          },`);
      expect(types).toContain(`            foreignKeyName: "author_bios_author_id_fkey"
            columns: ["author_id"]
            isOneToOne: true`);
      expect(types).toContain('      mood: "happy" | "sad" | "neutral"');
      expect(types).toContain('      mood: ["happy", "sad", "neutral"],');
    });

    it('describes functions with their arguments and return shapes', () => {
      expect(types).toContain(`      add: {
        Args: { a: number; b: number }
        Returns: number
      }`);
      expect(types).toContain('        Args: { name?: string }');
      expect(types).toContain(`      author_stats: {
        Args: Record<PropertyKey, never>
        Returns: {
          author_id: number
          book_count: number
        }[]
      }`);
      expect(types).toContain('        Returns: number[]');
      expect(types).toContain('        Returns: undefined');
      expect(types).toContain('        Returns: Database["public"]["CompositeTypes"]["point2"]');
      expect(types).toContain(`      point2: {
        x: number | null
        y: number | null
      }`);
    });

    it('type-checks with supabase-js: typed rows, rejected unknown columns', async () => {
      const dir = join(backendDir, 'test-results', 'gen-types-check');
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'database.types.ts'), types);
      writeFileSync(
        join(dir, 'usage.ts'),
        `import { createClient } from '@supabase/supabase-js';
import type { Database, Tables, TablesInsert, Enums } from './database.types.js';

const sb = createClient<Database>('http://127.0.0.1:1', 'key');
export async function use(): Promise<void> {
  const { data } = await sb.from('books').select('id, title, authors!books_author_id_fkey(name)').eq('id', 1).single();
  if (data) {
    const id: number = data.id;
    const title: string = data.title;
    const author: string | undefined = data.authors?.name;
    void [id, title, author];
  }
  const row: Tables<'books'> | undefined = undefined;
  const insert: TablesInsert<'items'> = { sku: 'x' };
  const mood: Enums<'mood'> = 'happy';
  const sum = await sb.rpc('add', { a: 1, b: 2 });
  const n: number | null = sum.data;
  void [row, insert, mood, n];
  // @ts-expect-error: not a column of items
  const bad: TablesInsert<'items'> = { sku: 'x', nope: 1 };
  void bad;
}
`,
      );
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            noEmit: true,
            target: 'es2022',
            module: 'esnext',
            moduleResolution: 'bundler',
            skipLibCheck: true,
            types: [],
          },
          files: ['usage.ts'],
        }),
      );
      const tsc = join(backendDir, 'node_modules', '.bin', 'tsc');
      const result = await run(tsc, ['-p', join(dir, 'tsconfig.json')], { cwd: backendDir }).then(
        () => ({ ok: true, output: '' }),
        (error: { stdout?: string; stderr?: string }) => ({ ok: false, output: `${error.stdout ?? ''}${error.stderr ?? ''}` }),
      );
      expect(result.output).toBe('');
      expect(result.ok).toBe(true);
    }, 60_000);
  });
});
