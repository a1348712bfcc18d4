import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { UUID_PATTERN, VERSION_COLUMNS, appVersionRowSchema, changeSummarySchema, invalidInput, requireUuid, specToWrite } from './app-rows';
import type { Database } from './database.types';
import { AppforgeError, fromPostgrest } from './errors';
import { parseResponse } from './rows';
import type { VersionsApi } from './types';

function versionNotFound(cause?: unknown): AppforgeError {
  return new AppforgeError({ code: 'not_found', message: 'This version was not found.', status: 404, cause });
}

function appNotFound(cause?: unknown): AppforgeError {
  return new AppforgeError({ code: 'not_found', message: 'This app was not found.', status: 404, cause });
}

export function createVersionsApi(supabase: SupabaseClient<Database>): VersionsApi {
  function summary(value: string | undefined): string | undefined {
    if (value === undefined) return undefined;
    const parsed = changeSummarySchema.safeParse(value);
    if (!parsed.success) throw invalidInput(parsed.error.issues[0]?.message ?? 'The change summary is too long.');
    return parsed.data;
  }

  async function insertDraft(insert: Database['public']['Tables']['AppVersion']['Insert']) {
    const { data, error, status } = await supabase.from('AppVersion').insert(insert).select(VERSION_COLUMNS).single();
    if (error) throw fromPostgrest(error, status);
    return parseResponse(appVersionRowSchema, data, 'the new version');
  }

  async function copyAsDraft(appId: string, versionId: string) {
    requireUuid(appId, 'The app');
    requireUuid(versionId, 'The version');
    const source = await api.get(versionId);
    if (source.app_id !== appId) throw versionNotFound({ appId, versionId });
    const draft = await insertDraft({
      app_id: appId,
      parent_version_id: source.id,
      source: 'manual',
      change_summary: `Copied from version ${source.number}`,
      spec: source.spec,
    });
    const { error, status } = await supabase.from('App').update({ draft_version_id: draft.id }).eq('id', appId);
    if (error) throw fromPostgrest(error, status);
    return draft;
  }

  const api: VersionsApi = {
    async list(appId) {
      if (!UUID_PATTERN.test(appId)) throw appNotFound();
      const { data, error, status } = await supabase
        .from('AppVersion')
        .select(VERSION_COLUMNS)
        .eq('app_id', appId)
        .order('number', { ascending: false });
      if (error) throw fromPostgrest(error, status);
      return parseResponse(z.array(appVersionRowSchema), data, 'the versions');
    },

    async get(versionId) {
      if (!UUID_PATTERN.test(versionId)) throw versionNotFound({ versionId });
      const { data, error, status } = await supabase.from('AppVersion').select(VERSION_COLUMNS).eq('id', versionId).maybeSingle();
      if (error) throw fromPostgrest(error, status);
      if (data === null) throw versionNotFound({ versionId });
      return parseResponse(appVersionRowSchema, data, 'the version');
    },

    async createDraft({ appId, spec, parentVersionId, source, changeSummary }) {
      const insert = {
        app_id: requireUuid(appId, 'The app'),
        spec: specToWrite(spec),
        source: source ?? 'manual',
        ...(parentVersionId === undefined ? {} : { parent_version_id: requireUuid(parentVersionId, 'The parent version') }),
        ...(changeSummary === undefined ? {} : { change_summary: summary(changeSummary) ?? null }),
      };
      return insertDraft(insert);
    },

    async updateSpec(versionId, spec, options = {}) {
      requireUuid(versionId, 'The version');
      const patch = {
        spec: specToWrite(spec),
        ...(options.changeSummary === undefined ? {} : { change_summary: summary(options.changeSummary) ?? null }),
      };
      const { data, error, status } = await supabase
        .from('AppVersion')
        .update(patch)
        .eq('id', versionId)
        .select(VERSION_COLUMNS)
        .maybeSingle();
      if (error) {
        if (error.code === 'PT409' || status === 409) {
          throw new AppforgeError({ code: 'version_frozen', message: error.message, status: 409, cause: error });
        }
        throw fromPostgrest(error, status);
      }
      if (data === null) throw versionNotFound({ versionId });
      return parseResponse(appVersionRowSchema, data, 'the version');
    },

    changeVersion: copyAsDraft,
    restore: copyAsDraft,

    async openDraft(appId) {
      if (!UUID_PATTERN.test(appId)) throw appNotFound({ appId });
      // One call that locks the app's row: a double click or a second tab gets the same draft.
      const { data, error, status } = await supabase.rpc('open_app_draft', { app_id: appId });
      if (error) {
        if (status === 404) throw appNotFound({ appId, cause: error });
        if (status === 409) throw new AppforgeError({ code: 'conflict', message: error.message, status, cause: error });
        throw fromPostgrest(error, status);
      }
      return api.get(parseResponse(z.string().regex(UUID_PATTERN), data, 'the draft'));
    },
  };
  return api;
}
