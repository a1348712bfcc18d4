// Server functions that create, revoke and rotate a user's API keys. The key's value is in the
// creating response only; the table keeps its SHA-256 and its visible prefix.
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { issuesMessage, readSmallJsonBody } from '../apps.ts';
import { errorResponse, json, signedInUser } from '../http.ts';
import type { FunctionCaller, FunctionContext, FunctionHandler } from '../types.ts';
import { forgetApiKey } from './key-auth.ts';
import { generateApiKey } from './key-secret.ts';

/** Runs a minute a key may start when its creator sets no limit. */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 60;
/** Keys a user may hold at once (not revoked). */
export const MAX_ACTIVE_KEYS = 50;

const uuid = z.uuid({ message: 'must be a UUID' });

const createSchema = z.strictObject(
  {
    name: z.string({ message: 'name must be text' }).trim().min(1, { message: 'name cannot be empty' }).max(100, { message: 'name has at most 100 characters' }),
    app_ids: z
      .array(uuid, { message: 'app_ids must be a list of app ids or null' })
      .min(1, { message: 'app_ids names at least one app (null means all your apps)' })
      .max(200, { message: 'app_ids names at most 200 apps' })
      .nullable(),
    expires_at: z.iso.datetime({ offset: true, message: 'expires_at must be an ISO date and time' }).nullable(),
    rate_limit_per_minute: z
      .number({ message: 'rate_limit_per_minute must be a number' })
      .int({ message: 'rate_limit_per_minute must be a whole number' })
      .min(1, { message: 'rate_limit_per_minute is at least 1' })
      .max(1000, { message: 'rate_limit_per_minute is at most 1000' })
      .optional(),
  }
);

const idSchema = z.strictObject({ id: uuid });

const rotateSchema = z.strictObject(
  {
    id: uuid,
    grace_period_minutes: z
      .number({ message: 'grace_period_minutes must be a number' })
      .int({ message: 'grace_period_minutes must be a whole number' })
      .min(0, { message: 'grace_period_minutes is at least 0' })
      .max(7 * 24 * 60, { message: 'grace_period_minutes is at most 7 days' }),
  }
);

interface KeyRow {
  id: string;
  owner_id: string;
  name: string;
  prefix: string;
  app_ids: string[] | null;
  expires_at: string | null;
  revoked_at: string | null;
  rate_limit_per_minute: number;
}

const KEY_COLUMNS = 'id, owner_id, name, prefix, app_ids, expires_at, revoked_at, rate_limit_per_minute';

type Parsed<T> = { ok: true; caller: FunctionCaller & { id: string }; body: T } | { ok: false; response: Response };

async function parseRequest<T>(req: Request, ctx: FunctionContext, schema: z.ZodType<T>, action: string): Promise<Parsed<T>> {
  if (req.method !== 'POST') return { ok: false, response: errorResponse(405, 'method_not_allowed', 'Use POST') };
  const caller = signedInUser(ctx);
  if (!caller) return { ok: false, response: errorResponse(401, 'not_authenticated', `Sign in to ${action}`) };
  const raw = await readSmallJsonBody(req);
  if (!raw.ok) return raw;
  const body = schema.safeParse(raw.value);
  if (!body.success) return { ok: false, response: errorResponse(400, 'invalid_body', issuesMessage(body.error.issues)) };
  return { ok: true, caller, body: body.data };
}

async function ownKey(supabase: SupabaseClient, ownerId: string, id: string): Promise<KeyRow | null> {
  const found = await supabase.from('ApiKey').select(KEY_COLUMNS).eq('id', id).eq('owner_id', ownerId).maybeSingle<KeyRow>();
  if (found.error) throw new Error(`Reading the key failed: ${found.error.message}`);
  return found.data;
}

/** Inserts a new key and answers 201 with its value (the only time it is ever sent). */
async function insertKey(
  supabase: SupabaseClient,
  ownerId: string,
  fields: Pick<KeyRow, 'name' | 'app_ids' | 'expires_at' | 'rate_limit_per_minute'>,
): Promise<{ row: KeyRow; key: string }> {
  const secret = await generateApiKey();
  const inserted = await supabase
    .from('ApiKey')
    .insert({ owner_id: ownerId, prefix: secret.prefix, key_hash: secret.hash, ...fields })
    .select(KEY_COLUMNS)
    .single<KeyRow>();
  if (inserted.error) throw new Error(`Saving the key failed: ${inserted.error.message}`);
  return { row: inserted.data, key: secret.key };
}

function createdBody(row: KeyRow, key: string): Record<string, unknown> {
  return {
    id: row.id,
    key,
    prefix: row.prefix,
    name: row.name,
    app_ids: row.app_ids,
    expires_at: row.expires_at,
    rate_limit_per_minute: row.rate_limit_per_minute,
  };
}

async function activeKeyCount(supabase: SupabaseClient, ownerId: string): Promise<number> {
  const counted = await supabase.from('ApiKey').select('id', { count: 'exact', head: true }).eq('owner_id', ownerId).is('revoked_at', null);
  if (counted.error) throw new Error(`Counting the keys failed: ${counted.error.message}`);
  return counted.count ?? 0;
}

