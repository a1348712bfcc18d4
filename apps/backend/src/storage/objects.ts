import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { Hono } from 'hono';
import { z } from 'zod';
import type { Queryable } from '../db/database.js';
import type { Caller } from '../http/caller.js';
import type { AppEnv, BackendDeps } from '../http/types.js';
import { storageErrors } from './errors.js';
import { Rollback, asCaller, errorResponse, ownerOf, readJson, requireCaller } from './http.js';
import type { StorageContext } from './http.js';
import { stageUpload } from './ingest.js';
import type { StagedUpload } from './ingest.js';
import { assertBucketName, normaliseListPrefix, normaliseObjectKey } from './keys.js';
import { baseMimeType, contentMismatch, effectiveContentType, isActiveContentType, isMimeTypeAllowed } from './mime.js';
import type { ByteRange, ObjectLocation, ObjectStore } from './object-store.js';
import { signTransformSchema, transformationsString } from './image-transform.js';
import { sniffContentType } from './sniff.js';
import type { UrlSigner } from './signing.js';

export interface ObjectRouteOptions {
  store: ObjectStore;
  signer: UrlSigner;
  stagingDir: string;
  /** Largest object any bucket accepts, in bytes. */
  globalLimit: number;
}

interface BucketRow {
  id: string;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
}

interface ObjectRow {
  id: string;
  name: string;
  bucket_id: string;
  version: string | null;
  metadata: Record<string, unknown> | null;
  user_metadata: Record<string, unknown> | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const OBJECT_COLUMNS = 'id, name, bucket_id, version, metadata, user_metadata, created_at, updated_at';
const FULL_COLUMNS = `id, name, bucket_id, owner, owner_id, version, metadata, user_metadata,
  created_at, updated_at, last_accessed_at`;

// The rest of the path, whatever it holds (a newline too), so that a bad key is refused by the
// key check with InvalidKey rather than falling through to "no such route".
const KEY = ':path{[\\s\\S]+}';

/** Sent with active content (HTML, SVG, XML): nothing loads, no script runs, no form posts. */
const ACTIVE_CONTENT_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

const SIGNED_UPLOAD_EXPIRY_SECONDS = 2 * 60 * 60;
const NOT_ACCESSIBLE = 'Either the object does not exist or you do not have access to it';

const listSchema = z.object({
  prefix: z.string().max(1024).default(''),
  limit: z.number().int().min(1).optional(),
  offset: z.number().int().min(0).optional(),
  sortBy: z
    .object({
      column: z.enum(['name', 'updated_at', 'created_at', 'last_accessed_at']).default('name'),
      order: z
        .string()
        .transform((order) => order.toLowerCase())
        .pipe(z.enum(['asc', 'desc']))
        .default('asc'),
    })
    .optional(),
  search: z.string().max(1024).optional(),
});

const transferSchema = z.object({
  bucketId: z.string(),
  sourceKey: z.string(),
  destinationKey: z.string(),
  destinationBucket: z.string().nullish(),
  copyMetadata: z.boolean().optional(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});

const removeSchema = z.object({ prefixes: z.array(z.string()).min(1).max(1000) });
const expiresInSchema = z.number().int().min(1).max(10 * 365 * 24 * 3600);
const signSchema = z.object({ expiresIn: expiresInSchema, transform: signTransformSchema.nullish() });
const signManySchema = z.object({ expiresIn: expiresInSchema, paths: z.array(z.string()).min(1).max(1000) });

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function location(bucket: string, version: string): ObjectLocation {
  return { bucket, version };
}

function iso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : value;
}

/** `<bucket>/<key>` from the route: a safe bucket name and a normalised key, or 400. */
function target(c: StorageContext): { bucket: string; key: string } {
  const bucket = assertBucketName(c.req.param('bucket'));
  const key = normaliseObjectKey(c.req.param('path') ?? '');
  return { bucket, key };
}

function isUpsert(c: StorageContext): boolean {
  return c.req.header('x-upsert')?.toLowerCase() === 'true';
}

/** A range header for one span of bytes, or 'invalid'; undefined when absent. */
function parseRange(header: string | undefined, size: number): ByteRange | 'invalid' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'invalid';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'invalid';
  return { start, end };
}

