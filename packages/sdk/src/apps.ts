import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { embedOriginsSchema } from './embed';
import {
  APP_DETAIL_COLUMNS,
  APP_PUBLIC_COLUMNS,
  APP_SUMMARY_COLUMNS,
  appConfigSchema,
  appDesignSchema,
  appPriceSchema,
  appSummaryRowSchema,
  appVisibilitySchema,
  UUID_PATTERN,
  appConfigRowSchema,
  appDetailRowSchema,
  appPublicRowSchema,
  appVersionRowSchema,
  invalidInput,
  requireUuid,
  DEFAULT_CONFIG,
  MAX_ANONYMOUS_RUNS_PER_DAY,
} from './app-rows';
import type { AppConfig, AppDetail, PublicApp } from './app-rows';
import type { Database } from './database.types';
import { AppforgeError, fromPostgrest } from './errors';
import { createAppsApi as createNameApi } from './names';
import { appIconUrl } from './icon-url';
import type { IconSource } from './icon-url';
import { APP_ICONS_BUCKET, iconUrlOf, invokeFunction, signedInUserId } from './request';
import { inChunks, parseResponse } from './rows';
import type { AppsApi } from './types';



export const descriptionTextSchema = z
  .string()
  .trim()
  .min(1, 'Describe the app you want.')
  .max(4000, 'A description has at most 4000 characters.');

const createFromDescriptionResponse = z.object({
  app_id: z.string(),
  version_id: z.string().nullable(),
  offline: z.boolean(),
  model_label: z.string(),
});
const gateCaseSchema = z.object({
  case_id: z.string(),
  name: z.string(),
  mode: z.enum(['must_pass', 'warn_only']),
  status: z.string(),
  reason: z.string().nullable(),
  output: z.string().nullable().optional(),
});
const deployResponse = z.object({
  deployed_version_id: z.string(),
  number: z.number().int(),
  test_run: z.object({ id: z.string(), passed: z.number(), failed: z.number(), needs_update: z.number() }).nullable().default(null),
  warnings: z.array(gateCaseSchema).default([]),
  overridden: z.boolean().default(false),
});

/** At most this many characters in a "Deploy anyway" reason (deploy-app refuses more). */
export const DEPLOY_REASON_MAX = 1000;

/** "Deploy anyway": why, in the owner's words. */
export const deployReasonSchema = z
  .string()
  .trim()
  .min(1, 'Write why you deploy although tests fail.')
  .max(DEPLOY_REASON_MAX, `A reason has at most ${DEPLOY_REASON_MAX} characters.`);

const MAX_ICON_BYTES = 1024 * 1024;
const ICON_TYPES: Readonly<Record<string, string>> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

const listParamsSchema = z.strictObject({
  search: z.string().max(200).optional(),
  sort: z.enum(['updated', 'name', 'created']).optional(),
});

export const appPatchSchema = z.strictObject({
  name: z.string().trim().min(1, 'Give the app a name.').max(120, 'A name has at most 120 characters.').optional(),
  description: z.string().max(4000, 'A description has at most 4000 characters.').nullable().optional(),
  visibility: appVisibilitySchema.optional(),
  design: appDesignSchema.optional(),
  config: appConfigSchema.optional(),
  price: appPriceSchema.optional(),
  icon_path: z.string().min(1).max(400).nullable().optional(),
  draft_version_id: z.string().regex(UUID_PATTERN, 'The draft is not a valid id.').optional(),
  anonymous_runs_per_day: z
    .number('Runs without sign-in must be a number.')
    .int('Runs without sign-in must be a whole number.')
    .min(0, 'Runs without sign-in cannot be negative.')
    .max(MAX_ANONYMOUS_RUNS_PER_DAY, `Runs without sign-in are at most ${MAX_ANONYMOUS_RUNS_PER_DAY.toLocaleString('en')} a day.`)
    .optional(),
  embed_enabled: z.boolean('Embedding is on or off.').optional(),
  embed_origins: embedOriginsSchema.optional(),
});

function storageError(error: { message: string; statusCode?: string; status?: number }): AppforgeError {
  const status = error.status ?? (error.statusCode === undefined ? undefined : Number(error.statusCode));
  const code = status === 413 ? 'payload_too_large' : status === 403 || status === 401 ? 'permission_denied' : 'storage_error';
  return new AppforgeError({ code, message: error.message, status, cause: error });
}

