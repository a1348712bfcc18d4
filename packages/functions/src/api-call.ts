// One call of an owner's API endpoint, shared by the test console (`api-test-call`) and the `api`
// steps of running apps (`run-app`): read the Api, its endpoint and its secret with the service
// role (the API must belong to `ownerId`), build the request from the parameters, send it through
// the guarded outbound client, and hand back what came back with the secret scrubbed out.
import type { ApiCatalogue } from '@appforge/engine';
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { decryptSecret, encryptSecret } from './api-secrets.ts';
import type { SecretKeys } from './api-secrets.ts';
import { DEFAULT_OUTBOUND_POLICY, OutboundError, outboundFetch } from './outbound.ts';
import type { OutboundPolicy } from './outbound.ts';

export const API_AUTH_KINDS = ['none', 'header', 'bearer', 'query', 'basic'] as const;
export type ApiAuthKind = (typeof API_AUTH_KINDS)[number];
export const PARAMETER_LOCATIONS = ['path', 'query', 'header', 'body'] as const;
export const PARAMETER_TYPES = ['string', 'number', 'integer', 'boolean'] as const;

export const endpointParameterSchema = z.object({
  name: z.string().trim().min(1).max(100),
  in: z.enum(PARAMETER_LOCATIONS),
  type: z.enum(PARAMETER_TYPES).catch('string').default('string'),
  required: z.boolean().catch(false).default(false),
  description: z.string().max(2000).optional().catch(undefined),
});
export type EndpointParameter = z.output<typeof endpointParameterSchema>;

export interface ApiRow {
  id: string;
  owner_id: string;
  name: string;
  base_url: string;
  auth_kind: ApiAuthKind;
  auth_name: string;
  timeout_ms: number;
}

export interface EndpointRow {
  id: string;
  api_id: string;
  name: string;
  method: string;
  path: string;
  parameters: unknown;
  body_template: string;
  response_path: string;
}

/** Server settings for API calls (FunctionEnv.apis). */
export interface ApiCallEnv {
  readonly secretKeys: SecretKeys;
  readonly outbound: OutboundPolicy;
}

/** A refusal or failure a person can act on; its message never contains the secret. */
export class ApiCallError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 0,
  ) {
    super(message);
    this.name = 'ApiCallError';
  }
}

export interface PreparedCall {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: string | undefined;
  /** Header names that carry the credential. */
  readonly sensitiveHeaders: string[];
  /** The same request for people: the secret replaced by •••• (URL and curl). */
  readonly maskedUrl: string;
  readonly curl: string;
}

export const MASK = '••••';

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function convert(parameter: EndpointParameter, value: string): string | number | boolean {
  if (parameter.type === 'number' || parameter.type === 'integer') {
    const number = Number(value.trim());
    if (value.trim() === '' || !Number.isFinite(number) || (parameter.type === 'integer' && !Number.isInteger(number))) {
      throw new ApiCallError('invalid_parameter', `The parameter ${parameter.name} must be ${parameter.type === 'integer' ? 'a whole number' : 'a number'}, not “${value.slice(0, 40)}”.`);
    }
    return number;
  }
  if (parameter.type === 'boolean') {
    if (!/^(true|false)$/i.test(value.trim())) throw new ApiCallError('invalid_parameter', `The parameter ${parameter.name} must be true or false.`);
    return value.trim().toLowerCase() === 'true';
  }
  return value;
}

export function parseParameters(value: unknown): EndpointParameter[] {
  const parsed = z.array(endpointParameterSchema).max(50).safeParse(value);
  if (!parsed.success) throw new ApiCallError('invalid_endpoint', 'This endpoint’s parameters are malformed; edit the endpoint.');
  return parsed.data;
}

