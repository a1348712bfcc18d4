/* eslint-disable @typescript-eslint/require-await -- the in-memory methods are async like the real
   ones so that a throw arrives as a rejected promise, exactly as callers will see it. */
// The in-memory API keys of the fake client with the rules a person would notice: keys are the
// owner's only, shown once, revocable and rotatable; only an active key in scope runs an app with
// API access on (the try-it panel streams a `run`, tokens and a final `done`; runs never wait, so
// continuing one is refused as a run that does not exist).
import { UUID_PATTERN, invalidInput } from '../app-rows';
import type { AppDetail, AppVersionRow } from '../app-rows';
import { apiKeyStatus, entryInputs, usageSeries } from '../api-keys';
import type { ApiKeySummary, ApiKeyUsageDay, ApiKeysApi, CreatedApiKey } from '../api-keys';
import { AppforgeError } from '../errors';
import type { Session } from '../types';

export interface FakeApiKey extends Omit<ApiKeySummary, 'status' | 'usage'> {
  owner_id: string;
  /** The key's value (a real server keeps only its hash). */
  key: string;
  usage: ApiKeyUsageDay[];
}

export interface FakeApiKeysData {
  session: Session | null;
  apps: Record<string, AppDetail>;
  versions: Record<string, AppVersionRow>;
  /** Everyone's keys by id. */
  apiKeys: Record<string, FakeApiKey>;
}

export const FAKE_API_BASE_URL = 'http://127.0.0.1:54321/functions/v1/api';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function err(code: string, message: string, status: number): AppforgeError {
  return new AppforgeError({ code, message, status });
}

function randomBase62(length: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(length)), (byte) => BASE62[byte % 62]).join('');
}

