import type { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv, BackendDeps } from '../http/types.js';
import { storageErrors } from './errors.js';
import { asCaller, errorResponse, readJson, requireCaller } from './http.js';
import { MAX_KEY_LENGTH, assertBucketName } from './keys.js';

/** Storage caps a list-v2 page at 1000 entries, which is also its default. */
const MAX_PAGE = 1000;

const listV2Schema = z.object({
  prefix: z.string().max(MAX_KEY_LENGTH).default(''),
  limit: z.number().int().min(1).optional(),
  cursor: z.string().max(4096).optional(),
  with_delimiter: z.boolean().optional(),
  sortBy: z
    .object({
      column: z.enum(['name', 'updated_at', 'created_at']),
      order: z.enum(['asc', 'desc']).optional(),
    })
    .optional(),
});

/** What a cursor carries: the last entry's sort value and key, and the listing it belongs to. */
const cursorSchema = z.object({
  k: z.string().max(MAX_KEY_LENGTH),
  v: z.string().max(64).optional(),
  l: z.string().max(MAX_KEY_LENGTH + 64),
});

interface EntryRow {
  key: string;
  id: string | null;
  updated_at: Date | string | null;
  created_at: Date | string | null;
  last_accessed_at: Date | string | null;
  metadata: Record<string, unknown> | null;
  sort_value: string | null;
}

const iso = (value: Date | string | null): string | null => (value instanceof Date ? value.toISOString() : value);

function encodeCursor(cursor: z.infer<typeof cursorSchema>): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

function decodeCursor(raw: string, listing: string): z.infer<typeof cursorSchema> {
  const invalid = storageErrors.invalidRequest('Invalid cursor');
  if (!/^[A-Za-z0-9_-]+$/.test(raw)) throw invalid;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalid;
  }
  const parsed = cursorSchema.safeParse(value);
  // A cursor from another listing (prefix, order, delimiter) would skip or repeat entries.
  if (!parsed.success || parsed.data.l !== listing) throw invalid;
  if (parsed.data.v !== undefined && Number.isNaN(Date.parse(parsed.data.v))) throw invalid;
  return parsed.data;
}

/**
 * `POST /object/list-v2/:bucket` (storage-js `listV2`): a cursor-paged listing under a plain
 * string prefix, flat or (`with_delimiter`) grouped into folders at the next `/`, as Supabase
 * Storage answers it: `{hasNext, nextCursor?, folders: [{name, key}], objects: [...]}`. Names are
 * full paths; a folder's key is its path without the trailing slash. Runs as the caller, so RLS decides what is seen.
 */
export function registerListV2Route(app: Hono<AppEnv>, deps: BackendDeps): void {
  app.post('/object/list-v2/:bucket', async (c) => {
    try {
      const caller = await requireCaller(deps, c);
      const bucket = assertBucketName(c.req.param('bucket'));
      const body = await readJson(c, listV2Schema);
      const prefix = body.prefix.normalize('NFC');
      // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
      if (/[\\\u0000-\u001f\u007f]/.test(prefix)) throw storageErrors.invalidKey(JSON.stringify(prefix).slice(1, -1));
      const delimited = body.with_delimiter === true;
      const column = body.sortBy?.column ?? 'name';
      const order = body.sortBy?.order ?? 'asc';
      if (delimited && column !== 'name') {
        throw storageErrors.invalidRequest('sortBy column must be name when with_delimiter is true');
      }
      const limit = Math.min(body.limit ?? MAX_PAGE, MAX_PAGE);
      const listing = `${delimited ? 'd' : 'f'}:${column}:${order}:${prefix}`;
      const cursor = body.cursor ? decodeCursor(body.cursor, listing) : undefined;
      if (cursor && column !== 'name' && cursor.v === undefined) throw storageErrors.invalidRequest('Invalid cursor');

      const after = order === 'asc' ? '>' : '<';
      const direction = order === 'asc' ? 'asc' : 'desc';
      const sql = delimited
        ? `with matched as (
             select o.id, o.name, o.metadata, o.updated_at, o.created_at, o.last_accessed_at,
                    strpos(substr(o.name, char_length($2::text) + 1), '/') as slash
             from storage.objects o
             where o.bucket_id = $1 and left(o.name, char_length($2::text)) = $2::text
           ), entries as (
             select left(m.name, char_length($2::text) + m.slash) as key, null::uuid as id,
                    null::timestamptz as updated_at, null::timestamptz as created_at,
                    null::timestamptz as last_accessed_at, null::jsonb as metadata
             from matched m where m.slash > 0 group by 1
             union all
             select m.name, m.id, m.updated_at, m.created_at, m.last_accessed_at, m.metadata
             from matched m where m.slash = 0
           )
           select key, id, updated_at, created_at, last_accessed_at, metadata, null::text as sort_value
           from entries
           where $3::text is null or key collate "C" ${after} $3::text collate "C"
           order by key collate "C" ${direction}
           limit $4`
        : column === 'name'
          ? `select o.name as key, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata,
                    null::text as sort_value
             from storage.objects o
             where o.bucket_id = $1 and left(o.name, char_length($2::text)) = $2::text
               and ($3::text is null or o.name collate "C" ${after} $3::text collate "C")
             order by o.name collate "C" ${direction}
             limit $4`
          : `select o.name as key, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata,
                    to_char(o.${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as sort_value
             from storage.objects o
             where o.bucket_id = $1 and left(o.name, char_length($2::text)) = $2::text
               and ($3::text is null
                    or (o.${column}, o.name collate "C") ${after} ($5::timestamptz, $3::text collate "C"))
             order by o.${column} ${direction}, o.name collate "C" ${direction}
             limit $4`;
      const params: unknown[] = [bucket, prefix, cursor?.k ?? null, limit + 1];
      if (!delimited && column !== 'name') params.push(cursor?.v ?? null);
      const rows = await asCaller(deps, c, caller, true, async (tx) => (await tx.query<EntryRow>(sql, params)).rows);

      const hasNext = rows.length > limit;
      const page = hasNext ? rows.slice(0, limit) : rows;
      // As Supabase Storage: names are full paths (a folder's ends in `/`), a folder's key has no trailing `/`.
      const folders = page.filter((row) => row.id === null).map((row) => ({ name: row.key, key: row.key.replace(/\/$/, '') }));
      const objects = page
        .filter((row) => row.id !== null)
        .map((row) => ({
          id: row.id,
          key: row.key,
          name: row.key,
          updated_at: iso(row.updated_at),
          created_at: iso(row.created_at),
          last_accessed_at: iso(row.last_accessed_at),
          metadata: row.metadata,
        }));
      const last = page.at(-1);
      const nextCursor =
        hasNext && last
          ? encodeCursor({ k: last.key, ...(last.sort_value ? { v: last.sort_value } : {}), l: listing })
          : undefined;
      return c.json({ hasNext, folders, objects, ...(nextCursor ? { nextCursor } : {}) });
    } catch (error) {
      return errorResponse(deps, c, error);
    }
  });
}