/** Builds the HTTP request; throws ApiCallError for an unknown, missing or mistyped parameter. */
export function prepareCall(api: ApiRow, endpoint: EndpointRow, params: Readonly<Record<string, string>>, secret: string | null): PreparedCall {
  const parameters = parseParameters(endpoint.parameters);
  const byName = new Map(parameters.map((p) => [p.name, p]));
  for (const name of Object.keys(params)) {
    if (!byName.has(name)) throw new ApiCallError('unknown_parameter', `${endpoint.name} has no parameter ${name}.`);
  }
  let path = endpoint.path;
  const query = new URLSearchParams();
  const headers: Record<string, string> = { accept: 'application/json, text/plain;q=0.9, */*;q=0.5', 'user-agent': 'Appforge/1 (+api step)' };
  const bodyValues: Record<string, string | number | boolean> = {};
  for (const parameter of parameters) {
    const raw = Object.hasOwn(params, parameter.name) ? params[parameter.name] : undefined;
    if (raw === undefined || raw === '') {
      if (parameter.required) throw new ApiCallError('missing_parameter', `${endpoint.name} needs the parameter ${parameter.name}.`);
      if (parameter.in === 'path') path = path.replaceAll(`{${parameter.name}}`, '');
      continue;
    }
    const value = convert(parameter, raw);
    if (parameter.in === 'path') path = path.replaceAll(`{${parameter.name}}`, encodeURIComponent(String(value)));
    else if (parameter.in === 'query') query.append(parameter.name, String(value));
    else if (parameter.in === 'header') headers[parameter.name] = String(value);
    else bodyValues[parameter.name] = value;
  }
  const leftover = /\{([^}]+)\}/.exec(path);
  if (leftover) throw new ApiCallError('missing_parameter', `${endpoint.name} needs the path parameter ${leftover[1] ?? ''}.`);

  let url: URL;
  try {
    url = new URL(`${api.base_url.replace(/\/+$/, '')}${path}`);
  } catch {
    throw new ApiCallError('invalid_url', `The base URL of ${api.name} and the path of ${endpoint.name} do not make a valid URL.`);
  }
  for (const [name, value] of query) url.searchParams.append(name, value);

  let body: string | undefined;
  const method = endpoint.method.toUpperCase();
  if (method !== 'GET' && method !== 'DELETE') {
    if (endpoint.body_template.trim() !== '') {
      body = endpoint.body_template.replace(/\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g, (_match, name: string) => {
        const value = bodyValues[name] ?? (Object.hasOwn(params, name) ? params[name] : undefined);
        return value === undefined ? '' : JSON.stringify(String(value)).slice(1, -1);
      });
    } else if (Object.keys(bodyValues).length > 0) body = JSON.stringify(bodyValues);
    if (body !== undefined) headers['content-type'] = 'application/json';
  }

  const maskedUrl = new URL(url);
  const sensitiveHeaders: string[] = [];
  const maskedHeaders: Record<string, string> = { ...headers };
  if (api.auth_kind !== 'none') {
    if (secret === null || secret === '') throw new ApiCallError('secret_missing', `${api.name} needs its secret: set it on the API’s page.`);
    if (api.auth_kind === 'query') {
      url.searchParams.set(api.auth_name, secret);
      maskedUrl.searchParams.set(api.auth_name, MASK);
    } else {
      const name = api.auth_kind === 'header' ? api.auth_name : 'authorization';
      const value =
        api.auth_kind === 'header' ? secret : api.auth_kind === 'bearer' ? `Bearer ${secret}` : `Basic ${Buffer.from(`${api.auth_name}:${secret}`).toString('base64')}`;
      headers[name] = value;
      maskedHeaders[name] = api.auth_kind === 'header' ? MASK : api.auth_kind === 'bearer' ? `Bearer ${MASK}` : `Basic ${MASK}`;
      sensitiveHeaders.push(name);
    }
  }
  const curl = [
    `curl -X ${method} ${shellQuote(maskedUrl.toString())}`,
    ...Object.entries(maskedHeaders).map(([name, value]) => `-H ${shellQuote(`${name}: ${value}`)}`),
    ...(body !== undefined ? [`--data ${shellQuote(body)}`] : []),
  ].join(' \\\n  ');
  return { method, url: url.toString(), headers, body, sensitiveHeaders, maskedUrl: maskedUrl.toString(), curl };
}

/**
 * Replaces every occurrence of the secret in text meant for people, however it was sent or echoed
 * back: as is (a header, a JSON value), percent-encoded in either hex case, once or twice, or
 * form-encoded (a query string, a form body: spaces as `+`), in a JSON string (short and \u
 * escapes), and in base64 or base64url, alone or inside a longer value such as Basic auth's
 * base64(user:secret), whose whole token is masked. Encodings may mix within one occurrence.
 */
export function scrub(text: string, secret: string | null): string {
  if (secret === null || secret.length < 4) return text;
  return maskBase64(text.replace(secretPattern(secret), MASK), secret);
}