export function createFakeApiKeys(data: FakeApiKeysData): ApiKeysApi {
  function requireUser(): string {
    const id = data.session?.user.id;
    if (id === undefined) throw err('not_authenticated', 'Sign in first.', 401);
    return id;
  }
  function own(apiKeyId: string): FakeApiKey {
    const key = UUID_PATTERN.test(apiKeyId) ? data.apiKeys[apiKeyId] : undefined;
    if (!key || key.owner_id !== data.session?.user.id) throw err('not_found', 'This API key was not found.', 404);
    return key;
  }
  function ownApp(appId: string): AppDetail {
    const app = UUID_PATTERN.test(appId) ? data.apps[appId] : undefined;
    if (!app || app.owner_id !== data.session?.user.id) throw err('not_found', 'This app was not found.', 404);
    return app;
  }
  function activeKey(key: string): FakeApiKey {
    if (key.trim() === '') throw invalidInput('Paste an API key first.');
    const found = Object.values(data.apiKeys).find((candidate) => candidate.key === key.trim());
    if (!found || apiKeyStatus(found) !== 'active') {
      throw err('invalid_api_key', 'The API key is missing, unknown, revoked or expired; send it as Authorization: Bearer <key>', 401);
    }
    return found;
  }
  const summary = ({ owner_id: _owner, key: _key, usage, ...row }: FakeApiKey): ApiKeySummary => ({
    ...structuredClone(row),
    status: apiKeyStatus(row),
    usage: usageSeries(usage),
  });
  function insert(ownerId: string, fields: Pick<FakeApiKey, 'name' | 'app_ids' | 'expires_at' | 'rate_limit_per_minute'>): FakeApiKey {
    const prefix = `af_${randomBase62(8)}`;
    const key: FakeApiKey = {
      id: crypto.randomUUID(),
      owner_id: ownerId,
      key: `${prefix}${randomBase62(43)}`,
      prefix,
      created_at: new Date().toISOString(),
      last_used_at: null,
      revoked_at: null,
      replaced_by: null,
      runs_count: 0,
      input_tokens: 0,
      output_tokens: 0,
      errors_count: 0,
      usage: [],
      ...fields,
    };
    data.apiKeys[key.id] = key;
    return key;
  }
  const created = (key: FakeApiKey): CreatedApiKey => ({
    id: key.id,
    key: key.key,
    prefix: key.prefix,
    name: key.name,
    app_ids: key.app_ids,
    expires_at: key.expires_at,
    rate_limit_per_minute: key.rate_limit_per_minute,
  });

  return {
    baseUrl: () => FAKE_API_BASE_URL,
    async listMine() {
      const ownerId = requireUser();
      return Object.values(data.apiKeys)
        .filter((key) => key.owner_id === ownerId)
        .sort((a, b) => b.created_at.localeCompare(a.created_at))
        .map(summary);
    },
    async get(apiKeyId) {
      requireUser();
      return summary(own(apiKeyId));
    },
    async create(input) {
      const ownerId = requireUser();
      const name = input.name.trim();
      if (name === '' || name.length > 100) throw err('invalid_body', 'name: name cannot be empty', 400);
      const foreign = (input.app_ids ?? []).filter((id) => data.apps[id]?.owner_id !== ownerId);
      if (foreign.length > 0) throw err('invalid_app_ids', `Not one of your apps: ${foreign.join(', ')}`, 400);
      if (input.expires_at !== null && Date.parse(input.expires_at) <= Date.now()) throw err('invalid_body', 'expires_at: must lie in the future', 400);
      return created(insert(ownerId, { name, app_ids: input.app_ids, expires_at: input.expires_at, rate_limit_per_minute: input.rate_limit_per_minute ?? 60 }));
    },
    async revoke(apiKeyId) {
      requireUser();
      const key = own(apiKeyId);
      key.revoked_at ??= new Date().toISOString();
      return { id: key.id, revoked_at: key.revoked_at };
    },
    async rotate(apiKeyId, gracePeriodMinutes) {
      const ownerId = requireUser();
      const old = own(apiKeyId);
      if (apiKeyStatus(old) !== 'active') throw err('key_inactive', 'This key is revoked or expired; create a new one', 409);
      const fresh = insert(ownerId, { name: old.name, app_ids: old.app_ids, expires_at: old.expires_at, rate_limit_per_minute: old.rate_limit_per_minute });
      old.expires_at = new Date(Date.now() + gracePeriodMinutes * 60_000).toISOString();
      old.replaced_by = fresh.id;
      return { ...created(fresh), replaces: { id: old.id, expires_at: old.expires_at } };
    },
    async appAccess(appId) {
      requireUser();
      const app = ownApp(appId);
      const version = app.deployed_version_id === null ? undefined : data.versions[app.deployed_version_id];
      return {
        app_id: app.id,
        name: app.name,
        enabled: app.api_access_enabled,
        deployed: app.deployed_version_id !== null,
        visibility: app.visibility,
        inputs: entryInputs(version?.spec ?? null),
      };
    },
    async setApiAccess(appId, enabled) {
      requireUser();
      ownApp(appId).api_access_enabled = enabled;
    },
    async *tryRun({ key, appId, inputs }) {
      const found = activeKey(key);
      const app = data.apps[appId];
      if (!app || app.deployed_version_id === null) throw err('app_not_found', 'There is no such deployed app', 404);
      if (app.owner_id !== found.owner_id || (found.app_ids !== null && !found.app_ids.includes(appId))) {
        throw err('app_not_in_scope', 'This key may not call this app', 403);
      }
      if (!app.api_access_enabled) throw err('api_access_disabled', `API access is off for ${app.name}`, 403);
      const runId = crypto.randomUUID();
      const text = `Offline model: ${Object.values(inputs).map(String).join(', ')}`;
      yield { event: 'run', data: { run_id: runId, offline: true, model_label: 'offline model' } };
      for (const word of text.split(' ')) yield { event: 'progress', name: 'token', data: { type: 'token', stepId: 'write', text: `${word} ` } };
      found.runs_count += 1;
      yield {
        event: 'done',
        data: { run_id: runId, status: 'done', output: text, outputs: { ...inputs, text }, usage: { input_tokens: 0, output_tokens: 0 } },
      };
    },
    // The fake's runs finish at once and are not kept, so no run of a key is ever waiting.
    // eslint-disable-next-line require-yield -- a stream that refuses before its first event, like the real one
    async *tryContinue({ key }) {
      activeKey(key);
      throw err('run_not_found', 'There is no such run of this key', 404);
    },
  };
}
