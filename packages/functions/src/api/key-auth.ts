// Who is calling the public API: the key in `Authorization: Bearer <key>`, looked up by its hash.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { FunctionLogger } from '../types.ts';
import { API_KEY_PATTERN, sha256Hex } from './key-secret.ts';
import { createTtlCache } from './ttl-cache.ts';

export interface ApiKeyRow {
  id: string;
  owner_id: string;
  app_ids: string[] | null;
  expires_at: string | null;
  revoked_at: string | null;
  rate_limit_per_minute: number;
  last_used_at: string | null;
}

const COLUMNS = 'id, owner_id, app_ids, expires_at, revoked_at, rate_limit_per_minute, last_used_at';

/**
 * A found key is reused for this long without asking the database again (the key check then costs
 * a hash). Revoking or rotating in this process forgets it at once; another process sees a
 * revocation within this time.
 */
export const KEY_CACHE_TTL_MS = 1_000;
/** last_used_at is written at most this often per key. */
export const LAST_USED_INTERVAL_MS = 60_000;

// Unknown hashes are not kept (null): a key made a moment ago must work at once.
const cache = createTtlCache<ApiKeyRow | null>(KEY_CACHE_TTL_MS, { keep: (row) => row !== null });
const touched = new Map<string, number>();

/** Drops a key from this process's cache (after a revocation or rotation). */
export function forgetApiKey(id: string): void {
  cache.forgetWhere((row) => row?.id === id);
}

/** The key of `Authorization: Bearer <key>`, or null when the header holds none of the right shape. */
export function bearerKey(req: Request): string | null {
  const header = req.headers.get('authorization');
  if (header === null) return null;
  const match = /^Bearer +(\S+)\s*$/i.exec(header);
  const key = match?.[1];
  return key !== undefined && API_KEY_PATTERN.test(key) ? key : null;
}

async function lookup(supabase: SupabaseClient, hash: string): Promise<ApiKeyRow | null> {
  return cache.get(hash, async () => {
    const found = await supabase.from('ApiKey').select(COLUMNS).eq('key_hash', hash).maybeSingle<ApiKeyRow>();
    if (found.error) throw new Error(`Reading the key failed: ${found.error.message}`);
    return found.data;
  });
}

function touch(supabase: SupabaseClient, row: ApiKeyRow, log: FunctionLogger): void {
  const now = Date.now();
  const last = Math.max(touched.get(row.id) ?? 0, row.last_used_at === null ? 0 : Date.parse(row.last_used_at));
  if (now - last < LAST_USED_INTERVAL_MS) return;
  touched.set(row.id, now);
  const cutoff = new Date(now - LAST_USED_INTERVAL_MS).toISOString();
  void supabase
    .from('ApiKey')
    .update({ last_used_at: new Date(now).toISOString() })
    .eq('id', row.id)
    .or(`last_used_at.is.null,last_used_at.lt.${cutoff}`)
    .then(({ error }) => {
      if (error) log.warn({ api_key_id: row.id, error: error.message }, 'could not record when the key was last used');
    });
}

/**
 * The active key the request carries, or null for a missing, malformed, unknown, revoked or
 * expired key (one answer for all, so keys cannot be probed).
 */
export async function authenticateApiKey(req: Request, supabase: SupabaseClient, log: FunctionLogger): Promise<ApiKeyRow | null> {
  const key = bearerKey(req);
  if (key === null) return null;
  const row = await lookup(supabase, await sha256Hex(key));
  if (row === null || row.revoked_at !== null) return null;
  if (row.expires_at !== null && Date.parse(row.expires_at) <= Date.now()) return null;
  touch(supabase, row, log);
  return row;
}
