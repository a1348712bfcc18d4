import { RestError } from './errors.js';

export interface Preferences {
  return: 'minimal' | 'representation' | 'headers-only' | undefined;
  count: 'exact' | 'planned' | 'estimated' | undefined;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | undefined;
  missing: 'default' | undefined;
  tx: 'commit' | 'rollback' | undefined;
  handling: 'lenient' | 'strict' | undefined;
  maxAffected: number | undefined;
  /** Values honoured, for `Preference-Applied`. */
  applied: string[];
}

const KNOWN: Record<string, readonly string[]> = {
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  tx: ['commit', 'rollback'],
  handling: ['lenient', 'strict'],
};

/** `Prefer: return=representation, count=exact` (postgrest-js joins with "," or ", "). */
export function parsePrefer(header: string | undefined): Preferences {
  const prefs: Preferences = {
    return: undefined,
    count: undefined,
    resolution: undefined,
    missing: undefined,
    tx: undefined,
    handling: undefined,
    maxAffected: undefined,
    applied: [],
  };
  const invalid: string[] = [];
  for (const rawPart of (header ?? '').split(',')) {
    const part = rawPart.trim();
    if (part === '') continue;
    const eq = part.indexOf('=');
    const name = (eq === -1 ? part : part.slice(0, eq)).trim().toLowerCase();
    const value = (eq === -1 ? '' : part.slice(eq + 1)).trim();
    if (name === 'max-affected' && /^\d{1,12}$/.test(value)) {
      prefs.maxAffected = Number.parseInt(value, 10);
      continue;
    }
    if (name === 'timezone' || name === 'params') continue;
    const allowed = KNOWN[name];
    if (!allowed?.includes(value)) {
      invalid.push(part);
      continue;
    }
    switch (name) {
      case 'return':
        prefs.return = value as Preferences['return'];
        break;
      case 'count':
        prefs.count = value as Preferences['count'];
        break;
      case 'resolution':
        prefs.resolution = value as Preferences['resolution'];
        break;
      case 'missing':
        prefs.missing = value === 'default' ? 'default' : undefined;
        break;
      case 'tx':
        prefs.tx = value as Preferences['tx'];
        break;
      case 'handling':
        prefs.handling = value as Preferences['handling'];
        break;
    }
  }
  if (prefs.handling === 'strict' && invalid.length > 0) {
    throw new RestError(400, 'PGRST122', 'Invalid preferences given with handling=strict', `Invalid preferences: ${invalid.join(', ')}`);
  }
  return prefs;
}

export type MediaType = 'json' | 'object' | 'csv' | 'geojson' | 'plan';

/** `application/vnd.pgrst.plan+json; for="…"; options=analyze|verbose` (PostgREST's explain media type). */
export interface PlanRequest {
  format: 'json' | 'text';
  /** EXPLAIN options, in PostgREST's order. */
  options: readonly ('analyze' | 'verbose' | 'settings' | 'buffers' | 'wal')[];
  /** The media type whose query is explained (`for=`, default application/json). */
  inner: Negotiated;
}

export interface Negotiated {
  media: MediaType;
  stripNulls: boolean;
  contentType: string;
  /** Set when media is 'plan'. */
  plan?: PlanRequest;
}

interface AcceptEntry {
  type: string;
  params: Map<string, string>;
  q: number;
  order: number;
}

