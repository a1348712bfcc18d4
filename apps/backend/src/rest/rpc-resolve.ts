// PostgREST's choice of the function an RPC calls (overloads, defaults, a single unnamed
// parameter taking the raw body) and its PGRST202/PGRST203 answers, word for word.
import { RestError } from './errors.js';
import { closestMatch } from './fuzzy.js';
import type { PgFunction } from './schema-cache.js';

/** What the body of a POST is, by Content-Type, as PostgREST tells them apart. */
export type RpcPayload = 'json' | 'text' | 'xml' | 'bytes';

/** The media type of a POST body that decides which single unnamed parameter may take it. */
export function payloadKind(contentType: string | undefined): RpcPayload {
  const base = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (base === 'text/plain') return 'text';
  if (base === 'text/xml' || base === 'application/xml') return 'xml';
  if (base === 'application/octet-stream') return 'bytes';
  return 'json';
}

const SINGLE_TYPES: Record<RpcPayload, readonly string[]> = {
  json: ['json', 'jsonb'],
  text: ['text'],
  xml: ['xml'],
  // The data API keeps an application/octet-stream body as bytes (src/rest/index.ts).
  bytes: ['bytea'],
};

export interface RpcCall {
  schema: string;
  name: string;
  /** Argument names the caller sent (JSON object keys, or GET query parameters). */
  keys: readonly string[];
  /** POST (PostgREST's "invoke by POST"): only then may a single unnamed parameter take the body. */
  isPost: boolean;
  payload: RpcPayload;
}

export interface Resolved {
  fn: PgFunction;
  /** The function takes the whole body through its one unnamed parameter. */
  singleUnnamed: boolean;
}

function takesSingleUnnamed(fn: PgFunction, call: RpcCall): boolean {
  const [only, ...rest] = fn.inArgs;
  return call.isPost && only !== undefined && rest.length === 0 && only.name === '' && SINGLE_TYPES[call.payload].includes(only.udt);
}

/**
 * The names an argument may be sent under. A function's only parameter, when it has no name,
 * answers to the empty key (`rpc(fn, { '': value })`, `?=value`), as PostgREST keeps unnamed
 * parameters under the name "". With more parameters an unnamed one cannot be told apart.
 */
export function argumentNames(fn: PgFunction): string[] {
  return fn.inArgs.length === 1 ? fn.inArgs.map((arg) => arg.name) : fn.inArgs.map((arg) => arg.name).filter((name) => name !== '');
}

/** Named (or no) arguments: every required parameter sent, nothing sent that it lacks. */
function matchesParams(fn: PgFunction, call: RpcCall): boolean {
  const keys = new Set(call.keys);
  if (fn.inArgs.length === 0) return keys.size === 0 && !(call.isPost && call.payload !== 'json');
  const names = new Set(argumentNames(fn));
  const required = fn.inArgs.filter((arg) => !arg.hasDefault);
  return [...keys].every((key) => names.has(key)) && required.every((arg) => names.has(arg.name) && keys.has(arg.name));
}

/**
 * PostgREST's `findProc`: the candidates whose parameters match the arguments win; failing
 * those, one taking the whole body through a single unnamed parameter of the body's type.
 * None → 404 PGRST202; more than one → 300 PGRST203.
 */
export function resolveFunction(candidates: readonly PgFunction[], call: RpcCall, schemaFunctions: () => readonly string[]): Resolved {
  const byParams = candidates.filter((fn) => matchesParams(fn, call));
  const bySingle = candidates.filter((fn) => !matchesParams(fn, call) && takesSingleUnnamed(fn, call));
  const [first] = byParams;
  if (first && byParams.length === 1) return { fn: first, singleUnnamed: false };
  if (byParams.length > 1) throw ambiguousFunction(byParams);
  const [single] = bySingle;
  if (single && bySingle.length === 1) return { fn: single, singleUnnamed: true };
  if (bySingle.length > 1) throw ambiguousFunction(bySingle);
  throw functionNotFound(call, candidates, schemaFunctions);
}

/** 300 PGRST203, candidates as `schema.name(param => type, …)`. */
export function ambiguousFunction(functions: readonly PgFunction[]): RestError {
  const list = functions
    .map((fn) => `${fn.schema}.${fn.name}(${fn.inArgs.map((arg) => `${arg.name} => ${arg.type}`).join(', ')})`)
    .join(', ');
  return new RestError(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${list}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  );
}

const paramList = (names: readonly string[]): string => `(${[...names].sort().join(', ')})`;

/**
 * 404 PGRST202 as PostgREST words it. The hint names the closest function of the schema (when
 * none has this name) or the closest parameter list among this name's overloads.
 */
export function functionNotFound(call: RpcCall, overloads: readonly PgFunction[], schemaFunctions: () => readonly string[]): RestError {
  const func = `${call.schema}.${call.name}`;
  const keys = [...call.keys].sort();
  const onlySingle = call.isPost && call.payload !== 'json';
  const withoutParams = (text: string): string => (keys.length === 0 ? ' without parameters' : text);
  const message = `Could not find the function ${func}${onlySingle ? '' : withoutParams(`(${keys.join(', ')})`)} in the schema cache`;
  const searchedParams = withoutParams(` with parameter${keys.length > 1 ? 's' : ''} ${keys.join(', ')}`);
  const searched = !call.isPost
    ? searchedParams
    : call.payload === 'text'
      ? ' with a single unnamed text parameter'
      : call.payload === 'xml'
        ? ' with a single unnamed xml parameter'
        : call.payload === 'bytes'
          ? ' with a single unnamed bytea parameter'
          : `${searchedParams} or with a single unnamed json/jsonb parameter`;
  const details = `Searched for the function ${func}${searched}, but no matches were found in the schema cache.`;
  let hint: string | null = null;
  if (!onlySingle) {
    const suggestion =
      overloads.length === 0
        ? closestMatch(call.name, schemaFunctions())
        : (() => {
            const lists = overloads.map((fn) => paramList(fn.inArgs.map((arg) => arg.name)));
            const best = closestMatch(paramList(keys), lists);
            return best === undefined ? undefined : `${call.name}${best}`;
          })();
    if (suggestion !== undefined) hint = `Perhaps you meant to call the function ${call.schema}.${suggestion}`;
  }
  return new RestError(404, 'PGRST202', message, details, hint);
}
