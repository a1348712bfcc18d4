// The app a key asks for: deployed, in the key's scope, with API access on, and its deployed spec.
import { parseAppSpec } from '@appforge/engine';
import type { AppSpec } from '@appforge/engine';
import type { SupabaseClient } from '@supabase/supabase-js';
import { APP_COLUMNS, loadVersion } from '../apps.ts';
import type { AppRow } from '../apps.ts';
import { keyOwnerMayRun } from './entitlements.ts';
import { ApiError } from './errors.ts';
import { createTtlCache } from './ttl-cache.ts';
import type { ApiKeyRow } from './key-auth.ts';

export interface ApiApp {
  /** Without its run settings (loaded only when it runs). */
  app: Omit<AppRow, 'config'> & { description: string | null; api_access_enabled: boolean };
  versionId: string;
  spec: AppSpec;
}

type AppRecord = ApiApp['app'];

const API_APP_COLUMNS = `${APP_COLUMNS}, description, api_access_enabled`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Deployed versions are frozen (never edited), so their parsed spec can be kept.
const specs = new Map<string, AppSpec>();

export async function deployedSpec(supabase: SupabaseClient, appId: string, versionId: string): Promise<AppSpec> {
  const cached = specs.get(versionId);
  if (cached) return cached;
  const version = await loadVersion(supabase, appId, versionId);
  if (!version) throw new ApiError(404, 'app_not_found', 'There is no such deployed app');
  const parsed = parseAppSpec(version.spec);
  if (!parsed.ok) throw new ApiError(422, 'invalid_version', 'The deployed version of this app cannot run');
  if (version.frozen) {
    if (specs.size > 1_000) specs.clear();
    specs.set(versionId, parsed.value);
  }
  return parsed.value;
}

/** Whether the key may reach this app at all (its owner's app, and among app_ids when set). */
export function inKeyScope(key: ApiKeyRow, app: Pick<AppRow, 'id' | 'owner_id'>): boolean {
  return app.owner_id === key.owner_id && (key.app_ids === null || key.app_ids.includes(app.id));
}

/**
 * How long `GET …/apps/{id}` may answer from this process's copy of the App row. A deploy in this
 * process drops the copy at once (forgetApiApp); other changes (API access, visibility, a deploy
 * in another process) show within this time. Runs always read the row fresh.
 */
export const APP_CACHE_TTL_MS = 1_000;
const apps = createTtlCache<AppRecord | null>(APP_CACHE_TTL_MS);

/** Drops the cached App row (deploy-app calls it after moving the deployed version). */
export function forgetApiApp(appId: string): void {
  apps.forget(appId);
}

async function readAppRow(supabase: SupabaseClient, appId: string): Promise<AppRecord | null> {
  const found = await supabase.from('App').select(API_APP_COLUMNS).eq('id', appId).maybeSingle<AppRecord>();
  if (found.error) throw new Error(`Reading the app failed: ${found.error.message}`);
  return found.data;
}

/** The App row; `cached`: from this process's copy when under a second old (absent apps too). */
export async function readApp(supabase: SupabaseClient, appId: string, options: { cached?: boolean } = {}): Promise<AppRecord | null> {
  if (!UUID.test(appId)) return null;
  return options.cached === true ? apps.get(appId, () => readAppRow(supabase, appId)) : readAppRow(supabase, appId);
}

/**
 * The deployed app with API access on that `refuse` lets through, or an ApiError: 404
 * app_not_found (absent or not deployed), what `refuse` says, 403 api_access_disabled.
 */
export async function deployedApiApp(
  supabase: SupabaseClient,
  appId: string,
  refuse: (app: AppRecord) => ApiError | null,
  options: { cached?: boolean } = {},
): Promise<ApiApp> {
  const app = await readApp(supabase, appId, options);
  if (!app || app.deployed_version_id === null) throw new ApiError(404, 'app_not_found', 'There is no such deployed app');
  const refused = refuse(app);
  if (refused) throw refused;
  if (!app.api_access_enabled) {
    throw new ApiError(403, 'api_access_disabled', `API access is off for ${app.name}; its owner can turn it on in the app's API access page`);
  }
  return { app, versionId: app.deployed_version_id, spec: await deployedSpec(supabase, app.id, app.deployed_version_id) };
}

/** The deployed app the key may call: also 403 app_not_in_scope. `cached`: reads only (see APP_CACHE_TTL_MS). */
export function scopedApp(supabase: SupabaseClient, key: ApiKeyRow, appId: string, options: { cached?: boolean } = {}): Promise<ApiApp> {
  return deployedApiApp(
    supabase,
    appId,
    (app) => (inKeyScope(key, app) ? keyOwnerMayRun({ ...app, config: null }, key.owner_id) : new ApiError(403, 'app_not_in_scope', 'This key may not call this app')),
    options,
  );
}