/**
 * POST /functions/v1/create-api-key `{name, app_ids: uuid[] | null, expires_at: ISO | null,
 * rate_limit_per_minute?}` → 201 `{id, key, prefix, name, app_ids, expires_at, rate_limit_per_minute}`.
 * Every app id must be one of the caller's apps; an expiry must lie in the future.
 */
export const createApiKey: FunctionHandler = async (req, ctx) => {
  const parsed = await parseRequest(req, ctx, createSchema, 'create an API key');
  if (!parsed.ok) return parsed.response;
  const { caller, body } = parsed;
  if (body.expires_at !== null && Date.parse(body.expires_at) <= Date.now()) {
    return errorResponse(400, 'invalid_body', 'expires_at: must lie in the future');
  }
  const appIds = body.app_ids === null ? null : [...new Set(body.app_ids.map((id) => id.toLowerCase()))];
  if (appIds !== null) {
    const owned = await ctx.supabase.from('App').select('id').eq('owner_id', caller.id).in('id', appIds);
    if (owned.error) throw new Error(`Reading the apps failed: ${owned.error.message}`);
    const mine = new Set((owned.data as { id: string }[]).map((row) => row.id));
    const foreign = appIds.filter((id) => !mine.has(id));
    if (foreign.length > 0) {
      return errorResponse(400, 'invalid_app_ids', `Not one of your apps: ${foreign.join(', ')}`);
    }
  }
  if ((await activeKeyCount(ctx.supabase, caller.id)) >= MAX_ACTIVE_KEYS) {
    return errorResponse(409, 'too_many_keys', `You can hold at most ${MAX_ACTIVE_KEYS} keys; revoke one first`);
  }
  const { row, key } = await insertKey(ctx.supabase, caller.id, {
    name: body.name,
    app_ids: appIds,
    expires_at: body.expires_at === null ? null : new Date(body.expires_at).toISOString(),
    rate_limit_per_minute: body.rate_limit_per_minute ?? DEFAULT_RATE_LIMIT_PER_MINUTE,
  });
  ctx.log.info({ api_key_id: row.id, prefix: row.prefix }, 'api key created');
  return json(201, createdBody(row, key));
};

/** POST /functions/v1/revoke-api-key `{id}` → 200 `{id, revoked_at}` (revoking twice keeps the first time). */
export const revokeApiKey: FunctionHandler = async (req, ctx) => {
  const parsed = await parseRequest(req, ctx, idSchema, 'revoke an API key');
  if (!parsed.ok) return parsed.response;
  const key = await ownKey(ctx.supabase, parsed.caller.id, parsed.body.id);
  if (!key) return errorResponse(404, 'key_not_found', 'You have no such key');
  if (key.revoked_at !== null) return json(200, { id: key.id, revoked_at: key.revoked_at });
  const updated = await ctx.supabase
    .from('ApiKey')
    .update({ revoked_at: new Date().toISOString() })
    .eq('id', key.id)
    .is('revoked_at', null)
    .select('id, revoked_at')
    .single<{ id: string; revoked_at: string }>();
  if (updated.error) throw new Error(`Revoking the key failed: ${updated.error.message}`);
  forgetApiKey(key.id);
  ctx.log.info({ api_key_id: key.id }, 'api key revoked');
  return json(200, updated.data);
};

/**
 * POST /functions/v1/rotate-api-key `{id, grace_period_minutes}` → 201 like create-api-key, plus
 * `replaces: {id, expires_at}`: a new key with the same name, scope, expiry and limit; the old one
 * keeps working for the grace period (0 = stops now).
 */
export const rotateApiKey: FunctionHandler = async (req, ctx) => {
  const parsed = await parseRequest(req, ctx, rotateSchema, 'rotate an API key');
  if (!parsed.ok) return parsed.response;
  const old = await ownKey(ctx.supabase, parsed.caller.id, parsed.body.id);
  if (!old) return errorResponse(404, 'key_not_found', 'You have no such key');
  const now = Date.now();
  if (old.revoked_at !== null || (old.expires_at !== null && Date.parse(old.expires_at) <= now)) {
    return errorResponse(409, 'key_inactive', 'This key is revoked or expired; create a new one');
  }
  const { row, key } = await insertKey(ctx.supabase, parsed.caller.id, {
    name: old.name,
    app_ids: old.app_ids,
    expires_at: old.expires_at,
    rate_limit_per_minute: old.rate_limit_per_minute,
  });
  const graceEnd = now + parsed.body.grace_period_minutes * 60_000;
  const oldExpiry = new Date(old.expires_at === null ? graceEnd : Math.min(graceEnd, Date.parse(old.expires_at))).toISOString();
  const updated = await ctx.supabase.from('ApiKey').update({ expires_at: oldExpiry, replaced_by: row.id }).eq('id', old.id);
  if (updated.error) throw new Error(`Retiring the old key failed: ${updated.error.message}`);
  forgetApiKey(old.id);
  ctx.log.info({ api_key_id: row.id, replaces: old.id }, 'api key rotated');
  return json(201, { ...createdBody(row, key), replaces: { id: old.id, expires_at: oldExpiry } });
};