function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function registerObjectRoutes(app: Hono<AppEnv>, deps: BackendDeps, options: ObjectRouteOptions): void {
  const { store, signer } = options;

  /** Buckets are looked up with the server's own rights, as Storage does for object routes. */
  async function findBucket(id: string): Promise<BucketRow> {
    const result = await deps.db.query<BucketRow>(
      `select id, public, file_size_limit::float8 as file_size_limit, allowed_mime_types
       from storage.buckets where id = $1`,
      [id],
    );
    const bucket = result.rows[0];
    if (!bucket) throw storageErrors.noSuchBucket();
    return bucket;
  }

  async function currentVersion(bucket: string, key: string): Promise<string | null> {
    const result = await deps.db.query<{ version: string | null }>(
      'select version from storage.objects where bucket_id = $1 and name = $2',
      [bucket, key],
    );
    return result.rows[0]?.version ?? null;
  }

  async function findObjectAsCaller(c: StorageContext, caller: Caller, bucket: string, key: string): Promise<ObjectRow> {
    const row = await asCaller(deps, c, caller, true, async (tx) =>
      (
        await tx.query<ObjectRow>(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`, [
          bucket,
          key,
        ])
      ).rows[0],
    );
    if (!row) throw storageErrors.noSuchKey();
    return row;
  }

  async function findObjectAsServer(bucket: string, key: string): Promise<ObjectRow> {
    const result = await deps.db.query<ObjectRow>(
      `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
      [bucket, key],
    );
    const row = result.rows[0];
    if (!row) throw storageErrors.noSuchKey();
    return row;
  }

  /** Writes (or, with upsert, replaces) the row; RLS on storage.objects applies when tx is the caller's. */
  function writeRow(
    tx: Queryable,
    values: {
      bucket: string;
      key: string;
      owner: string | null;
      ownerId: string | null;
      metadata: Record<string, unknown>;
      userMetadata: Record<string, unknown> | null;
      version: string;
      upsert: boolean;
    },
  ): Promise<{ rows: { id: string; old_version: string | null }[] }> {
    const params = [
      values.bucket,
      values.key,
      values.owner,
      values.ownerId,
      JSON.stringify(values.metadata),
      values.userMetadata === null ? null : JSON.stringify(values.userMetadata),
      values.version,
    ];
    if (!values.upsert) {
      return tx.query(
        `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
         values ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7)
         returning id, null::text as old_version`,
        params,
      );
    }
    return tx.query(
      `with previous as (select version from storage.objects where bucket_id = $1 and name = $2)
       insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
       values ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7)
       on conflict (bucket_id, name) do update set
         owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
         user_metadata = excluded.user_metadata, version = excluded.version,
         updated_at = now(), last_accessed_at = now()
       returning id, (select version from previous) as old_version`,
      params,
    );
  }

  interface UploadPlan {
    bucket: string;
    key: string;
    upsert: boolean;
    owner: string | null;
    ownerId: string | null;
    /** Runs fn in the transaction that decides whether the write is allowed. */
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) => Promise<T>;
  }

  /**
   * The upload pipeline: probe the write (RLS, duplicate) before reading a byte, stream the body
   * to a staging file under the size limit, check the content type, then write the row and hand
   * the bytes to the store in one transaction. On any failure nothing is left behind.
   */
  async function upload(c: StorageContext, plan: UploadPlan): Promise<{ id: string }> {
    const bucket = await findBucket(plan.bucket);
    const probeMetadata = { size: 0 };
    await plan
      .transaction(async (tx) => {
        await writeRow(tx, { ...plan, metadata: probeMetadata, userMetadata: null, version: randomUUID() });
        throw new Rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });

    const limit = Math.min(bucket.file_size_limit ?? options.globalLimit, options.globalLimit);
    const staged = await stageUpload(c.req.raw, { stagingDir: options.stagingDir, maxBytes: limit });
    let stored: ObjectLocation | undefined;
    try {
      const contentType = checkContentType(staged, bucket);
      const version = randomUUID();
      const previous = plan.upsert ? await currentVersion(plan.bucket, plan.key) : null;
      const metadata = {
        eTag: `"${staged.md5}"`,
        size: staged.size,
        mimetype: contentType,
        cacheControl: staged.cacheControl,
        lastModified: new Date().toISOString(),
        contentLength: staged.size,
        httpStatusCode: 200,
      };
      const row = await plan.transaction(async (tx) => {
        const written = await writeRow(tx, { ...plan, metadata, userMetadata: staged.userMetadata, version });
        const first = written.rows[0];
        if (!first) throw storageErrors.accessDenied();
        stored = location(plan.bucket, version);
        await store.put(stored, staged);
        return first;
      });
      const replaced = new Set([previous, row.old_version].filter((v): v is string => !!v && v !== version));
      await Promise.all([...replaced].map((old) => store.delete(location(plan.bucket, old))));
      return { id: row.id };
    } catch (error) {
      await rm(staged.path, { force: true });
      if (stored) await store.delete(stored).catch(() => undefined);
      throw error;
    }
  }

  /**
   * The type to store, or 415: the declared type (or, for the client's default, what the bytes
   * clearly are) must pass the bucket's allow-list and agree with the content.
   */
  function checkContentType(staged: StagedUpload, bucket: BucketRow): string {
    const declared = staged.contentType;
    if (!baseMimeType(declared) || !/^[\x20-\x7e]{1,255}$/.test(declared)) {
      throw storageErrors.invalidMimeType(`mime type ${declared} is not supported`);
    }
    const sniffed = sniffContentType(staged.head, staged.head.length === staged.size);
    const stored = effectiveContentType(declared, sniffed);
    const base = baseMimeType(stored) ?? 'application/octet-stream';
    if (!isMimeTypeAllowed(base, bucket.allowed_mime_types)) {
      throw storageErrors.invalidMimeType(`mime type ${base} is not supported`);
    }
    const mismatch = contentMismatch(base, sniffed);
    if (mismatch) throw storageErrors.invalidMimeType(mismatch);
    return stored;
  }

  function callerPlan(c: StorageContext, caller: Caller, bucket: string, key: string, upsert: boolean): UploadPlan {
    return {
      bucket,
      key,
      upsert,
      ...ownerOf(caller),
      transaction: (fn) => asCaller(deps, c, caller, false, fn),
    };
  }

  /** Streams an object with the headers Storage sends; HEAD gets the headers only. */
  async function sendObject(c: StorageContext, row: ObjectRow, download: string | undefined): Promise<Response> {
    const metadata = row.metadata ?? {};
    const mimetype = typeof metadata.mimetype === 'string' ? metadata.mimetype : 'application/octet-stream';
    const etag = typeof metadata.eTag === 'string' ? metadata.eTag : undefined;
    const headers = new Headers({
      'content-type': mimetype,
      'cache-control': typeof metadata.cacheControl === 'string' ? metadata.cacheControl : 'no-cache',
      'last-modified': new Date(iso(row.updated_at)).toUTCString(),
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
    });
    if (etag) headers.set('etag', etag);
    const fileName = row.name.split('/').pop() ?? row.name;
    if (isActiveContentType(baseMimeType(mimetype))) {
      // Markup served from the API origin must never render there: a download, inert if opened.
      headers.set('content-security-policy', ACTIVE_CONTENT_CSP);
      headers.set('content-disposition', contentDisposition(download || fileName));
    } else if (download !== undefined) {
      headers.set('content-disposition', contentDisposition(download || fileName));
    }
    if (!row.version) throw storageErrors.noSuchKey();
    const where = location(row.bucket_id, row.version);
    if (etag && c.req.header('if-none-match') === etag) {
      return new Response(null, { status: 304, headers });
    }
    const object = await store.get(where);
    if (!object) throw storageErrors.noSuchKey();
    const range = parseRange(c.req.header('range'), object.size);
    if (range === 'invalid' || c.req.method === 'HEAD') await object.close();
    if (range === 'invalid') {
      headers.set('content-range', `bytes */${object.size}`);
      return new Response(null, { status: 416, headers });
    }
    const length = range ? range.end - range.start + 1 : object.size;
    headers.set('content-length', String(length));
    if (range) headers.set('content-range', `bytes ${range.start}-${range.end}/${object.size}`);
    const status = range ? 206 : 200;
    if (c.req.method === 'HEAD') return new Response(null, { status, headers });
    return new Response(Readable.toWeb(object.read(range)) as ReadableStream<Uint8Array>, { status, headers });
  }

  function objectInfo(row: ObjectRow): Record<string, unknown> {
    const metadata = row.metadata ?? {};
    return {
      id: row.id,
      name: row.name,
      version: row.version,
      bucket_id: row.bucket_id,
      size: metadata.size ?? null,
      content_type: metadata.mimetype ?? null,
      cache_control: metadata.cacheControl ?? null,
      etag: metadata.eTag ?? null,
      metadata: row.user_metadata ?? {},
      last_modified: iso(row.updated_at),
      created_at: iso(row.created_at),
    };
  }

  const downloadParam = (c: StorageContext): string | undefined => c.req.query('download');

  // ---- routes with a fixed word after /object come first: they would also match /object/:bucket/* ----

  app.post('/object/list/:bucket', async (c) => {
    try {
      const caller = await requireCaller(deps, c);
      const bucket = assertBucketName(c.req.param('bucket'));
      const body = await readJson(c, listSchema);
      const normalised = normaliseListPrefix(body.prefix);
      const prefix = normalised === '' ? '' : `${normalised}/`;
      const search = body.search ?? '';
      // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
      if (/[\\\u0000-\u001f]/.test(search)) throw storageErrors.invalidKey(search);
      const limit = Math.min(body.limit ?? 100, 1500);
      const sortBy = body.sortBy ?? { column: 'name' as const, order: 'asc' as const };
      const order = sortBy.order === 'desc' ? 'desc' : 'asc';
      const orderBy =
        sortBy.column === 'name'
          ? `lower(name) collate "C" ${order}, name collate "C" ${order}`
          : `is_folder desc, case when is_folder then lower(name) end collate "C" ${order}, ${sortBy.column} ${order}, name collate "C"`;
      const rows = await asCaller(deps, c, caller, true, async (tx) =>
        (
          await tx.query(
            `with matched as (
               select o.name, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata,
                      strpos(substr(o.name, char_length($3::text) + 1), '/') as slash
               from storage.objects o
               where o.bucket_id = $1 and o.name ilike $2 escape '\\'
             ), entries as (
               select substr(left(m.name, char_length($3::text) + m.slash - 1), char_length($4::text) + 1) as name,
                      null::uuid as id, null::timestamptz as updated_at, null::timestamptz as created_at,
                      null::timestamptz as last_accessed_at, null::jsonb as metadata, true as is_folder
               from matched m where m.slash > 0
               group by 1
               union all
               select substr(m.name, char_length($4::text) + 1), m.id, m.updated_at, m.created_at,
                      m.last_accessed_at, m.metadata, false
               from matched m where m.slash = 0
             )
             select name, id, updated_at, created_at, last_accessed_at, metadata from entries
             order by ${orderBy}
             limit $5 offset $6`,
            [bucket, `${escapeLike(prefix + search)}%`, prefix + search, prefix, limit, body.offset ?? 0],
          )
        ).rows,
      );
      return c.json(rows);
    } catch (error) {
      return errorResponse(deps, c, error);
    }
  });

  app.post('/object/move', async (c) => {
    try {
      const caller = await requireCaller(deps, c);
      const body = await readJson(c, transferSchema);
      const from = { bucket: assertBucketName(body.bucketId), key: normaliseObjectKey(body.sourceKey) };
      const to = {
        bucket: assertBucketName(body.destinationBucket ?? body.bucketId),
        key: normaliseObjectKey(body.destinationKey),
      };
      if (to.bucket !== from.bucket) await findBucket(to.bucket);
      let moved: { from: ObjectLocation; to: ObjectLocation } | undefined;
      try {
        await asCaller(deps, c, caller, false, async (tx) => {
          const updated = await tx.query<{ version: string | null }>(
            `update storage.objects set bucket_id = $3, name = $4, updated_at = now(), last_accessed_at = now()
             where bucket_id = $1 and name = $2 returning version`,
            [from.bucket, from.key, to.bucket, to.key],
          );
          const row = updated.rows[0];
          if (!row) throw storageErrors.noSuchKey();
          if (row.version && to.bucket !== from.bucket) {
            moved = { from: location(from.bucket, row.version), to: location(to.bucket, row.version) };
            await store.move(moved.from, moved.to);
          }
        });
      } catch (error) {
        if (moved) await store.move(moved.to, moved.from).catch(() => undefined);
        throw error;
      }
      return c.json({ message: 'Successfully moved' });
    } catch (error) {
      return errorResponse(deps, c, error);
    }
  });

  app.post('/object/copy', async (c) => {
    try {
      const caller = await requireCaller(deps, c);
      const body = await readJson(c, transferSchema);
      const from = { bucket: assertBucketName(body.bucketId), key: normaliseObjectKey(body.sourceKey) };
      const to = {
        bucket: assertBucketName(body.destinationBucket ?? body.bucketId),
        key: normaliseObjectKey(body.destinationKey),
      };
      if (to.bucket !== from.bucket) await findBucket(to.bucket);
      const upsert = isUpsert(c);
      const { owner, ownerId } = ownerOf(caller);
      const version = randomUUID();
      const previous = upsert ? await currentVersion(to.bucket, to.key) : null;
      let copied: ObjectLocation | undefined;
      let id: string;
      try {
        id = await asCaller(deps, c, caller, false, async (tx) => {
          const source = (
            await tx.query<ObjectRow>(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`, [
              from.bucket,
              from.key,
            ])
          ).rows[0];
          if (!source?.version) throw storageErrors.noSuchKey();
          const metadata = { ...(source.metadata ?? {}), lastModified: new Date().toISOString() };
          const userMetadata = body.copyMetadata === false ? (body.metadata ?? null) : source.user_metadata;
          const written = await writeRow(tx, {
            bucket: to.bucket,
            key: to.key,
            owner,
            ownerId,
            metadata,
            userMetadata,
            version,
            upsert,
          });
          const row = written.rows[0];
          if (!row) throw storageErrors.accessDenied();
          copied = location(to.bucket, version);
          await store.copy(location(from.bucket, source.version), copied);
          return row.id;
        });
      } catch (error) {
        if (copied) await store.delete(copied).catch(() => undefined);
        throw error;
      }
      if (previous && previous !== version) await store.delete(location(to.bucket, previous));
      return c.json({ Id: id, Key: `${to.bucket}/${to.key}` });
    } catch (error) {
      return errorResponse(deps, c, error);
    }
  });

  // Signed download URLs.
  app.post(`/object/sign/:bucket/${KEY}`, async (c) => {
    try {
      const caller = await requireCaller(deps, c);
      const { bucket, key } = target(c);
      const { expiresIn, transform } = await readJson(c, signSchema);
      await findObjectAsCaller(c, caller, bucket, key);
      // With `transform`, the link is to the rendered image and its token fixes the options.
      const transformations = transform && Object.keys(transform).length > 0 ? transformationsString(transform) : undefined;
      const token = await signer.sign({ url: `${bucket}/${key}`, transformations }, expiresIn);
      const route = transformations === undefined ? 'object' : 'render/image';
      return c.json({ signedURL: `/${route}/sign/${bucket}/${key}?token=${token}` });
    } catch (error) {
      return errorResponse(deps, c, error);
    }
  });

  app.post('/object/sign/:bucket', async (c) => {
    try {
      const caller = await requireCaller(deps, c);
      const bucket = assertBucketName(c.req.param('bucket'));
      const { expiresIn, paths } = await readJson(c, signManySchema);
      const keys = paths.map((path) => {
        try {
          return normaliseObjectKey(path);
        } catch {
          return undefined;
        }
      });
      const visible = await asCaller(deps, c, caller, true, async (tx) => {
        const found = await tx.query<{ name: string }>(
          'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
          [bucket, keys.filter((key): key is string => key !== undefined)],
        );
        return new Set(found.rows.map((row) => row.name));
      });
      const results = await Promise.all(
        paths.map(async (path, index) => {
          const key = keys[index];
          if (key === undefined || !visible.has(key)) return { error: NOT_ACCESSIBLE, path, signedURL: null };
          const token = await signer.sign({ url: `${bucket}/${key}` }, expiresIn);
          return { error: null, path, signedURL: `/object/sign/${bucket}/${key}?token=${token}` };
        }),
      );
      return c.json(results);
    } catch (error) {
      return errorResponse(deps, c, error);
    }
  });

  app.get(`/object/sign/:bucket/${KEY}`, async (c) => {
    try {
      const { bucket, key } = target(c);
      await signer.verify(c.req.query('token'), `${bucket}/${key}`, 'download');
      return await sendObject(c, await findObjectAsServer(bucket, key), downloadParam(c));
    } catch (error) {
      return errorResponse(deps, c, error);
    }
  });

  // Signed upload URLs: made by someone allowed to write there, usable by anyone holding the token.
  app.post(`/object/upload/sign/:bucket/${KEY}`, async (c) => {
    try {
      const caller = await requireCaller(deps, c);
      const { bucket, key } = target(c);
      await findBucket(bucket);
      const upsert = isUpsert(c);
      const plan = callerPlan(c, caller, bucket, key, upsert);
      await plan
        .transaction(async (tx) => {
          await writeRow(tx, { ...plan, metadata: { size: 0 }, userMetadata: null, version: randomUUID() });
          throw new Rollback();
        })
        .catch((error: unknown) => {
          if (!(error instanceof Rollback)) throw error;
        });
      const token = await signer.sign(
        { url: `${bucket}/${key}`, owner: plan.ownerId ?? undefined, upsert, scope: 'upload' },
        SIGNED_UPLOAD_EXPIRY_SECONDS,
      );
      return c.json({ url: `/object/upload/sign/${bucket}/${key}?token=${token}`, token });
    } catch (error) {
      return errorResponse(deps, c, error);
    }
  });

  app.put(`/object/upload/sign/:bucket/${KEY}`, async (c) => {
    try {
      const { bucket, key } = target(c);
      const claims = await signer.verify(c.req.query('token'), `${bucket}/${key}`, 'upload');
      const ownerId = claims.owner ?? null;
      const result = await upload(c, {
        bucket,
        key,
        upsert: claims.upsert === true,
        owner: ownerId && /^[0-9a-f-]{36}$/i.test(ownerId) ? ownerId : null,
        ownerId,
        transaction: (fn) => deps.db.transaction(fn),
      });
      return c.json({ Key: `${bucket}/${key}`, Id: result.id });
    } catch (error) {
      return errorResponse(deps, c, error);
    }
  });

  // Object info (JSON) for the caller, for public buckets, and the authenticated alias.
  const info = async (c: StorageContext, mode: 'caller' | 'public'): Promise<Response> => {
    try {
      const { bucket, key } = target(c);
      let row: ObjectRow;
      if (mode === 'public') {
        const found = await findBucket(bucket);
        if (!found.public) throw storageErrors.noSuchBucket();
        row = await findObjectAsServer(bucket, key);
      } else {
        row = await findObjectAsCaller(c, await requireCaller(deps, c), bucket, key);
      }
      return c.json(objectInfo(row));
    } catch (error) {
      return errorResponse(deps, c, error);
    }
  };
  app.get(`/object/info/public/:bucket/${KEY}`, (c) => info(c, 'public'));
  app.get(`/object/info/authenticated/:bucket/${KEY}`, (c) => info(c, 'caller'));
  app.get(`/object/info/:bucket/${KEY}`, (c) => info(c, 'caller'));

  // Public bucket downloads: no token needed, the bucket must be public.
  app.get(`/object/public/:bucket/${KEY}`, async (c) => {
    try {
      const { bucket, key } = target(c);
      const found = await findBucket(bucket);
      if (!found.public) throw storageErrors.noSuchBucket();
      return await sendObject(c, await findObjectAsServer(bucket, key), downloadParam(c));
    } catch (error) {
      return errorResponse(deps, c, error);
    }
  });

  const authenticatedDownload = async (c: StorageContext): Promise<Response> => {
    try {
      const caller = await requireCaller(deps, c);
      const { bucket, key } = target(c);
      return await sendObject(c, await findObjectAsCaller(c, caller, bucket, key), downloadParam(c));
    } catch (error) {
      return errorResponse(deps, c, error);
    }
  };
  app.get(`/object/authenticated/:bucket/${KEY}`, authenticatedDownload);

  // ---- /object/:bucket[/*] ----

  app.delete('/object/:bucket', async (c) => {
    try {
      const caller = await requireCaller(deps, c);
      const bucket = assertBucketName(c.req.param('bucket'));
      const { prefixes } = await readJson(c, removeSchema);
      const keys = prefixes.map((prefix) => normaliseObjectKey(prefix));
      const rows = await asCaller(deps, c, caller, false, async (tx) =>
        (
          await tx.query<ObjectRow>(
            `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${FULL_COLUMNS}`,
            [bucket, keys],
          )
        ).rows,
      );
      await Promise.all(
        rows.flatMap((row) => (row.version ? [store.delete(location(row.bucket_id, row.version))] : [])),
      );
      return c.json(rows);
    } catch (error) {
      return errorResponse(deps, c, error);
    }
  });

  app.get(`/object/:bucket/${KEY}`, authenticatedDownload);

  app.post(`/object/:bucket/${KEY}`, async (c) => {
    try {
      const caller = await requireCaller(deps, c);
      const { bucket, key } = target(c);
      const result = await upload(c, callerPlan(c, caller, bucket, key, isUpsert(c)));
      return c.json({ Id: result.id, Key: `${bucket}/${key}` });
    } catch (error) {
      return errorResponse(deps, c, error);
    }
  });

  app.put(`/object/:bucket/${KEY}`, async (c) => {
    try {
      const caller = await requireCaller(deps, c);
      const { bucket, key } = target(c);
      const result = await upload(c, callerPlan(c, caller, bucket, key, true));
      return c.json({ Id: result.id, Key: `${bucket}/${key}` });
    } catch (error) {
      return errorResponse(deps, c, error);
    }
  });

  app.delete(`/object/:bucket/${KEY}`, async (c) => {
    try {
      const caller = await requireCaller(deps, c);
      const { bucket, key } = target(c);
      const version = await asCaller(deps, c, caller, false, async (tx) => {
        const deleted = await tx.query<{ version: string | null }>(
          'delete from storage.objects where bucket_id = $1 and name = $2 returning version',
          [bucket, key],
        );
        const row = deleted.rows[0];
        if (!row) throw storageErrors.noSuchKey();
        return row.version;
      });
      if (version) await store.delete(location(bucket, version));
      return c.json({ message: 'Successfully deleted' });
    } catch (error) {
      return errorResponse(deps, c, error);
    }
  });
}
