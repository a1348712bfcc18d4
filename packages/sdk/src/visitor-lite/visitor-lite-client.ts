// The light visitor entry's client (issue 28): what a signed-out first visit to a deployed app,
// a landing page, a bundle page or a custom domain's root needs — the public app, the public
// bundle page, whether an app is sold, a hidden app's sign-in name, the custom-domain lookup and
// the run stream — as plain fetch with the anon key. No supabase-js, no auth-js, no zod (its core
// alone is ~16 KB gz of the 90 KB budget): each answer is checked field by field by the rules of
// the full client's zod schemas instead. A signed-in visitor (a session stored on this device)
// gets the full shell.
import { DEFAULT_DESIGN, DEFAULT_PRICE } from '../app-defaults';
import type { AppDesign, AppPrice, PublicApp } from '../app-rows';
import type { Access, BundleAppEntry, BundlePage } from '../bundle-rows';
import type { RunStreamEvent } from '../run-events';
import { readSse } from '../sse';
import type { RunContinueOptions, RunStartOptions } from '../types';
import { AppforgeError, NETWORK_MESSAGE, networkError } from '../auth-lite/appforge-error';
import { answerOf, createRestCore, lookupCustomDomain, nameOf } from '../auth-lite/rest-reads';
import { appIconUrl } from '../icon-url';
import type { RestReads } from '../auth-lite/rest-reads';
import { checkRunStreamEvent } from './run-event-checks';

export interface VisitorLiteClientOptions {
  /** The backend's base URL and its public anon key, as for createAppforgeClient. */
  url: string;
  anonKey: string;
  fetch?: typeof fetch;
  /** As for createAppforgeClient: app icons as Storage renderings. */
  imageTransformations?: boolean;
}

