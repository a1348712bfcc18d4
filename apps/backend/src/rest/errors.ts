import { isPgError } from '../db/database.js';
import type { DbRole } from '../db/request-context.js';

/** The error body PostgREST sends: `{code, message, details, hint}` (supabase-wire §2.10). */
export interface RestErrorBody {
  code: string;
  message: string;
  details: string | null | unknown[];
  hint: string | null;
}

/** An error the REST API answers with a status and a PostgREST-shaped body. */
export class RestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: string | null | unknown[];
  readonly hint: string | null;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: string,
    message: string,
    details: string | null | unknown[] = null,
    hint: string | null = null,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'RestError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.hint = hint;
    this.headers = headers;
  }

  body(): RestErrorBody {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}

/** PGRST100: a query-string parse error, worded like PostgREST's parser messages. */
export function parseError(what: string, input: string, details: string): RestError {
  return new RestError(400, 'PGRST100', `"failed to parse ${what} (${input})"`, details);
}

/** PostgREST's mapSQLtoHTTP (supabase-wire §2.10). */
export function statusForSqlState(code: string, role: DbRole): number {
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === '42883' || code === '42P01') return 404;
  if (code === '42P17') return 500;
  if (code === '57P01') return 503;
  if (code === 'P0001') return 400;
  if (/^PT\d{3}$/.test(code)) return Number.parseInt(code.slice(2), 10);
  const prefix = code.slice(0, 2);
  switch (prefix) {
    case '08':
    case '53':
      return code === '53400' ? 500 : 503;
    case '09':
    case '2D':
    case '38':
    case '39':
    case '3B':
    case '40':
    case '25':
    case '54':
    case '55':
    case '57':
    case '58':
    case 'F0':
    case 'HV':
    case 'XX':
    case 'P0':
      return 500;
    case '0L':
    case '0P':
    case '28':
      return 403;
    default:
      return 400;
  }
}

/** Turns a Postgres error (or one of ours) into the REST error the client sees. */
export function toRestError(error: unknown, role: DbRole): RestError | undefined {
  if (error instanceof RestError) return error;
  if (!isPgError(error)) return undefined;
  const pgError = error;
  if (pgError.code === '21000' && /requires a WHERE clause/.test(pgError.message)) {
    return new RestError(400, '21000', pgError.message, pgError.detail ?? null, pgError.hint ?? null);
  }
  if (pgError.code === '22023' && /^role ".*" does not exist$/.test(pgError.message)) {
    return new RestError(401, '22023', pgError.message, null, null);
  }
  const status = statusForSqlState(pgError.code, role);
  return new RestError(
    status,
    pgError.code,
    pgError.message,
    pgError.detail ?? null,
    pgError.hint ?? null,
    status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {},
  );
}
