// Bundles: the owner's list and editor, the public bundle page, allowed users.
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { invalidInput, requireUuid, UUID_PATTERN } from './app-rows';
import { invokeFunction, signedInUserId } from './request';
import {
  addAllowedUsersResultSchema,
  allowedUserRowSchema,
  BUNDLE_COLUMNS,
  bundleAppRowSchema,
  bundleNameSchema,
  bundlePageSchema,
  bundlePatchSchema,
  bundleRowSchema,
  MAX_ALLOWED_USERS_PER_ADD,
  usageCapInputSchema,
  usageCapRowSchema,
} from './bundle-rows';
import type { AllowedItem, BundleDetail } from './bundle-rows';
import type { Database } from './database.types';
import { AppforgeError, fromPostgrest } from './errors';
import type { IconSource } from './icon-url';
import { createBundlesApi as createNameApi } from './names';
import { embeddedCountSchema, parseResponse } from './rows';
import type { BundlesApi } from './types';

export function bundleNotFound(cause?: unknown): AppforgeError {
  return new AppforgeError({ code: 'not_found', message: 'This bundle was not found.', status: 404, cause });
}

function invalidFrom(error: z.ZodError): AppforgeError {
  return invalidInput(error.issues[0]?.message ?? 'The input is not valid.', error.issues);
}

