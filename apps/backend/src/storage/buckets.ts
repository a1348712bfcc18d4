import type { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv, BackendDeps } from '../http/types.js';
import { StorageError, storageErrors } from './errors.js';
import { asCaller, errorResponse, ownerOf, readJson, requireCaller } from './http.js';
import { assertBucketName } from './keys.js';
import { parseAllowedMimeTypes, parseFileSizeLimit } from './mime.js';
import type { ObjectStore } from './object-store.js';

const BUCKET_COLUMNS = `id, name, owner, public, type, file_size_limit::float8 as file_size_limit,
  allowed_mime_types, created_at, updated_at`;
/** getBucket's columns: Supabase Storage lists `type` in listBuckets only. */
const GET_BUCKET_COLUMNS = `id, name, owner, public, file_size_limit::float8 as file_size_limit,
  allowed_mime_types, created_at, updated_at`;

const createBucketSchema = z.object({
  id: z.string().optional(),
  name: z.string().optional(),
  public: z.boolean().optional(),
  type: z.string().optional(),
  file_size_limit: z.union([z.number(), z.string()]).nullable().optional(),
  allowed_mime_types: z.array(z.string()).nullable().optional(),
});

const updateBucketSchema = z.object({
  public: z.boolean().optional(),
  file_size_limit: z.union([z.number(), z.string()]).nullable().optional(),
  allowed_mime_types: z.array(z.string()).nullable().optional(),
});

const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(10_000).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  search: z.string().max(200).optional(),
  sortColumn: z.enum(['id', 'name', 'created_at', 'updated_at']).default('name'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
});

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Bucket administration: as Supabase, every statement runs as the caller, so RLS on storage.buckets decides. */
export function registerBucketRoutes(
  app: Hono<AppEnv>,
  deps: BackendDeps,
  store: ObjectStore,
  globalLimit: number,
): void {
  const sizeLimit = (value: unknown): number | null => {
    const bytes = parseFileSizeLimit(value);
    if (bytes !== null && bytes > globalLimit) {
      throw new StorageError(
        413,
        'EntityTooLarge',
        `The bucket file size limit exceeded the maximum allowed size (${globalLimit} bytes)`,
        'Payload too large',
      );
    }
    return bytes;
  };

  app.get('/bucket', async (c) => {
    try {
      // Storage's listBuckets has no header schema: a missing token fails its JWT check.
      const caller = await requireCaller(deps, c, 'jwt-check');
      const parsed = listQuerySchema.safeParse(c.req.query());
      if (!parsed.success) throw storageErrors.invalidRequest('Invalid query parameters');
      const query = parsed.data;
      const rows = await asCaller(deps, c, caller, true, async (tx) =>
        (
          await tx.query(
            `select ${BUCKET_COLUMNS} from storage.buckets
             where $1::text is null or name ilike $1 escape '\\'
             order by ${query.sortColumn} ${query.sortOrder}, id
             limit $2 offset $3`,
            [
              query.search ? `%${escapeLike(query.search)}%` : null,
              query.limit ?? null,
              query.offset ?? 0,
            ],
          )
        ).rows,
      );
      return c.json(rows);
    } catch (error) {
      return errorResponse(deps, c, error);
    }
  });

  app.get('/bucket/:id', async (c) => {
    try {
      const caller = await requireCaller(deps, c);
      const id = c.req.param('id');
      const row = await asCaller(deps, c, caller, true, async (tx) =>
        (await tx.query(`select ${GET_BUCKET_COLUMNS} from storage.buckets where id = $1`, [id])).rows[0],
      );
      if (!row) throw storageErrors.noSuchBucket();
      return c.json(row);
    } catch (error) {
      return errorResponse(deps, c, error);
    }
  });

  app.post('/bucket', async (c) => {
    try {
      const caller = await requireCaller(deps, c);
      const body = await readJson(c, createBucketSchema);
      const name = assertBucketName(body.name ?? body.id);
      const id = assertBucketName(body.id ?? name);
      if (body.type !== undefined && body.type !== 'STANDARD') {
        throw storageErrors.invalidRequest(`Bucket type ${body.type} is not supported`);
      }
      const fileSizeLimit = sizeLimit(body.file_size_limit);
      const allowedMimeTypes = parseAllowedMimeTypes(body.allowed_mime_types);
      const { owner, ownerId } = ownerOf(caller);
      await asCaller(deps, c, caller, false, (tx) =>
        tx.query(
          `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
           values ($1, $2, $3, $4, $5, $6, $7)`,
          [id, name, owner, ownerId, body.public ?? false, fileSizeLimit, allowedMimeTypes],
        ),
      );
      return c.json({ name: id });
    } catch (error) {
      return errorResponse(deps, c, error, 'bucket');
    }
  });

  app.put('/bucket/:id', async (c) => {
    try {
      const caller = await requireCaller(deps, c);
      const id = c.req.param('id');
      const body = await readJson(c, updateBucketSchema);
      const hasLimit = body.file_size_limit !== undefined;
      const hasTypes = body.allowed_mime_types !== undefined;
      const fileSizeLimit = hasLimit ? sizeLimit(body.file_size_limit) : null;
      const allowedMimeTypes = hasTypes ? parseAllowedMimeTypes(body.allowed_mime_types) : null;
      const updated = await asCaller(deps, c, caller, false, (tx) =>
        tx.query(
          `update storage.buckets set
             public = coalesce($2, public),
             file_size_limit = case when $3 then $4::bigint else file_size_limit end,
             allowed_mime_types = case when $5 then $6::text[] else allowed_mime_types end,
             updated_at = now()
           where id = $1`,
          [id, body.public ?? null, hasLimit, fileSizeLimit, hasTypes, allowedMimeTypes],
        ),
      );
      if (updated.rowCount === 0) throw storageErrors.noSuchBucket();
      return c.json({ message: 'Successfully updated' });
    } catch (error) {
      return errorResponse(deps, c, error, 'bucket');
    }
  });

  app.post('/bucket/:id/empty', async (c) => {
    try {
      const caller = await requireCaller(deps, c);
      const id = c.req.param('id');
      const versions = await asCaller(deps, c, caller, false, async (tx) => {
        const bucket = await tx.query('select id from storage.buckets where id = $1', [id]);
        if (bucket.rows.length === 0) throw storageErrors.noSuchBucket();
        const deleted = await tx.query<{ version: string | null }>(
          'delete from storage.objects where bucket_id = $1 returning version',
          [id],
        );
        return deleted.rows.map((row) => row.version);
      });
      await Promise.all(
        versions.flatMap((version) => (version ? [store.delete({ bucket: id, version })] : [])),
      );
      // Supabase's words (it queues the deletion); here the objects are already gone.
      return c.json({ message: 'Empty bucket has been queued. Completion may take up to an hour.' });
    } catch (error) {
      return errorResponse(deps, c, error);
    }
  });

  app.delete('/bucket/:id', async (c) => {
    try {
      const caller = await requireCaller(deps, c);
      const id = c.req.param('id');
      const deleted = await asCaller(deps, c, caller, false, (tx) =>
        tx.query('delete from storage.buckets where id = $1', [id]),
      );
      if (deleted.rowCount === 0) throw storageErrors.noSuchBucket();
      return c.json({ message: 'Successfully deleted' });
    } catch (error) {
      return errorResponse(deps, c, error, 'bucket');
    }
  });
}