const REGEX_SPECIAL = /[.*+?^${}()|[\]\\/-]/g;
const JSON_SHORT_ESCAPES: Readonly<Record<string, string>> = { '"': '\\"', '\\': '\\\\', '/': '\\/', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** A hex number as a pattern matching either case: 2f → 2[fF]. */
function hexPattern(value: number, width: number): string {
  return value
    .toString(16)
    .padStart(width, '0')
    .replace(/[a-f]/g, (digit) => `[${digit}${digit.toUpperCase()}]`);
}

/** One pattern for the secret where each character may come in any of its textual encodings. */
function secretPattern(secret: string): RegExp {
  const encoder = new TextEncoder();
  const characters = Array.from(secret).map((character) => {
    const forms = [character.replace(REGEX_SPECIAL, '\\$&')];
    forms.push(Array.from(encoder.encode(character), (byte) => `%(?:25)?${hexPattern(byte, 2)}`).join(''));
    if (character === ' ') forms.push('\\+');
    const short = JSON_SHORT_ESCAPES[character];
    if (short) forms.push(short.replace(REGEX_SPECIAL, '\\$&'));
    const units = Array.from({ length: character.length }, (_, index) => character.charCodeAt(index));
    forms.push(units.map((unit) => `\\\\u${hexPattern(unit, 4)}`).join(''));
    return `(?:${forms.join('|')})`;
  });
  return new RegExp(characters.join(''), 'g');
}

/**
 * The base64 text that only the secret's bytes determine, for each of the three alignments the
 * secret can have inside a longer encoded value (base64 turns 3 bytes into 4 characters), for the
 * secret as is and as it stands in a JSON string, a URL and a form body before being encoded.
 */
function base64Cores(secret: string): string[] {
  const spellings = new Set([secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2)]);
  return [...spellings].flatMap(alignedCores);
}