export function createBundlesApi(supabase: SupabaseClient<Database>, icons: IconSource): BundlesApi {
  async function get(bundleId: string): Promise<BundleDetail> {
    if (!UUID_PATTERN.test(bundleId)) throw bundleNotFound({ bundleId });
    const ownerId = await signedInUserId(supabase);
    const { data, error, status } = await supabase.from('Bundle').select(BUNDLE_COLUMNS).eq('id', bundleId).eq('owner_id', ownerId).maybeSingle();
    if (error) throw fromPostgrest(error, status);
    if (data === null) throw bundleNotFound({ bundleId });
    const row = parseResponse(bundleRowSchema, data, 'the bundle');
    const apps = await supabase
      .from('BundleApp')
      .select('position, App(id, name, description, icon_path, deployed_version_id, price)')
      .eq('bundle_id', bundleId)
      .order('position', { ascending: true });
    if (apps.error) throw fromPostgrest(apps.error, apps.status);
    const entries = parseResponse(z.array(bundleAppRowSchema), apps.data, 'the bundle’s apps');
    return {
      ...row,
      apps: entries.map(({ App: app }) => ({
        id: app.id,
        name: app.name,
        description: app.description,
        icon_path: app.icon_path,
        deployed: app.deployed_version_id !== null,
        price: app.price,
      })),
    };
  }

  function allowedColumn(item: AllowedItem): 'bundle_id' | 'app_id' {
    requireUuid(item.id, item.kind === 'bundle' ? 'The bundle' : 'The app');
    return item.kind === 'bundle' ? 'bundle_id' : 'app_id';
  }

  return {
    ...createNameApi(supabase, icons),

    async listMine() {
      const ownerId = await signedInUserId(supabase);
      const { data, error, status } = await supabase
        .from('Bundle')
        .select(`${BUNDLE_COLUMNS}, BundleApp(count)`)
        .eq('owner_id', ownerId)
        .order('updated_at', { ascending: false });
      if (error) throw fromPostgrest(error, status);
      const rows = parseResponse(z.array(bundleRowSchema.extend({ BundleApp: embeddedCountSchema })), data, 'your bundles');
      return rows.map(({ BundleApp: counted, owner_id: _owner, ...row }) => ({ ...row, app_count: counted[0]?.count ?? 0 }));
    },

    get,

    async page(bundleId) {
      if (!UUID_PATTERN.test(bundleId)) throw bundleNotFound({ bundleId });
      const { data, error, status } = await supabase.rpc('bundle_page', { bundle_id: bundleId });
      if (error) throw fromPostgrest(error, status);
      if (data === null) throw bundleNotFound({ bundleId });
      return parseResponse(bundlePageSchema, data, 'the bundle page');
    },

    async create(input) {
      const name = bundleNameSchema.safeParse(input.name);
      if (!name.success) throw invalidFrom(name.error);
      const ownerId = await signedInUserId(supabase);
      const id = crypto.randomUUID();
      const { error, status } = await supabase.from('Bundle').insert({ id, owner_id: ownerId, name: name.data, description: input.description?.trim() || null });
      if (error) throw fromPostgrest(error, status);
      return get(id);
    },

    async update(bundleId, patch) {
      const parsed = bundlePatchSchema.safeParse(patch);
      if (!parsed.success) throw invalidFrom(parsed.error);
      requireUuid(bundleId, 'The bundle');
      const { data, error, status } = await supabase.from('Bundle').update(parsed.data).eq('id', bundleId).select('id');
      if (error) throw fromPostgrest(error, status);
      if ((data ?? []).length === 0) throw bundleNotFound({ bundleId });
      return get(bundleId);
    },

    async remove(bundleId) {
      requireUuid(bundleId, 'The bundle');
      const { data, error, status } = await supabase.from('Bundle').delete().eq('id', bundleId).select('id');
      if (error) throw fromPostgrest(error, status);
      if ((data ?? []).length === 0) throw bundleNotFound({ bundleId });
    },

    async setApps(bundleId, appIds) {
      requireUuid(bundleId, 'The bundle');
      appIds.forEach((appId) => requireUuid(appId, 'An app'));
      if (new Set(appIds).size !== appIds.length) throw invalidInput('An app is in the bundle only once.');
      const current = await get(bundleId);
      // Owners may insert, reposition and delete BundleApp rows (not rewrite their keys): drop the
      // apps left out, move the ones that stay, add the new ones.
      const gone = current.apps.map((app) => app.id).filter((id) => !appIds.includes(id));
      if (gone.length > 0) {
        const removed = await supabase.from('BundleApp').delete().eq('bundle_id', bundleId).in('app_id', gone);
        if (removed.error) throw fromPostgrest(removed.error, removed.status);
      }
      const kept = new Set(current.apps.map((app) => app.id));
      for (const [position, appId] of appIds.entries()) {
        const saved = kept.has(appId)
          ? await supabase.from('BundleApp').update({ position }).eq('bundle_id', bundleId).eq('app_id', appId)
          : await supabase.from('BundleApp').insert({ bundle_id: bundleId, app_id: appId, position });
        if (saved.error) throw fromPostgrest(saved.error, saved.status);
      }
      return get(bundleId);
    },

    async allowedUsers(item) {
      const column = allowedColumn(item);
      const { data, error, status } = await supabase
        .from('AllowedUser')
        .select('id, entry, invited_at, created_at')
        .eq(column, item.id)
        .order('entry', { ascending: true })
        .limit(20_000);
      if (error) throw fromPostgrest(error, status);
      return parseResponse(z.array(allowedUserRowSchema), data, 'the allowed people');
    },

    async addAllowedUsers(item, entries) {
      allowedColumn(item);
      if (entries.length === 0) throw invalidInput('Add at least one address.');
      if (entries.length > MAX_ALLOWED_USERS_PER_ADD) throw invalidInput(`Add at most ${MAX_ALLOWED_USERS_PER_ADD.toLocaleString('en')} addresses at once.`);
      const result = await invokeFunction(supabase, 'allowed-users', { item_kind: item.kind, item_id: item.id, entries });
      return parseResponse(addAllowedUsersResultSchema, result, 'the allowed people');
    },

    async removeAllowedUser(id) {
      requireUuid(id, 'The entry');
      const { error, status } = await supabase.from('AllowedUser').delete().eq('id', id);
      if (error) throw fromPostgrest(error, status);
    },

    async caps(item) {
      const column = allowedColumn(item);
      const { data, error, status } = await supabase.from('UsageCap').select('id, scope, period, max_runs').eq(column, item.id).order('created_at');
      if (error) throw fromPostgrest(error, status);
      return parseResponse(z.array(usageCapRowSchema), data, 'the caps');
    },

    async setCap(item, cap) {
      const column = allowedColumn(item);
      const parsed = usageCapInputSchema.safeParse(cap);
      if (!parsed.success) throw invalidFrom(parsed.error);
      const ownerId = await signedInUserId(supabase);
      const existing = await supabase.from('UsageCap').select('id').eq(column, item.id).eq('scope', parsed.data.scope).eq('period', parsed.data.period).maybeSingle();
      if (existing.error) throw fromPostgrest(existing.error, existing.status);
      const saved = existing.data
        ? await supabase.from('UsageCap').update({ max_runs: parsed.data.max_runs }).eq('id', existing.data.id).select('id, scope, period, max_runs').single()
        : await supabase.from('UsageCap').insert({ owner_id: ownerId, [column]: item.id, ...parsed.data }).select('id, scope, period, max_runs').single();
      if (saved.error) throw fromPostgrest(saved.error, saved.status);
      return parseResponse(usageCapRowSchema, saved.data, 'the cap');
    },

    async removeCap(id) {
      requireUuid(id, 'The cap');
      const { error, status } = await supabase.from('UsageCap').delete().eq('id', id);
      if (error) throw fromPostgrest(error, status);
    },
  };
}