function parseAccept(header: string): AcceptEntry[] {
  return header
    .split(',')
    .map((part, order) => {
      const [typePart = '', ...paramParts] = part.split(';');
      const params = new Map<string, string>();
      for (const param of paramParts) {
        const eq = param.indexOf('=');
        if (eq === -1) continue;
        params.set(param.slice(0, eq).trim().toLowerCase(), param.slice(eq + 1).trim().replace(/^"|"$/g, ''));
      }
      const q = Number.parseFloat(params.get('q') ?? '1');
      return { type: typePart.trim().toLowerCase(), params, q: Number.isFinite(q) ? q : 1, order };
    })
    .filter((entry) => entry.type !== '' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
}

const JSON_MEDIA: Negotiated = { media: 'json', stripNulls: false, contentType: 'application/json; charset=utf-8' };
const PLAN_OPTIONS = ['analyze', 'verbose', 'settings', 'buffers', 'wal'] as const;

/** The media types PostgREST produces for data, matched exactly (`text/*` is not `text/csv`). */
function normalMedia(type: string, params: ReadonlyMap<string, string>): Negotiated | undefined {
  const stripNulls = params.get('nulls') === 'stripped';
  const vendor = (media: 'json' | 'object', name: string): Negotiated => ({
    media,
    stripNulls,
    contentType: `application/vnd.pgrst.${name}+json${stripNulls ? ';nulls=stripped' : ''}; charset=utf-8`,
  });
  switch (type) {
    case '*/*':
    case 'application/json':
      return JSON_MEDIA;
    case 'application/vnd.pgrst.array+json':
      return vendor('json', 'array');
    case 'application/vnd.pgrst.object+json':
    case 'application/vnd.pgrst.object':
      return vendor('object', 'object');
    case 'text/csv':
      return { media: 'csv', stripNulls: false, contentType: 'text/csv; charset=utf-8' };
    case 'application/geo+json':
      return { media: 'geojson', stripNulls: false, contentType: 'application/geo+json; charset=utf-8' };
    default:
      return undefined;
  }
}

export interface NegotiateOptions {
  /** REST_PLAN_ENABLED or the authenticator's pgrst.db_plan_enabled (PostgREST's db-plan-enabled). */
  planEnabled?: boolean;
}

/**
 * Picks the response media type from `Accept` (supabase-wire §2.5); none available → 406
 * PGRST107. The explain media type is offered only when plans are enabled. GeoJSON is always
 * offered, as PostgREST does: the database's PostGIS (`ST_AsGeoJSON(record)`) renders it, and
 * without PostGIS, or without a geometry column, Postgres' own error answers.
 */
export function negotiate(header: string | undefined, options: NegotiateOptions = {}): Negotiated {
  if (!header || header.trim() === '') return JSON_MEDIA;
  for (const entry of parseAccept(header)) {
    const plan = /^application\/vnd\.pgrst\.plan(?:\+(json|text))?$/.exec(entry.type);
    if (plan) {
      if (!options.planEnabled) continue;
      const forType = (entry.params.get('for') ?? 'application/json').toLowerCase();
      const inner = normalMedia(forType, new Map());
      if (!inner) continue;
      const format = plan[1] === 'json' ? 'json' : 'text';
      const wanted = new Set((entry.params.get('options') ?? '').split('|').map((o) => o.trim().toLowerCase()));
      return {
        media: 'plan',
        stripNulls: false,
        contentType: `application/vnd.pgrst.plan+${format}; for="${forType}"; charset=utf-8`,
        plan: { format, options: PLAN_OPTIONS.filter((o) => wanted.has(o)), inner },
      };
    }
    const normal = normalMedia(entry.type, entry.params);
    if (normal) return normal;
  }
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${header}`);
}

/** `Range: 0-19` → offset/limit (an open `10-` gives only an offset). */
export function parseRange(header: string | undefined): { offset: number; limit: number | undefined } | undefined {
  if (!header) return undefined;
  const match = /^\s*(?:items=)?(\d{1,15})-(\d{0,15})\s*$/.exec(header);
  if (!match) return undefined;
  const from = Number.parseInt(match[1] ?? '0', 10);
  const to = match[2] ? Number.parseInt(match[2], 10) : undefined;
  if (to !== undefined && to < from) {
    throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', 'The lower boundary must be lower than or equal to the upper boundary in the Range header.');
  }
  return { offset: from, limit: to === undefined ? undefined : to - from + 1 };
}

/** Accept-Profile (reads) / Content-Profile (writes) against the exposed schemas. */
export function pickSchema(header: string | undefined, schemas: readonly string[]): string {
  const fallback = schemas[0] ?? 'public';
  if (header === undefined || header.trim() === '') return fallback;
  const wanted = header.trim();
  if (!schemas.includes(wanted)) {
    throw new RestError(
      406,
      'PGRST106',
      `Invalid schema: ${wanted}`,
      null,
      `Only the following schemas are exposed: ${schemas.join(', ')}`,
    );
  }
  return wanted;
}