function alignedCores(text: string): string[] {
  const bytes = new TextEncoder().encode(text);
  const cores: string[] = [];
  for (const offset of [0, 1, 2]) {
    const padded = new Uint8Array(offset + bytes.length);
    padded.set(bytes, offset);
    const encoded = Buffer.from(padded).toString('base64');
    const core = encoded.slice(Math.ceil((offset * 8) / 6), Math.floor(((offset + bytes.length) * 8) / 6));
    if (core.length >= 4) cores.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return cores;
}

/** Masks every base64/base64url token that holds the secret at any alignment. */
function maskBase64(text: string, secret: string): string {
  const cores = base64Cores(secret).filter((core) => text.includes(core));
  if (cores.length === 0) return text;
  return text.replace(/[A-Za-z0-9+/_-]+={0,2}/g, (token) => (cores.some((core) => token.includes(core)) ? MASK : token));
}

/** Evaluates `$.a.b[0].c` (dots and [index] only); '' or '$' is the whole value. */
export function selectJsonPath(value: unknown, path: string): { found: boolean; value: unknown } {
  const trimmed = path.trim().replace(/^\$\.?/, '');
  if (trimmed === '') return { found: true, value };
  let current: unknown = value;
  for (const part of trimmed.split(/\.|(?=\[)/)) {
    if (part === '') continue;
    const index = /^\[(\d+)\]$/.exec(part);
    if (index) {
      if (!Array.isArray(current)) return { found: false, value: undefined };
      current = current[Number(index[1])];
    } else {
      const key = part.replace(/^\[["']?|["']?\]$/g, '');
      if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) return { found: false, value: undefined };
      current = (current as Record<string, unknown>)[key];
    }
    if (current === undefined) return { found: false, value: undefined };
  }
  return { found: true, value: current };
}

export interface CallResult {
  readonly status: number;
  readonly ok: boolean;
  readonly headers: Record<string, string>;
  readonly durationMs: number;
  readonly sizeBytes: number;
  /** The answer as text, secret scrubbed, at most `bodyPreviewBytes`. */
  readonly bodyText: string;
  readonly truncated: boolean;
  /** The parsed JSON answer (secret scrubbed), or the text when it is not JSON. */
  readonly data: unknown;
  /** `data` at the endpoint's response path. */
  readonly output: unknown;
  readonly request: { readonly method: string; readonly url: string; readonly curl: string };
}

export interface LoadedEndpoint {
  readonly api: ApiRow;
  readonly endpoint: EndpointRow;
  readonly secret: string | null;
}

const API_COLUMNS = 'id, owner_id, name, base_url, auth_kind, auth_name, timeout_ms';
const ENDPOINT_COLUMNS = 'id, api_id, name, method, path, parameters, body_template, response_path';

/** The owner's API and endpoint with its secret; null when either is not theirs or does not exist. */
export async function loadEndpoint(
  supabase: SupabaseClient,
  env: ApiCallEnv,
  ownerId: string,
  apiId: string,
  endpointId: string,
): Promise<LoadedEndpoint | null> {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (!UUID.test(apiId) || !UUID.test(endpointId)) return null;
  const api = await supabase.from('Api').select(API_COLUMNS).eq('id', apiId).eq('owner_id', ownerId).maybeSingle<ApiRow>();
  if (api.error) throw new Error(`Reading the API failed: ${api.error.message}`);
  if (!api.data) return null;
  const endpoint = await supabase.from('ApiEndpoint').select(ENDPOINT_COLUMNS).eq('id', endpointId).eq('api_id', apiId).maybeSingle<EndpointRow>();
  if (endpoint.error) throw new Error(`Reading the endpoint failed: ${endpoint.error.message}`);
  if (!endpoint.data) return null;
  return { api: api.data, endpoint: endpoint.data, secret: await readSecret(supabase, env, apiId) };
}

/** The API's secret in plain text (service role only); re-encrypted under SECRETS_KEY when it was made with a previous key. */
export async function readSecret(supabase: SupabaseClient, env: ApiCallEnv, apiId: string): Promise<string | null> {
  const stored = await supabase.from('ApiSecret').select('ciphertext').eq('api_id', apiId).maybeSingle<{ ciphertext: string }>();
  if (stored.error) throw new Error(`Reading the API's secret failed: ${stored.error.message}`);
  if (!stored.data) return null;
  const { plain, stale } = decryptSecret(stored.data.ciphertext, apiId, env.secretKeys);
  if (stale) {
    await supabase.from('ApiSecret').update({ ciphertext: encryptSecret(plain, apiId, env.secretKeys) }).eq('api_id', apiId);
  }
  return plain;
}

/** Makes the call; throws ApiCallError (refusals, failures) with the secret never in its message. */
export async function callEndpoint(
  loaded: LoadedEndpoint,
  params: Readonly<Record<string, string>>,
  env: ApiCallEnv,
  options: { allowHosts?: readonly string[]; signal?: AbortSignal; bodyPreviewBytes?: number } = {},
): Promise<CallResult> {
  const { api, endpoint, secret } = loaded;
  const prepared = prepareCall(api, endpoint, params, secret);
  const policy: OutboundPolicy = {
    ...DEFAULT_OUTBOUND_POLICY,
    ...env.outbound,
    timeoutMs: Math.min(api.timeout_ms, env.outbound.timeoutMs),
    allowHosts: options.allowHosts ?? [],
  };
  let answer;
  try {
    answer = await outboundFetch(
      {
        url: prepared.url,
        method: prepared.method,
        headers: prepared.headers,
        sensitiveHeaders: prepared.sensitiveHeaders,
        ...(prepared.body !== undefined ? { body: prepared.body } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      },
      policy,
    );
  } catch (error) {
    if (error instanceof OutboundError) throw new ApiCallError(error.code, scrub(error.message, secret));
    throw error;
  }
  const fullText = scrub(new TextDecoder().decode(answer.body), secret);
  const limit = options.bodyPreviewBytes ?? 64 * 1024;
  const truncated = fullText.length > limit;
  let data: unknown = fullText;
  try {
    data = JSON.parse(fullText) as unknown;
  } catch {
    // Not JSON: the text is the answer.
  }
  const selected = selectJsonPath(data, endpoint.response_path);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers)) headers[name] = scrub(value, secret);
  return {
    status: answer.status,
    ok: answer.status >= 200 && answer.status < 300,
    headers,
    durationMs: answer.durationMs,
    sizeBytes: answer.body.byteLength,
    bodyText: truncated ? fullText.slice(0, limit) : fullText,
    truncated,
    data,
    output: selected.found ? selected.value : null,
    request: { method: prepared.method, url: prepared.maskedUrl, curl: prepared.curl },
  };
}

/** The owner's APIs as the engine's validator needs them (deploy-app checks `api` steps with it). */
export async function ownerApiCatalogue(supabase: SupabaseClient, ownerId: string): Promise<ApiCatalogue> {
  const apis = await supabase.from('Api').select('id, name, ApiEndpoint(id, name, parameters)').eq('owner_id', ownerId).limit(500);
  if (apis.error) throw new Error(`Reading the owner's APIs failed: ${apis.error.message}`);
  const rows = apis.data as unknown as { id: string; name: string; ApiEndpoint: { id: string; name: string; parameters: unknown }[] }[];
  return rows.map((api) => ({
    id: api.id,
    name: api.name,
    endpoints: api.ApiEndpoint.map((endpoint) => {
      let parameters: EndpointParameter[] = [];
      try {
        parameters = parseParameters(endpoint.parameters);
      } catch {
        // A malformed endpoint is reported when it is called; for validation it has no parameters.
      }
      return { id: endpoint.id, name: endpoint.name, parameters: parameters.map((p) => ({ name: p.name, required: p.required })) };
    }),
  }));
}
