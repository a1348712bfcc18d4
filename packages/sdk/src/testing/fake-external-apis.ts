/* eslint-disable @typescript-eslint/require-await -- the in-memory methods are async like the real
   ones so that a throw arrives as a rejected promise, exactly as callers will see it. */
// The in-memory "Your APIs" of the fake client, with the rules a user would notice: only the owner
// sees or changes an API; secrets are kept apart and only "set · last 4" comes back; the test
// console answers with what `testAnswers` holds for the endpoint (or a 200 echo of the request).
import { UUID_PATTERN, invalidInput } from '../app-rows';
import type { AppDetail, AppVersionRow } from '../app-rows';
import { invalidFrom } from '../database-rows';
import { AppforgeError } from '../errors';
import { apiInputSchema, apiPatchSchema, apiStepsIn, endpointInputSchema, endpointRows } from '../external-apis';
import type { ApiDetail, ApiImportPreview, ApiTestResult, ExternalApisApi } from '../external-apis';
import type { Session } from '../types';
import { z } from 'zod';

export interface FakeExternalApisData {
  session: Session | null;
  apps: Record<string, AppDetail>;
  versions: Record<string, AppVersionRow>;
  /** Every API by id with its endpoints, whoever owns it (see makeExternalApi). */
  externalApis: Record<string, ApiDetail>;
  /** Secrets by API id: kept here only, never returned. */
  apiSecrets: Record<string, string>;
  /** What the test console answers for an endpoint id; absent → a 200 echo of the request. */
  apiTestAnswers: Record<string, ApiTestResult | AppforgeError>;
  /** What importing a document gives, by its URL (or `document` for uploaded text). */
  apiImports: Record<string, ApiImportPreview | AppforgeError>;
}

const notFound = (): AppforgeError => new AppforgeError({ code: 'not_found', message: 'This API was not found.', status: 404 });

