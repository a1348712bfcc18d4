// The public reads of the sign-in path over plain fetch (PostgREST's wire format, seed §7.1),
// answering exactly like the full client's apps/bundles/customDomains modules: the same rows,
// the same AppforgeError codes (`not_found` for an unknown, private or malformed id).
import { appIconUrl } from '../icon-url';
import { JOIN_CODE_PATTERN, normaliseJoinCode } from '../join-code';
import type { ClassJoinPreview } from '../join-code';
import type { CustomDomainTarget } from '../types';
import { AppforgeError, fromPostgrest, networkError, normaliseHost } from './appforge-error';

export interface RestReads {
  apps: { getName(appId: string): Promise<string>; getSignInIcon(appId: string): Promise<string | null> };
  bundles: { getName(bundleId: string): Promise<string>; getSignInIcon(bundleId: string): Promise<string | null> };
  customDomains: { lookup(host: string): Promise<CustomDomainTarget | null> };
  /** A join link's class, for "You are joining …" (the full client's classes.joinPreview). */
  classes: { joinPreview(code: string): Promise<ClassJoinPreview | null> };
}

export interface RestReadsOptions {
  /** `<backend>/rest/v1/`, with the trailing slash. */
  restUrl: string;
  anonKey: string;
  /** The signed-in person's access token, or the anon key (what supabase-js sends). */
  accessToken: () => Promise<string>;
  fetch?: typeof fetch | undefined;
  /** App icons as Storage renderings (createAppforgeClient's `imageTransformations`); off when unset. */
  imageTransformations?: boolean | undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function notFound(what: 'App' | 'Bundle', id: string): AppforgeError {
  return new AppforgeError({
    code: 'not_found',
    message: `${what === 'App' ? 'This app' : 'This bundle'} was not found or is not public.`,
    status: 404,
    cause: { id },
  });
}

function invalidResponse(what: string, cause?: unknown): AppforgeError {
  return new AppforgeError({ code: 'invalid_response', message: `The server sent an unexpected answer for ${what}.`, cause });
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isStringOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';

/** A CustomDomain row as the seed's query selects it; anything else is the server's fault. */
function toCustomDomainTarget(row: unknown): CustomDomainTarget {
  if (
    isRecord(row) &&
    isStringOrNull(row.app_id) &&
    typeof row.is_app === 'boolean' &&
    typeof row.is_landing_page === 'boolean' &&
    isStringOrNull(row.bundle_id) &&
    typeof row.is_bundle === 'boolean'
  ) {
    return { app_id: row.app_id, is_app: row.is_app, is_landing_page: row.is_landing_page, bundle_id: row.bundle_id, is_bundle: row.is_bundle };
  }
  throw invalidResponse('the custom domain', row);
}

/** The JSON body of a PostgREST answer, or its error as an AppforgeError like postgrest-js's. */
export async function answerOf(response: Response, what: string): Promise<unknown> {
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    if (!response.ok) throw new AppforgeError({ code: 'unknown_error', message: `The server answered ${response.status}.`, status: response.status, cause: error });
    throw invalidResponse(what, error);
  }
  if (!response.ok) {
    const message = isRecord(body) && typeof body.message === 'string' ? body.message : `The server answered ${response.status}.`;
    const code = isRecord(body) && typeof body.code === 'string' ? body.code : '';
    throw fromPostgrest({ message, code }, response.status);
  }
  return body;
}

/** The requests every read is made of: a filtered select, a JSON POST and an RPC, with the caller's token. */
export interface RestCore {
  readonly options: RestReadsOptions;
  select(table: string, columns: string, column: string, value: string, also?: Record<string, string>): Promise<unknown[]>;
  postJson(url: URL, body: unknown): Promise<Response>;
  rpc(name: string, args: Record<string, string>): Promise<unknown>;
}

/**
 * The requests, alone: a light client takes only the reads it needs (top-level functions below),
 * so the visitor's entry does not carry the sign-in path's reads (issue 28's 90 KB budget).
 */
export function createRestCore(options: RestReadsOptions): RestCore {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  /** GET <table>?select=…&<column>=eq.<value>(&<also>=eq.…); the rows, or an AppforgeError like postgrest-js's. */
  async function select(table: string, columns: string, column: string, value: string, also: Record<string, string> = {}): Promise<unknown[]> {
    const url = new URL(table, options.restUrl);
    url.searchParams.set('select', columns);
    url.searchParams.set(column, `eq.${value}`);
    for (const [name, equals] of Object.entries(also)) url.searchParams.set(name, `eq.${equals}`);
    let response: Response;
    try {
      response = await doFetch(url, {
        headers: { apikey: options.anonKey, Authorization: `Bearer ${await options.accessToken()}`, Accept: 'application/json' },
      });
    } catch (error) {
      throw networkError(error);
    }
    const body = await answerOf(response, table);
    if (!Array.isArray(body)) throw invalidResponse(table, body);
    return body as unknown[];
  }

  /** POST a JSON body with the anon key and the caller's token (as supabase-js sends them); network failures as network_error. */
  async function postJson(url: URL, body: unknown): Promise<Response> {
    try {
      return await doFetch(url, {
        method: 'POST',
        headers: {
          apikey: options.anonKey,
          Authorization: `Bearer ${await options.accessToken()}`,
          Accept: 'application/json',
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(body),
      });
    } catch (error) {
      throw networkError(error);
    }
  }

  /** POST rpc/<name> with JSON arguments; the function's result, or an AppforgeError like postgrest-js's. */
  async function rpc(name: string, args: Record<string, string>): Promise<unknown> {
    return answerOf(await postJson(new URL(`rpc/${name}`, options.restUrl), args), name);
  }

  return { options, select, postJson, rpc };
}

/** An app's or a bundle's name (seed §7.1); a hidden deployed app's by app_sign_in_name. */
export async function nameOf(core: RestCore, table: 'App' | 'Bundle', id: string): Promise<string> {
  if (!UUID.test(id)) throw notFound(table, id);
  // seed §7.1: select name from App/Bundle where id equals the given id, single row.
  const [row] = await core.select(table, 'name', 'id', id);
  if (row === undefined && table === 'App') {
    // A deployed app for signed-in people is hidden from signed-out visitors; its name is not.
    const name = await core.rpc('app_sign_in_name', { app_id: id });
    if (typeof name !== 'string') throw notFound(table, id);
    return name;
  }
  if (row === undefined) throw notFound(table, id);
  if (!isRecord(row) || typeof row.name !== 'string') throw invalidResponse(table, row);
  return row.name;
}

/** The icon's public URL in the app-icons bucket (as the full client spells it), or null. */
async function signInIcon(core: RestCore, kind: 'app' | 'bundle', id: string): Promise<string | null> {
  if (!UUID.test(id)) return null;
  const path = await core.rpc('sign_in_icon', { item_kind: kind, item_id: id });
  if (path === null) return null;
  if (typeof path !== 'string') throw invalidResponse('sign_in_icon', path);
  return appIconUrl(new URL('../../', core.options.restUrl).href, path, { imageTransformations: core.options.imageTransformations ?? false });
}

/** POST functions/v1/join-class { code, preview: true }: the names, null when no open class has the code. */
async function joinPreview(core: RestCore, code: string): Promise<ClassJoinPreview | null> {
  const normalised = normaliseJoinCode(code);
  if (!JOIN_CODE_PATTERN.test(normalised)) return null;
  const response = await core.postJson(new URL('../../functions/v1/join-class', core.options.restUrl), { code: normalised, preview: true });
  if (response.status === 404 || response.status === 410) return null;
  const body = await answerOf(response, 'join-class');
  if (isRecord(body)) {
    const schoolName = body.schoolName ?? null;
    if (typeof body.className === 'string' && isStringOrNull(schoolName)) return { className: body.className, schoolName };
  }
  throw invalidResponse('join-class', body);
}

/** A custom domain's target, for any host: only a verified domain serves (seed §7.1's CustomDomain read). */
export async function lookupCustomDomain(core: RestCore, host: string): Promise<CustomDomainTarget | null> {
  const value = normaliseHost(host);
  if (value === '') return null;
  // seed §7.1: select app_id, is_app, is_landing_page, bundle_id, is_bundle from CustomDomain
  // where value equals the current host name.
  // Only a verified domain serves: its owner (who may read their pending ones) is no exception.
  const [row] = await core.select('CustomDomain', 'app_id,is_app,is_landing_page,bundle_id,is_bundle', 'value', value, { status: 'verified' });
  return row === undefined ? null : toCustomDomainTarget(row);
}

export function createRestReads(options: RestReadsOptions): RestReads {
  const core = createRestCore(options);
  return {
    classes: { joinPreview: (code) => joinPreview(core, code) },
    apps: { getName: (appId) => nameOf(core, 'App', appId), getSignInIcon: (appId) => signInIcon(core, 'app', appId) },
    bundles: { getName: (bundleId) => nameOf(core, 'Bundle', bundleId), getSignInIcon: (bundleId) => signInIcon(core, 'bundle', bundleId) },
    customDomains: { lookup: (host) => lookupCustomDomain(core, host) },
  };
}
