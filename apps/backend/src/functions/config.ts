// supabase/config.toml's [functions.<name>] sections: the per-function settings hosted Supabase
// applies, which the embedded functions host honours the same way (today: verify_jwt).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { z } from 'zod';
import { projectMigrationsDir } from '../db/locations.js';

const configSchema = z.object({
  functions: z
    .record(
      z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, { message: 'a function name is lower-case letters, digits and dashes' }),
      z.object({ verify_jwt: z.boolean({ message: 'verify_jwt must be true or false' }).optional() }).loose(),
    )
    .default({}),
}).loose();

export interface FunctionSettings {
  /** Whether the gateway verifies the JWT before the function runs (Supabase's default: true). */
  verifyJwt(name: string): boolean;
  /** The functions the file lists. */
  readonly listed: readonly string[];
}

/** Reads and validates a config.toml; a malformed file fails the start, naming what is wrong. */
export function readFunctionSettings(path: string = defaultConfigPath()): FunctionSettings {
  let raw: unknown;
  try {
    raw = parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`${path}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const parsed = configSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${path}: ${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`);
  }
  const functions = parsed.data.functions;
  return {
    verifyJwt: (name) => (Object.hasOwn(functions, name) ? functions[name]?.verify_jwt : undefined) ?? true,
    listed: Object.keys(functions).sort(),
  };
}

/** <repo>/supabase/config.toml, beside supabase/migrations. */
export function defaultConfigPath(): string {
  return join(projectMigrationsDir(), '..', 'config.toml');
}