function appNotFound(cause?: unknown): AppforgeError {
  return new AppforgeError({ code: 'not_found', message: 'This app was not found.', status: 404, cause });
}

/** The database refuses a link to a database that is not the caller's (or does not exist). */
function linkRefused(error: { message: string; code: string }, status: number): AppforgeError {
  const normalised = fromPostgrest(error, status);
  if (normalised.code === 'permission_denied' || normalised.code === 'constraint_violation') {
    return new AppforgeError({
      code: 'permission_denied',
      message: 'That database is not one of yours, so this app cannot use it.',
      status: 403,
      cause: error,
    });
  }
  return normalised;
}

export function createAppsApi(supabase: SupabaseClient<Database>, icons: IconSource): AppsApi {
  const names = createNameApi(supabase, icons);
  return {
    getName: names.getName,
    getSignInIcon: names.getSignInIcon,

    iconUrl: (iconPath) => iconUrlOf(icons, iconPath),

    async get(appId) {
      if (!UUID_PATTERN.test(appId)) throw appNotFound({ appId });
      const ownerId = await signedInUserId(supabase);
      // The owner's view: a public app of someone else is readable through RLS but is not theirs.
      const { data, error, status } = await supabase
        .from('App')
        .select(APP_DETAIL_COLUMNS)
        .eq('id', appId)
        .eq('owner_id', ownerId)
        .maybeSingle();
      if (error) throw fromPostgrest(error, status);
      if (data === null) throw appNotFound({ appId });
      const row = parseResponse(appDetailRowSchema, data, 'the app');
      const [config, runs] = await Promise.all([readConfig(supabase, row.id), runsLastSevenDays(supabase, [row.id])]);
      return { ...row, config, icon_url: iconUrlOf(icons, row.icon_path), runs_last_7_days: runs.get(row.id) ?? 0 } satisfies AppDetail;
    },

    async getPublic(appId) {
      if (!UUID_PATTERN.test(appId)) throw appNotFound({ appId });
      const { data, error, status } = await supabase.from('App').select(APP_PUBLIC_COLUMNS).eq('id', appId).maybeSingle();
      if (error) throw fromPostgrest(error, status);
      if (data === null) throw appNotFound({ appId });
      const row = parseResponse(appPublicRowSchema, data, 'the app');
      let deployed: PublicApp['deployed'] = null;
      if (row.deployed_version_id !== null) {
        const version = await supabase
          .from('AppVersion')
          .select('id, number, spec')
          .eq('id', row.deployed_version_id)
          .maybeSingle();
        if (version.error) throw fromPostgrest(version.error, version.status);
        if (version.data !== null) {
          deployed = parseResponse(appVersionRowSchema.pick({ id: true, number: true, spec: true }), version.data, 'the app');
        }
      }
      const { icon_path: iconPath, ...rest } = row;
      return { ...rest, icon_url: iconUrlOf(icons, iconPath), deployed };
    },

    async createDescription(text) {
      const parsed = descriptionTextSchema.safeParse(text);
      if (!parsed.success) throw invalidInput(parsed.error.issues[0]?.message ?? 'Describe the app you want.');
      // Nobody may read a description back, so the id is chosen here (return=minimal).
      const id = crypto.randomUUID();
      const { error, status } = await supabase.from('AppDescription').insert({ id, text: parsed.data });
      if (error) throw fromPostgrest(error, status);
      return { id };
    },

    async createFromDescription(input) {
      let body: Record<string, unknown>;
      if ('appDescriptionId' in input) {
        body = { app_description_id: requireUuid(input.appDescriptionId, 'The app description') };
      } else {
        const parsed = descriptionTextSchema.safeParse(input.description);
        if (!parsed.success) throw invalidInput(parsed.error.issues[0]?.message ?? 'Describe the app you want.');
        body = { description: parsed.data };
      }
      const data = await invokeFunction(supabase, 'create-app-from-description', body);
      return parseResponse(createFromDescriptionResponse, data, 'create-app-from-description');
    },

    async listMine(params = {}) {
      const parsed = listParamsSchema.safeParse(params);
      if (!parsed.success) throw invalidInput('Sort by updated, name or created; search with up to 200 characters.');
      const ownerId = await signedInUserId(supabase);
      const sort = parsed.data.sort ?? 'updated';
      const column = sort === 'name' ? 'name' : sort === 'created' ? 'created_at' : 'updated_at';
      const { data, error, status } = await supabase
        .from('App')
        .select(APP_SUMMARY_COLUMNS)
        .eq('owner_id', ownerId)
        .order(column, { ascending: sort === 'name' });
      if (error) throw fromPostgrest(error, status);
      const rows = parseResponse(z.array(appSummaryRowSchema), data, 'your apps');
      // Filtered here: an owner has few apps, and no PostgREST pattern syntax needs escaping.
      const needle = parsed.data.search?.trim().toLocaleLowerCase() ?? '';
      const matching =
        needle === ''
          ? rows
          : rows.filter((row) => `${row.name}\n${row.description ?? ''}`.toLocaleLowerCase().includes(needle));
      const runs = await runsLastSevenDays(supabase, matching.map((row) => row.id));
      return matching.map((row) => ({ ...row, icon_url: iconUrlOf(icons, row.icon_path), runs_last_7_days: runs.get(row.id) ?? 0 }));
    },

    async update(appId, patch) {
      requireUuid(appId, 'The app');
      const parsed = appPatchSchema.safeParse(patch);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw invalidInput(issue ? `${issue.path.join('.') || 'The change'}: ${issue.message}` : 'The change is not valid.', parsed.error);
      }
      const ownerId = await signedInUserId(supabase);
      const { config: newConfig, ...appPatch } = parsed.data;
      // The App row first: it proves the app is the caller's before the config is touched.
      const { data, error, status } =
        Object.keys(appPatch).length > 0
          ? await supabase.from('App').update(appPatch).eq('id', appId).eq('owner_id', ownerId).select(APP_DETAIL_COLUMNS).maybeSingle()
          : await supabase.from('App').select(APP_DETAIL_COLUMNS).eq('id', appId).eq('owner_id', ownerId).maybeSingle();
      if (error) throw fromPostgrest(error, status);
      if (data === null) throw appNotFound({ appId });
      const row = parseResponse(appDetailRowSchema, data, 'the app');
      const config = newConfig === undefined ? await readConfig(supabase, row.id) : await writeConfig(supabase, row.id, newConfig);
      const runs = await runsLastSevenDays(supabase, [row.id]);
      return { ...row, config, icon_url: iconUrlOf(icons, row.icon_path), runs_last_7_days: runs.get(row.id) ?? 0 };
    },

    async remove(appId) {
      requireUuid(appId, 'The app');
      const ownerId = await signedInUserId(supabase);
      const { data, error, status } = await supabase.from('App').delete().eq('id', appId).eq('owner_id', ownerId).select('id');
      if (error) throw fromPostgrest(error, status);
      if (data.length === 0) throw appNotFound({ appId });
    },

    async uploadIcon(appId, file) {
      requireUuid(appId, 'The app');
      const extension = ICON_TYPES[file.type];
      if (extension === undefined) throw invalidInput('An icon is a PNG, JPEG or WebP image.');
      if (file.size === 0 || file.size > MAX_ICON_BYTES) throw invalidInput('An icon is at most 1 MB.');
      const ownerId = await signedInUserId(supabase);
      // Only the owner's own app: checked first so nothing is uploaded for someone else's.
      const owned = await supabase.from('App').select('id').eq('id', appId).eq('owner_id', ownerId).maybeSingle();
      if (owned.error) throw fromPostgrest(owned.error, owned.status);
      if (owned.data === null) throw appNotFound({ appId });
      const iconPath = `${ownerId}/${appId}/${crypto.randomUUID()}.${extension}`;
      const uploaded = await supabase.storage.from(APP_ICONS_BUCKET).upload(iconPath, file, { contentType: file.type, upsert: false });
      if (uploaded.error) throw storageError(uploaded.error);
      const { error, status } = await supabase.from('App').update({ icon_path: iconPath }).eq('id', appId).eq('owner_id', ownerId);
      if (error) throw fromPostgrest(error, status);
      return { icon_path: iconPath, icon_url: appIconUrl(icons.apiUrl, iconPath, icons) };
    },

    async linkDatabase(appId, databaseId) {
      requireUuid(appId, 'The app');
      if (databaseId !== null) requireUuid(databaseId, 'The database');
      const ownerId = await signedInUserId(supabase);
      const { data, error, status } = await supabase
        .from('App')
        .update({ database_id: databaseId })
        .eq('id', appId)
        .eq('owner_id', ownerId)
        .select(APP_DETAIL_COLUMNS)
        .maybeSingle();
      if (error) throw linkRefused(error, status);
      if (data === null) throw appNotFound({ appId });
      const row = parseResponse(appDetailRowSchema, data, 'the app');
      const [config, runs] = await Promise.all([readConfig(supabase, row.id), runsLastSevenDays(supabase, [row.id])]);
      return { ...row, config, icon_url: iconUrlOf(icons, row.icon_path), runs_last_7_days: runs.get(row.id) ?? 0 };
    },

    async deploy(appId, versionId, options = {}) {
      const body: Record<string, string> = { app_id: requireUuid(appId, 'The app'), version_id: requireUuid(versionId, 'The version') };
      if (options.overrideReason !== undefined) {
        const reason = deployReasonSchema.safeParse(options.overrideReason);
        if (!reason.success) throw invalidInput(reason.error.issues[0]?.message ?? 'Write why you deploy although tests fail.', reason.error);
        body.override_reason = reason.data;
      }
      return parseResponse(deployResponse, await invokeFunction(supabase, 'deploy-app', body), 'deploy-app');
    },
  };
}

