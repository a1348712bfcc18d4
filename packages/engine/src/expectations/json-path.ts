import { err, ok } from '../result';
import type { Result } from '../result';

export type JsonPathSegment = string | number;

const MAX_PATH_LENGTH = 500;
const MAX_SEGMENTS = 50;

/**
 * Parses a small JSON path: `$`, `$.name`, `$.items[0].title`, `$["odd key"]`. No wildcards,
 * filters or recursion — a test names one value.
 */
export function parseJsonPath(path: string): Result<JsonPathSegment[], string> {
  if (path.length > MAX_PATH_LENGTH) return err(`A JSON path has at most ${MAX_PATH_LENGTH} characters.`);
  if (!path.startsWith('$')) return err('A JSON path starts with $, for example $.answer or $.items[0].title.');
  const segments: JsonPathSegment[] = [];
  let i = 1;
  while (i < path.length) {
    const rest = path.slice(i);
    const dot = /^\.([A-Za-z_$][\w$-]*)/.exec(rest);
    const index = /^\[(\d{1,9})\]/.exec(rest);
    const quoted = /^\[("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\]/.exec(rest);
    if (dot?.[1] !== undefined) {
      segments.push(dot[1]);
      i += dot[0].length;
    } else if (index?.[1] !== undefined) {
      segments.push(Number(index[1]));
      i += index[0].length;
    } else if (quoted?.[1] !== undefined) {
      const raw = quoted[1];
      segments.push(raw.slice(1, -1).replace(/\\(.)/g, '$1'));
      i += quoted[0].length;
    } else {
      return err(`The JSON path “${path}” cannot be read at position ${i + 1}; use $.name, [0] or ["name"].`);
    }
    if (segments.length > MAX_SEGMENTS) return err(`A JSON path has at most ${MAX_SEGMENTS} parts.`);
  }
  return ok(segments);
}

/** Follows `segments` into `value`; own properties only, so `__proto__` or `constructor` find nothing. */
export function lookupJsonPath(value: unknown, segments: readonly JsonPathSegment[]): { found: boolean; value: unknown } {
  let current: unknown = value;
  for (const segment of segments) {
    if (typeof segment === 'number') {
      if (!Array.isArray(current) || segment >= current.length) return { found: false, value: undefined };
      current = current[segment] as unknown;
    } else {
      if (typeof current !== 'object' || current === null || Array.isArray(current)) return { found: false, value: undefined };
      if (!Object.prototype.hasOwnProperty.call(current, segment)) return { found: false, value: undefined };
      current = (current as Record<string, unknown>)[segment];
    }
  }
  return { found: true, value: current };
}