export interface VisitorLiteClient {
  apps: {
    /** What a visitor sees of an app with its deployed version: `not_found` for an unknown or private one. */
    getPublic(appId: string): Promise<PublicApp>;
    /** Whether a visitor must pay for the app: its own price, or a paid bundle holding it. */
    isSold(app: Pick<PublicApp, 'id' | 'price'>): Promise<boolean>;
    /**
     * The name a signed-out visitor may see of an app hidden from them (a deployed app open to
     * signed-in people, via `app_sign_in_name`), as the full client's apps.getName: `not_found` otherwise.
     */
    getName(appId: string): Promise<string>;
  };
  bundles: {
    /** The public bundle page as a signed-out visitor sees it (rpc `bundle_page`): `not_found` for an unknown or private one. */
    getPage(bundleId: string): Promise<BundlePage>;
  };
  customDomains: RestReads['customDomains'];
  runs: {
    start(options: RunStartOptions): AsyncIterable<RunStreamEvent>;
    continue(options: RunContinueOptions): AsyncIterable<RunStreamEvent>;
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const VISIBILITIES: ReadonlySet<string> = new Set(['public', 'unlisted', 'signed_in', 'allowed_users']);
const TERMINAL: ReadonlySet<string> = new Set(['run_done', 'run_failed', 'awaiting_input', 'choice_needed', 'error']);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function appNotFound(appId: string): AppforgeError {
  return new AppforgeError({ code: 'app_not_found', message: 'This app does not exist or is not published.', status: 404, cause: { appId } });
}

function invalidInput(message: string): AppforgeError {
  return new AppforgeError({ code: 'invalid_input', message, status: 400 });
}

function invalidResponse(what: string, cause?: unknown): AppforgeError {
  return new AppforgeError({ code: 'invalid_response', message: `The server sent an unexpected answer for ${what}.`, cause });
}

const FONTS: ReadonlySet<string> = new Set(['system', 'serif', 'rounded', 'mono']);
const LAYOUTS: ReadonlySet<string> = new Set(['centered', 'wide']);
const PRICE_KINDS: ReadonlySet<string> = new Set(['free', 'one_time', 'monthly']);
const CURRENCIES: ReadonlySet<string> = new Set(['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'INR', 'JPY']);

/** The design column as app-rows' appDesignSchema reads it (null = never set = the default). */
function checkDesign(value: unknown): AppDesign | null {
  if (value === null || value === undefined) return { ...DEFAULT_DESIGN };
  if (!isRecord(value)) return null;
  const { theme_color: color, font, layout, welcome_text: welcome } = value;
  if (typeof color !== 'string' || !/^#[0-9a-f]{6}$/i.test(color)) return null;
  if (typeof font !== 'string' || !FONTS.has(font) || typeof layout !== 'string' || !LAYOUTS.has(layout)) return null;
  if (typeof welcome !== 'string' || welcome.length > 500) return null;
  return { theme_color: color, font: font as AppDesign['font'], layout: layout as AppDesign['layout'], welcome_text: welcome };
}

/** The price column as app-rows' appPriceSchema reads it. */
function checkPrice(value: unknown): AppPrice | null {
  if (value === null || value === undefined) return { ...DEFAULT_PRICE };
  if (!isRecord(value)) return null;
  const { kind, amount_cents: cents, currency } = value;
  if (typeof kind !== 'string' || !PRICE_KINDS.has(kind) || typeof currency !== 'string' || !CURRENCIES.has(currency)) return null;
  if (typeof cents !== 'number' || !Number.isInteger(cents) || cents < 0 || (kind === 'free') !== (cents === 0)) return null;
  return { kind: kind as AppPrice['kind'], amount_cents: cents, currency: currency as AppPrice['currency'] };
}

/** The App row a visitor may read (APP_PUBLIC_COLUMNS); anything else is the server's fault. */
function checkAppRow(row: unknown): Omit<PublicApp, 'deployed' | 'icon_url'> & { icon_path: string | null } {
  if (
    isRecord(row) &&
    typeof row.id === 'string' &&
    typeof row.name === 'string' &&
    (row.description === null || typeof row.description === 'string') &&
    (row.icon_path === null || typeof row.icon_path === 'string') &&
    typeof row.visibility === 'string' &&
    VISIBILITIES.has(row.visibility) &&
    (row.deployed_version_id === null || typeof row.deployed_version_id === 'string')
  ) {
    const design = checkDesign(row.design);
    const price = checkPrice(row.price);
    if (design !== null && price !== null) {
      return {
        id: row.id,
        name: row.name,
        description: row.description,
        icon_path: row.icon_path,
        visibility: row.visibility as PublicApp['visibility'],
        design,
        price,
        deployed_version_id: row.deployed_version_id,
      };
    }
  }
  throw invalidResponse('the app', row);
}

/**
 * A stored spec with the engine's defaults that a visitor's screens read before a run: each
 * step's `next`, and the entry form's `required` and file `maxBytes`. The engine's zod schema is
 * not loaded here; run-app parses and runs the stored spec itself, so nothing else depends on it.
 */
function withVisitorDefaults(steps: unknown[]): unknown[] {
  return steps.map((step) => {
    if (!isRecord(step)) return step;
    const config = step.config;
    const fields: unknown[] | null = isRecord(config) && Array.isArray(config.fields) ? (config.fields as unknown[]) : null;
    return {
      ...step,
      next: step.next ?? { type: 'step' },
      ...(fields === null || !isRecord(config)
        ? {}
        : {
            config: {
              ...config,
              fields: fields.map((field: unknown) =>
                isRecord(field)
                  ? { ...field, required: field.required ?? false, ...(field.type === 'file' ? { maxBytes: field.maxBytes ?? 10 * 1024 * 1024 } : {}) }
                  : field,
              ),
            },
          }),
    };
  });
}

function checkVersionRow(row: unknown): NonNullable<PublicApp['deployed']> {
  if (
    isRecord(row) &&
    typeof row.id === 'string' &&
    typeof row.number === 'number' &&
    isRecord(row.spec) &&
    typeof row.spec.entryStepId === 'string' &&
    Array.isArray(row.spec.steps) &&
    row.spec.steps.every((step) => isRecord(step) && typeof step.id === 'string' && typeof step.kind === 'string')
  ) {
    const spec = { ...row.spec, steps: withVisitorDefaults(row.spec.steps) };
    return { id: row.id, number: row.number, spec } as unknown as NonNullable<PublicApp['deployed']>;
  }
  throw invalidResponse('the app', row);
}

const ACCESSES: ReadonlySet<string> = new Set(['owner', 'allowed', 'purchase', 'free']);
const isStringOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';

/** One app of a bundle page, as bundle-rows' bundleAppEntrySchema reads it (null when it is not one). */
function checkBundleApp(value: unknown): BundleAppEntry | null {
  if (!isRecord(value)) return null;
  const { id, name, description, icon_path: iconPath, deployed } = value;
  if (typeof id !== 'string' || typeof name !== 'string' || !isStringOrNull(description) || !isStringOrNull(iconPath) || typeof deployed !== 'boolean') return null;
  const price = checkPrice(value.price);
  return price === null ? null : { id, name, description, icon_path: iconPath, deployed, price };
}

/** The bundle_page answer, as bundle-rows' bundlePageSchema reads it; anything else is the server's fault. */
function checkBundlePage(value: unknown): BundlePage {
  if (isRecord(value)) {
    const { id, name, description, visibility, is_owner: isOwner, access } = value;
    const price = checkPrice(value.price);
    const apps = Array.isArray(value.apps) ? value.apps.map(checkBundleApp) : null;
    if (
      typeof id === 'string' &&
      typeof name === 'string' &&
      isStringOrNull(description) &&
      typeof visibility === 'string' &&
      VISIBILITIES.has(visibility) &&
      typeof isOwner === 'boolean' &&
      (access === null || (typeof access === 'string' && ACCESSES.has(access))) &&
      price !== null &&
      apps !== null &&
      apps.every((app) => app !== null)
    ) {
      return { id, name, description, visibility: visibility as BundlePage['visibility'], price, is_owner: isOwner, access: access as Access, apps };
    }
  }
  throw invalidResponse('the bundle page', value);
}

function bundleNotFound(bundleId: string): AppforgeError {
  return new AppforgeError({ code: 'not_found', message: 'This bundle was not found.', status: 404, cause: { bundleId } });
}

function runBody(options: RunStartOptions | RunContinueOptions): Record<string, unknown> {
  if (!UUID.test(options.appId)) throw invalidInput('The app must be a valid id.');
  const body: Record<string, unknown> = { app_id: options.appId };
  if (options.inputs !== undefined) {
    if (!isRecord(options.inputs)) throw invalidInput('The answers must be an object of field values.');
    body.inputs = options.inputs;
  }
  if (options.visitorSession !== undefined) {
    if (options.visitorSession.length < 1 || options.visitorSession.length > 200) throw invalidInput('The visitor session is 1 to 200 characters.');
    body.visitor_session = options.visitorSession;
  }
  return body;
}

export function createVisitorLiteClient(options: VisitorLiteClientOptions): VisitorLiteClient {
  if (!options.url) throw new Error('supabaseUrl is required.');
  if (!options.anonKey) throw new Error('supabaseKey is required.');
  const base = options.url.replace(/\/+$/, '');
  const restUrl = `${base}/rest/v1/`;
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const headers = { apikey: options.anonKey, Authorization: `Bearer ${options.anonKey}`, Accept: 'application/json' };
  const icons = { imageTransformations: options.imageTransformations ?? false };
  // Only the reads a visitor needs (an app's name, a domain's target), not the sign-in path's.
  const core = createRestCore({ restUrl, anonKey: options.anonKey, accessToken: () => Promise.resolve(options.anonKey), fetch: doFetch, ...icons });

  async function request(url: URL, what: string, init: RequestInit = {}): Promise<unknown> {
    let response: Response;
    try {
      response = await doFetch(url, { ...init, headers: { ...headers, ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }) } });
    } catch (error) {
      throw networkError(error);
    }
    return answerOf(response, what);
  }

  async function selectOne(table: string, columns: string, id: string): Promise<unknown> {
    const url = new URL(table, restUrl);
    url.searchParams.set('select', columns);
    url.searchParams.set('id', `eq.${id}`);
    const rows = await request(url, table);
    if (!Array.isArray(rows)) throw invalidResponse(table, rows);
    return rows[0] ?? null;
  }

  async function* runStream(body: Record<string, unknown>, signal: AbortSignal | undefined): AsyncGenerator<RunStreamEvent> {
    let response: Response;
    try {
      response = await doFetch(`${base}/functions/v1/run-app`, {
        method: 'POST',
        headers: { ...headers, Accept: 'text/event-stream', 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      if (signal?.aborted) return;
      throw networkError(error);
    }
    if (!response.ok) {
      const refusal: unknown = await response.json().catch(() => undefined);
      if (isRecord(refusal) && typeof refusal.code === 'string' && typeof refusal.message === 'string') {
        throw new AppforgeError({ code: refusal.code, message: refusal.message, status: response.status });
      }
      throw new AppforgeError({ code: 'function_error', message: `The server function failed (HTTP ${response.status}).`, status: response.status });
    }
    if (response.body === null) throw invalidResponse('run-app: not an event stream');
    let ended = false;
    try {
      for await (const message of readSse(response.body, signal)) {
        const event = checkRunStreamEvent(message.event, message.data);
        if (event === null) continue;
        if (event.type === 'invalid') {
          ended = true;
          yield { type: 'error', code: 'invalid_response', message: 'The server sent an unexpected run event.' };
          return;
        }
        yield event;
        if (TERMINAL.has(event.type)) {
          ended = true;
          return;
        }
      }
    } catch {
      if (signal?.aborted) return;
      yield { type: 'error', code: 'network_error', message: NETWORK_MESSAGE };
      return;
    }
    if (!ended && !signal?.aborted) yield { type: 'error', code: 'stream_ended', message: 'The run stopped before it finished. Try again.' };
  }

  return {
    apps: {
      async getPublic(appId) {
        if (!UUID.test(appId)) throw appNotFound(appId);
        const row = await selectOne('App', 'id,name,description,icon_path,visibility,design,price,deployed_version_id', appId);
        if (row === null) throw appNotFound(appId);
        const { icon_path: iconPath, ...app } = checkAppRow(row);
        let deployed: PublicApp['deployed'] = null;
        if (app.deployed_version_id !== null) {
          const version = await selectOne('AppVersion', 'id,number,spec', app.deployed_version_id);
          if (version !== null) deployed = checkVersionRow(version);
        }
        const iconUrl = iconPath ? appIconUrl(base, iconPath, icons) : null;
        return { ...app, icon_url: iconUrl, deployed };
      },
      async isSold(app) {
        if (app.price.kind !== 'free') return true;
        const offers = await request(new URL('rpc/app_paid_bundles', restUrl), 'the bundles holding the app', {
          method: 'POST',
          body: JSON.stringify({ app_id: app.id }),
        });
        if (!Array.isArray(offers)) throw invalidResponse('the bundles holding the app', offers);
        return offers.length > 0;
      },
      getName: (appId) => nameOf(core, 'App', appId),
    },
    bundles: {
      async getPage(bundleId) {
        if (!UUID.test(bundleId)) throw bundleNotFound(bundleId);
        // As the full client's bundles.page: rpc bundle_page, whose answer is null for a bundle the caller may not see.
        const page = await request(new URL('rpc/bundle_page', restUrl), 'the bundle page', { method: 'POST', body: JSON.stringify({ bundle_id: bundleId }) });
        if (page === null) throw bundleNotFound(bundleId);
        return checkBundlePage(page);
      },
    },
    customDomains: { lookup: (host) => lookupCustomDomain(core, host) },
    runs: {
      start(options) {
        // Checked now, so a bad call throws at once rather than on the first iteration.
        const body = runBody(options);
        if (options.classId !== undefined) throw invalidInput('A class run needs a signed-in student.');
        return runStream(body, options.signal);
      },
      continue(options) {
        const body = runBody(options);
        if (!UUID.test(options.runId)) throw invalidInput('The run must be a valid id.');
        body.run_id = options.runId;
        if (options.choice !== undefined) {
          if (!Number.isInteger(options.choice) || options.choice < 0 || options.choice > 1000) throw invalidInput('The choice is the index of a button.');
          body.choice = options.choice;
        }
        return runStream(body, options.signal);
      },
    },
  };
}
