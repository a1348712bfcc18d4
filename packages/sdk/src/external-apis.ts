// "Your APIs": the external HTTP APIs a person connects (Api, ApiEndpoint), their secret (set
// through the `api-secret` function only — the browser can never read it back, it sees "set ·
// last 4"), the test console (`api-test-call`) and where an API is used. Every write is checked
// here with the database's limits first (`invalid_input` 400, nothing sent); someone else's API
// answers `not_found`.
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { UUID_PATTERN, invalidInput, requireUuid } from './app-rows';
import { invokeFunction, signedInUserId } from './request';
import { invalidFrom } from './database-rows';
import type { Database } from './database.types';
import { AppforgeError, fromPostgrest } from './errors';
import { embeddedCountSchema, parseResponse } from './rows';

export const API_AUTH_KINDS = ['none', 'header', 'bearer', 'query', 'basic'] as const;
export type ApiAuthKind = (typeof API_AUTH_KINDS)[number];
export const API_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type ApiMethod = (typeof API_METHODS)[number];
export const PARAMETER_LOCATIONS = ['path', 'query', 'header', 'body'] as const;
export const PARAMETER_TYPES = ['string', 'number', 'integer', 'boolean'] as const;

export const endpointParameterSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: 'A parameter needs a name.' })
    .max(100, { error: 'A parameter name has at most 100 characters.' })
    .regex(/^[^\s{}\r\n]+$/, { error: 'A parameter name has no spaces or braces.' }),
  in: z.enum(PARAMETER_LOCATIONS, { error: 'A parameter goes into the path, query, a header or the body.' }),
  type: z.enum(PARAMETER_TYPES).default('string'),
  required: z.boolean().default(false),
  description: z.string().max(2000).optional(),
});
export type EndpointParameter = z.output<typeof endpointParameterSchema>;

export const endpointInputSchema = z
  .object({
    id: z.string().regex(UUID_PATTERN).optional(),
    name: z.string().trim().min(1, { error: 'An endpoint needs a name.' }).max(200, { error: 'An endpoint name has at most 200 characters.' }),
    method: z.enum(API_METHODS, { error: 'The method is GET, POST, PUT, PATCH or DELETE.' }),
    path: z
      .string()
      .trim()
      .min(1)
      .max(2000)
      .regex(/^\/\S*$/, { error: 'A path starts with / and has no spaces, e.g. /weather/{city}.' }),
    description: z.string().max(4000).default(''),
    parameters: z.array(endpointParameterSchema).max(50, { error: 'An endpoint has at most 50 parameters.' }).default([]),
    body_template: z.string().max(20_000).default(''),
    response_path: z
      .string()
      .trim()
      .max(500)
      .regex(/^(\$)?(\.?[A-Za-z0-9_-]+|\[\d+\])*$/, { error: 'A response path looks like $.current.temperature or $.items[0].name.' })
      .default(''),
  })
  .superRefine((endpoint, ctx) => {
    const names = new Set<string>();
    for (const parameter of endpoint.parameters) {
      if (names.has(parameter.name)) ctx.addIssue({ code: 'custom', message: `${endpoint.name} lists the parameter ${parameter.name} twice.` });
      names.add(parameter.name);
    }
    for (const match of endpoint.path.matchAll(/\{([^}]+)\}/g)) {
      if (!endpoint.parameters.some((p) => p.name === match[1] && p.in === 'path')) {
        ctx.addIssue({ code: 'custom', message: `${endpoint.name}: the path uses {${match[1] ?? ''}}, which is not a path parameter.` });
      }
    }
  });
export type EndpointInput = z.input<typeof endpointInputSchema>;