export function createFakeExternalApis(data: FakeExternalApisData): ExternalApisApi {
  const now = (): string => new Date().toISOString();
  function requireUser(): string {
    const id = data.session?.user.id;
    if (id === undefined) throw new AppforgeError({ code: 'not_authenticated', message: 'Sign in first.', status: 401 });
    return id;
  }
  function own(apiId: string): ApiDetail {
    const api = UUID_PATTERN.test(apiId) ? data.externalApis[apiId] : undefined;
    if (!api || api.owner_id !== data.session?.user.id) throw notFound();
    return api;
  }
  const copy = (api: ApiDetail): ApiDetail => structuredClone(api);
  const endpointsFrom = (apiId: string, endpoints: z.output<typeof endpointInputSchema>[]): ApiDetail['endpoints'] =>
    endpointRows(apiId, endpoints).map((row, index) => ({ ...row, id: endpoints[index]?.id ?? crypto.randomUUID() }));

  return {
    async listMine() {
      const ownerId = requireUser();
      return Object.values(data.externalApis)
        .filter((api) => api.owner_id === ownerId)
        .sort((a, b) => b.updated_at.localeCompare(a.updated_at))
        .map(({ endpoints, ...row }) => ({ ...row, endpoint_count: endpoints.length }));
    },
    async get(apiId) {
      requireUser();
      return copy(own(apiId));
    },
    async create(input) {
      const parsed = apiInputSchema.safeParse(input);
      if (!parsed.success) throw invalidFrom(parsed.error, 'The API is not valid.');
      const ownerId = requireUser();
      const { endpoints, ...fields } = parsed.data;
      const id = crypto.randomUUID();
      const at = now();
      const api: ApiDetail = {
        id,
        owner_id: ownerId,
        ...fields,
        secret_set: false,
        secret_last4: '',
        last_test_status: null,
        last_test_ms: null,
        last_test_at: null,
        created_at: at,
        updated_at: at,
        endpoints: endpointsFrom(id, endpoints),
      };
      data.externalApis[id] = api;
      return copy(api);
    },
    async update(apiId, patch) {
      const parsed = apiPatchSchema.safeParse(patch);
      if (!parsed.success) throw invalidFrom(parsed.error, 'The change is not valid.');
      requireUser();
      const api = own(apiId);
      const updated: ApiDetail = { ...api, ...parsed.data, updated_at: now() };
      data.externalApis[apiId] = updated;
      return copy(updated);
    },
    async saveEndpoints(apiId, endpoints) {
      const parsed = z.array(endpointInputSchema).max(200).safeParse(endpoints);
      if (!parsed.success) throw invalidFrom(parsed.error, 'The endpoints are not valid.');
      requireUser();
      const api = own(apiId);
      if (parsed.data.some((e) => e.id !== undefined && !api.endpoints.some((known) => known.id === e.id))) {
        throw invalidInput('An endpoint does not belong to this API.');
      }
      const updated: ApiDetail = { ...api, endpoints: endpointsFrom(apiId, parsed.data), updated_at: now() };
      data.externalApis[apiId] = updated;
      return copy(updated);
    },
    async remove(apiId) {
      requireUser();
      own(apiId);
      Reflect.deleteProperty(data.externalApis, apiId);
      Reflect.deleteProperty(data.apiSecrets, apiId);
    },
    async setSecret(apiId, secret) {
      if (secret !== null && (secret.length === 0 || secret.length > 4000 || /[\r\n\0]/.test(secret))) {
        throw invalidInput('A secret is 1 to 4000 characters on one line.');
      }
      requireUser();
      const api = own(apiId);
      if (secret === null) Reflect.deleteProperty(data.apiSecrets, apiId);
      else data.apiSecrets[apiId] = secret;
      const chars = [...(secret ?? '')];
      const marker = { secret_set: secret !== null, secret_last4: chars.length >= 12 ? chars.slice(-4).join('') : chars.length >= 8 ? chars.slice(-2).join('') : '' };
      data.externalApis[apiId] = { ...api, ...marker };
      return marker;
    },
    async testCall({ apiId, endpointId, params }) {
      requireUser();
      const api = own(apiId);
      const endpoint = api.endpoints.find((e) => e.id === endpointId);
      if (!endpoint) throw notFound();
      for (const parameter of endpoint.parameters) {
        if (parameter.required && !params[parameter.name]) {
          throw new AppforgeError({ code: 'missing_parameter', message: `${endpoint.name} needs the parameter ${parameter.name}.`, status: 422 });
        }
      }
      const answer = data.apiTestAnswers[endpointId];
      if (answer instanceof AppforgeError) throw answer;
      const url = `${api.base_url.replace(/\/+$/, '')}${endpoint.path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(params[name] ?? ''))}`;
      const result: ApiTestResult = answer ?? {
        status: 200,
        ok: true,
        headers: { 'content-type': 'application/json' },
        duration_ms: 42,
        size_bytes: 2,
        body: JSON.stringify({ params }),
        truncated: false,
        output: { params },
        request: { method: endpoint.method, url, curl: `curl -X ${endpoint.method} '${url}'${api.auth_kind === 'none' ? '' : ` \\\n  -H 'authorization: ••••'`}` },
      };
      data.externalApis[apiId] = { ...api, last_test_status: result.status, last_test_ms: Math.round(result.duration_ms), last_test_at: now() };
      return structuredClone(result);
    },
    async importOpenApi(source) {
      requireUser();
      const answer = data.apiImports['url' in source ? source.url : 'document'];
      if (answer instanceof AppforgeError) throw answer;
      if (!answer) throw new AppforgeError({ code: 'invalid_document', message: 'This is not a valid OpenAPI 3 or Swagger 2 document.', status: 422 });
      return structuredClone(answer);
    },
    async usage(apiId) {
      const ownerId = requireUser();
      own(apiId);
      return Object.values(data.apps)
        .filter((app) => app.owner_id === ownerId)
        .flatMap((app) => {
          const specs = [app.draft_version_id, app.deployed_version_id].flatMap((id) => (id && data.versions[id] ? [data.versions[id].spec] : []));
          const steps = new Set(specs.flatMap((spec) => apiStepsIn(spec, apiId)));
          return steps.size > 0 ? [{ app_id: app.id, app_name: app.name, steps: [...steps] }] : [];
        });
    },
  };
}