/** The app's config (owner only: the AppConfig table), or the defaults when it was never set. */
async function readConfig(supabase: SupabaseClient<Database>, appId: string): Promise<AppConfig> {
  const { data, error, status } = await supabase.from('AppConfig').select('config').eq('app_id', appId).maybeSingle();
  if (error) throw fromPostgrest(error, status);
  return data === null ? { ...DEFAULT_CONFIG } : parseResponse(appConfigRowSchema, data, 'the app settings').config;
}

/** Replaces the app's config: an update, or the first insert for a never-configured app. */
async function writeConfig(supabase: SupabaseClient<Database>, appId: string, config: AppConfig): Promise<AppConfig> {
  const updated = await supabase.from('AppConfig').update({ config }).eq('app_id', appId).select('config');
  if (updated.error) throw fromPostgrest(updated.error, updated.status);
  const written =
    updated.data.length > 0
      ? updated.data[0]
      : await supabase
          .from('AppConfig')
          .insert({ app_id: appId, config })
          .select('config')
          .single()
          .then(({ data, error, status }) => {
            if (error) throw fromPostgrest(error, status);
            return data;
          });
  return parseResponse(appConfigRowSchema, written, 'the app settings').config;
}

const runCountsSchema = z.array(z.object({ app_id: z.string(), runs: z.number().int().nonnegative() }));
/** The most app ids public.app_runs_last_7_days takes in one call. */
export const RUN_COUNT_IDS_PER_CALL = 1000;

/**
 * How many runs each of the caller's apps had today and the six UTC days before (a run counts on
 * the UTC day it was created), counted by the database: public.app_runs_last_7_days adds the five
 * older days from "AppUsageDay", the backend's daily roll-up (issue 12, which keeps them after old
 * runs are cleaned up), to a live count of yesterday's and today's runs. Only counts cross the
 * wire; ids of apps that are not the caller's get nothing (0).
 */
export async function runsLastSevenDays(
  supabase: SupabaseClient<Database>,
  appIds: readonly string[],
): Promise<Map<string, number>> {
  const ids = [...new Set(appIds.map((id) => requireUuid(id, 'The app')))];
  const answers = await Promise.all(
    inChunks(ids, RUN_COUNT_IDS_PER_CALL).map(async (chunk) => {
      const { data, error, status } = await supabase.rpc('app_runs_last_7_days', { p_app_ids: chunk });
      if (error) throw fromPostgrest(error, status);
      return parseResponse(runCountsSchema, data, 'the run counts');
    }),
  );
  return new Map(answers.flat().map((row) => [row.app_id, row.runs]));
}