const apiFields = {
  name: z.string().trim().min(1, { error: 'An API needs a name.' }).max(100, { error: 'An API name has at most 100 characters.' }),
  description: z.string().max(2000, { error: 'A description has at most 2000 characters.' }),
  base_url: z
    .string()
    .trim()
    .max(2000)
    .regex(/^https?:\/\/[^\s/?#]+/, { error: 'The base URL starts with http:// or https://, e.g. https://api.example.com/v1.' })
    .refine((value) => URL.canParse(value), { error: 'The base URL is not a valid URL.' }),
  auth_kind: z.enum(API_AUTH_KINDS, { error: 'Authentication is none, header, bearer, query or basic.' }),
  auth_name: z
    .string()
    .trim()
    .max(200)
    .regex(/^[^\r\n]*$/, { error: 'The name cannot contain line breaks.' }),
  timeout_ms: z.number().int().min(1000, { error: 'The timeout is 1 to 60 seconds.' }).max(60_000, { error: 'The timeout is 1 to 60 seconds.' }),
};

function authNameRule(value: { auth_kind?: ApiAuthKind | undefined; auth_name?: string | undefined }, ctx: z.RefinementCtx): void {
  if ((value.auth_kind === 'header' || value.auth_kind === 'query' || value.auth_kind === 'basic') && !value.auth_name?.trim()) {
    const what = value.auth_kind === 'header' ? 'header name' : value.auth_kind === 'query' ? 'query parameter name' : 'user name';
    ctx.addIssue({ code: 'custom', message: `Say which ${what} carries the secret.` });
  }
}

export const apiInputSchema = z
  .object({
    ...apiFields,
    description: apiFields.description.default(''),
    auth_kind: apiFields.auth_kind.default('none'),
    auth_name: apiFields.auth_name.default(''),
    timeout_ms: apiFields.timeout_ms.default(10_000),
    endpoints: z.array(endpointInputSchema).max(200, { error: 'An API has at most 200 endpoints.' }).default([]),
  })
  .superRefine(authNameRule);
export type ApiInput = z.input<typeof apiInputSchema>;

export const apiPatchSchema = z.object(apiFields).partial().superRefine(authNameRule);
export type ApiPatch = z.input<typeof apiPatchSchema>;

const apiRowSchema = z.object({
  id: z.string(),
  owner_id: z.string(),
  name: z.string(),
  description: z.string(),
  base_url: z.string(),
  auth_kind: z.enum(API_AUTH_KINDS),
  auth_name: z.string(),
  timeout_ms: z.number(),
  secret_set: z.boolean(),
  secret_last4: z.string(),
  last_test_status: z.number().nullable(),
  last_test_ms: z.number().nullable(),
  last_test_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ApiRow = z.output<typeof apiRowSchema>;

const endpointRowSchema = z.object({
  id: z.string(),
  api_id: z.string(),
  name: z.string(),
  method: z.enum(API_METHODS),
  path: z.string(),
  description: z.string(),
  // Stored rows are read leniently: a malformed parameter list shows as none.
  parameters: z.array(endpointParameterSchema).catch([]),
  body_template: z.string(),
  response_path: z.string(),
  position: z.number(),
});
export type ApiEndpointInfo = z.output<typeof endpointRowSchema>;

export type ApiSummary = ApiRow & { endpoint_count: number };
export type ApiDetail = ApiRow & { endpoints: ApiEndpointInfo[] };

const testResultSchema = z.object({
  status: z.number(),
  ok: z.boolean(),
  headers: z.record(z.string(), z.string()),
  duration_ms: z.number(),
  size_bytes: z.number(),
  body: z.string(),
  truncated: z.boolean(),
  output: z.unknown(),
  request: z.object({ method: z.string(), url: z.string(), curl: z.string() }),
});
export type ApiTestResult = z.output<typeof testResultSchema>;
const secretMarkerSchema = z.object({ secret_set: z.boolean(), secret_last4: z.string() });
export type ApiSecretMarker = z.output<typeof secretMarkerSchema>;

const importPreviewSchema = z.object({
  api: z.object({ name: z.string(), description: z.string(), base_url: z.string(), auth_kind: z.enum(API_AUTH_KINDS), auth_name: z.string() }),
  endpoints: z.array(
    z.object({
      name: z.string(),
      method: z.enum(API_METHODS),
      path: z.string(),
      description: z.string(),
      parameters: z.array(endpointParameterSchema),
      body_template: z.string(),
      response_path: z.string(),
    }),
  ),
  skipped: z.array(z.string()),
});
/** What an OpenAPI / Swagger document becomes, for the owner to review before saving. */
export type ApiImportPreview = z.output<typeof importPreviewSchema>;
export type ApiImportSource = { url: string } | { document: string };

/** An app whose draft or deployed version has an `api` step calling the API. */
export interface ApiUsage {
  app_id: string;
  app_name: string;
  /** The titles of the steps that call it. */
  steps: string[];
}

export interface ExternalApisApi {
  /** The caller's APIs, most recently changed first, with their endpoint counts and last test. */
  listMine(): Promise<ApiSummary[]>;
  /** One of the caller's APIs with its endpoints in order (`not_found` for anyone else's). */
  get(apiId: string): Promise<ApiDetail>;
  /**
   * Creates an API with its endpoints; if the endpoints are refused, the API is removed again. A
   * base URL the server would never call (private, loopback, link-local host; a port not allowed)
   * is refused first: `AppforgeError` 422 with the guard's code and `details: { field: 'base_url' }`.
   */
  create(input: ApiInput): Promise<ApiDetail>;
  /** Changes an API; a new base URL is checked as in `create`. */
  update(apiId: string, patch: ApiPatch): Promise<ApiDetail>;
  /** Replaces the API's endpoints: those with an id are updated, new ones added, missing ones removed. */
  saveEndpoints(apiId: string, endpoints: EndpointInput[]): Promise<ApiDetail>;
  remove(apiId: string): Promise<void>;
  /** Sets (or with null removes) the secret; answers only whether one is set and its last 4 characters. */
  setSecret(apiId: string, secret: string | null): Promise<ApiSecretMarker>;
  /** One call of an endpoint through the server's guarded client (the test console). */
  testCall(input: { apiId: string; endpointId: string; params: Record<string, string> }): Promise<ApiTestResult>;
  /** The caller's apps whose draft or deployed version calls this API. */
  usage(apiId: string): Promise<ApiUsage[]>;
  /** Reads an OpenAPI 3 / Swagger 2 document (a URL the server fetches through its guard, or the text) into a preview; stores nothing. */
  importOpenApi(source: ApiImportSource): Promise<ApiImportPreview>;
}

export function apiNotFound(cause?: unknown): AppforgeError {
  return new AppforgeError({ code: 'not_found', message: 'This API was not found.', status: 404, cause });
}

const API_COLUMNS =
  'id, owner_id, name, description, base_url, auth_kind, auth_name, timeout_ms, secret_set, secret_last4, last_test_status, last_test_ms, last_test_at, created_at, updated_at';
const ENDPOINT_COLUMNS = 'id, api_id, name, method, path, description, parameters, body_template, response_path, position';

/** The `api` steps of a spec that call `apiId` (by title). */
export function apiStepsIn(spec: unknown, apiId: string): string[] {
  const steps = typeof spec === 'object' && spec !== null ? (spec as { steps?: unknown }).steps : undefined;
  if (!Array.isArray(steps)) return [];
  return steps
    .filter((step): step is { kind: string; title?: unknown; config?: { apiId?: unknown } } => typeof step === 'object' && step !== null)
    .filter((step) => step.kind === 'api' && step.config?.apiId === apiId)
    .map((step) => (typeof step.title === 'string' ? step.title : 'API step'));
}

/** The ApiEndpoint rows (without ids) for checked endpoint input, in order. */
export function endpointRows(apiId: string, endpoints: readonly z.output<typeof endpointInputSchema>[]) {
  return endpoints.map((endpoint, position) => ({
    api_id: apiId,
    name: endpoint.name,
    method: endpoint.method,
    path: endpoint.path,
    description: endpoint.description,
    parameters: endpoint.parameters,
    body_template: endpoint.body_template,
    response_path: endpoint.response_path,
    position,
  }));
}

export function createExternalApisApi(supabase: SupabaseClient<Database>): ExternalApisApi {
  async function endpointsOf(apiId: string): Promise<ApiEndpointInfo[]> {
    const { data, error, status } = await supabase.from('ApiEndpoint').select(ENDPOINT_COLUMNS).eq('api_id', apiId).order('position').order('created_at');
    if (error) throw fromPostgrest(error, status);
    return parseResponse(z.array(endpointRowSchema), data, 'the API’s endpoints');
  }

  /**
   * Asks the server whether calls to the base URL would be let through (the outbound guard's own
   * rule: no private, loopback, link-local or metadata host, an allowed port), so that a base URL
   * that could never be called is refused when it is saved, not at the first call.
   */
  async function checkBaseUrl(baseUrl: string): Promise<void> {
    try {
      await invokeFunction(supabase, 'api-base-url-check', { base_url: baseUrl });
    } catch (error) {
      if (error instanceof AppforgeError && error.status === 422) {
        throw new AppforgeError({ code: error.code, message: error.message, status: 422, cause: error, details: { field: 'base_url' } });
      }
      throw error;
    }
  }

  async function get(apiId: string): Promise<ApiDetail> {
    if (!UUID_PATTERN.test(apiId)) throw apiNotFound({ apiId });
    const ownerId = await signedInUserId(supabase);
    const { data, error, status } = await supabase.from('Api').select(API_COLUMNS).eq('id', apiId).eq('owner_id', ownerId).maybeSingle();
    if (error) throw fromPostgrest(error, status);
    if (data === null) throw apiNotFound({ apiId });
    return { ...parseResponse(apiRowSchema, data, 'the API'), endpoints: await endpointsOf(apiId) };
  }

  return {
    async listMine() {
      const ownerId = await signedInUserId(supabase);
      // The endpoints are counted by the database (an embedded count), not downloaded.
      const { data, error, status } = await supabase
        .from('Api')
        .select(`${API_COLUMNS}, ApiEndpoint(count)`)
        .eq('owner_id', ownerId)
        .order('updated_at', { ascending: false });
      if (error) throw fromPostgrest(error, status);
      const rows = parseResponse(z.array(apiRowSchema.extend({ ApiEndpoint: embeddedCountSchema })), data, 'your APIs');
      return rows.map(({ ApiEndpoint: counted, ...row }) => ({ ...row, endpoint_count: counted[0]?.count ?? 0 }));
    },

    get,

    async create(input) {
      const parsed = apiInputSchema.safeParse(input);
      if (!parsed.success) throw invalidFrom(parsed.error, 'The API is not valid.');
      const { endpoints, ...api } = parsed.data;
      await signedInUserId(supabase);
      await checkBaseUrl(api.base_url);
      const created = await supabase.from('Api').insert(api).select('id').single();
      if (created.error) throw fromPostgrest(created.error, created.status);
      const apiId = parseResponse(z.object({ id: z.string() }), created.data, 'the new API').id;
      if (endpoints.length > 0) {
        const inserted = await supabase.from('ApiEndpoint').insert(endpointRows(apiId, endpoints));
        if (inserted.error) {
          await supabase.from('Api').delete().eq('id', apiId);
          throw fromPostgrest(inserted.error, inserted.status);
        }
      }
      return get(apiId);
    },

    async update(apiId, patch) {
      requireUuid(apiId, 'The API');
      const parsed = apiPatchSchema.safeParse(patch);
      if (!parsed.success) throw invalidFrom(parsed.error, 'The change is not valid.');
      const ownerId = await signedInUserId(supabase);
      if (parsed.data.base_url !== undefined) await checkBaseUrl(parsed.data.base_url);
      if (Object.keys(parsed.data).length > 0) {
        const { data, error, status } = await supabase.from('Api').update(parsed.data).eq('id', apiId).eq('owner_id', ownerId).select('id');
        if (error) throw fromPostgrest(error, status);
        if (data.length === 0) throw apiNotFound({ apiId });
      }
      return get(apiId);
    },

    async saveEndpoints(apiId, endpoints) {
      requireUuid(apiId, 'The API');
      const parsed = z.array(endpointInputSchema).max(200).safeParse(endpoints);
      if (!parsed.success) throw invalidFrom(parsed.error, 'The endpoints are not valid.');
      const current = await get(apiId);
      const keep = new Set(parsed.data.flatMap((endpoint) => (endpoint.id ? [endpoint.id] : [])));
      for (const id of keep) if (!current.endpoints.some((e) => e.id === id)) throw invalidInput('An endpoint does not belong to this API.');
      const gone = current.endpoints.filter((endpoint) => !keep.has(endpoint.id)).map((endpoint) => endpoint.id);
      if (gone.length > 0) {
        const removed = await supabase.from('ApiEndpoint').delete().in('id', gone).eq('api_id', apiId);
        if (removed.error) throw fromPostgrest(removed.error, removed.status);
      }
      const rows = endpointRows(apiId, parsed.data);
      for (const [index, endpoint] of parsed.data.entries()) {
        const row = rows[index];
        if (!row) continue;
        // An endpoint never changes API: the grant lets a person update every column but api_id,
        // and Postgres refuses an UPDATE that names a column outside the grant, even unchanged.
        const { api_id: _fixed, ...changes } = row;
        const result = endpoint.id
          ? await supabase.from('ApiEndpoint').update(changes).eq('id', endpoint.id).eq('api_id', apiId)
          : await supabase.from('ApiEndpoint').insert(row);
        if (result.error) throw fromPostgrest(result.error, result.status);
      }
      return get(apiId);
    },

    async remove(apiId) {
      requireUuid(apiId, 'The API');
      const ownerId = await signedInUserId(supabase);
      const { data, error, status } = await supabase.from('Api').delete().eq('id', apiId).eq('owner_id', ownerId).select('id');
      if (error) throw fromPostgrest(error, status);
      if (data.length === 0) throw apiNotFound({ apiId });
    },

    async setSecret(apiId, secret) {
      requireUuid(apiId, 'The API');
      if (secret !== null && (secret.length === 0 || secret.length > 4000 || /[\r\n\0]/.test(secret))) {
        throw invalidInput('A secret is 1 to 4000 characters on one line.');
      }
      return parseResponse(secretMarkerSchema, await invokeFunction(supabase, 'api-secret', { api_id: apiId, secret }), 'api-secret');
    },

    async testCall({ apiId, endpointId, params }) {
      requireUuid(apiId, 'The API');
      requireUuid(endpointId, 'The endpoint');
      const data = await invokeFunction(supabase, 'api-test-call', { api_id: apiId, endpoint_id: endpointId, params });
      return parseResponse(testResultSchema, data, 'api-test-call');
    },

    async importOpenApi(source) {
      if ('url' in source ? !/^https?:\/\/\S+$/i.test(source.url) : source.document.trim() === '') {
        throw invalidInput('url' in source ? 'Give the document’s http(s) URL.' : 'The document is empty.');
      }
      const data = await invokeFunction(supabase, 'api-import-openapi', 'url' in source ? { url: source.url } : { document: source.document });
      return parseResponse(importPreviewSchema, data, 'api-import-openapi');
    },

    async usage(apiId) {
      requireUuid(apiId, 'The API');
      const ownerId = await signedInUserId(supabase);
      const apps = await supabase.from('App').select('id, name, draft_version_id, deployed_version_id').eq('owner_id', ownerId).limit(1000);
      if (apps.error) throw fromPostgrest(apps.error, apps.status);
      const appRows = parseResponse(
        z.array(z.object({ id: z.string(), name: z.string(), draft_version_id: z.string().nullable(), deployed_version_id: z.string().nullable() })),
        apps.data,
        'your apps',
      );
      const versionIds = appRows.flatMap((app) => [app.draft_version_id, app.deployed_version_id]).filter((id): id is string => id !== null);
      if (versionIds.length === 0) return [];
      const versions = await supabase.from('AppVersion').select('id, app_id, spec').in('id', [...new Set(versionIds)]);
      if (versions.error) throw fromPostgrest(versions.error, versions.status);
      const specs = parseResponse(z.array(z.object({ id: z.string(), app_id: z.string(), spec: z.unknown() })), versions.data, 'your apps’ versions');
      return appRows.flatMap((app) => {
        const steps = new Set(specs.filter((v) => v.app_id === app.id).flatMap((v) => apiStepsIn(v.spec, apiId)));
        return steps.size > 0 ? [{ app_id: app.id, app_name: app.name, steps: [...steps] }] : [];
      });
    },
  };
}
