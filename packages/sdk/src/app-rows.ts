// The shapes of apps, versions and runs: what the SDK writes (validated before sending) and what
// it reads back (JSON columns parsed, nulls filled with the defaults).
import { allowedHostsSchema, appSpecSchema } from '@appforge/engine';
import type { AppSpec } from '@appforge/engine';
import { z } from 'zod';
import { AppforgeError } from './errors';

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const appVisibilitySchema = z.enum(['public', 'unlisted', 'signed_in', 'allowed_users']);
export type AppVisibility = z.infer<typeof appVisibilitySchema>;

export const appDesignSchema = z.object({
  theme_color: z.string().regex(/^#[0-9a-f]{6}$/i, 'The theme colour is a #rrggbb colour.'),
  font: z.enum(['system', 'serif', 'rounded', 'mono']),
  layout: z.enum(['centered', 'wide']),
  welcome_text: z.string().max(500, 'The welcome text has at most 500 characters.'),
});
export type AppDesign = z.infer<typeof appDesignSchema>;

export const appConfigSchema = z.object({
  model: z.string().min(1).max(200).nullable(),
  temperature: z.number().min(0, 'The temperature is between 0 and 2.').max(2, 'The temperature is between 0 and 2.'),
  max_output_tokens: z.number().int().min(1).max(32000, 'At most 32000 output tokens.'),
  system_prompt: z.string().max(8000, 'The system prompt has at most 8000 characters.'),
  /** Hosts the app's `api` steps may call (the rule is the engine's allowed-hosts.ts); absent or empty = any public host. */
  outbound_allow_hosts: allowedHostsSchema.optional(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

export const appPriceSchema = z
  .object({
    kind: z.enum(['free', 'one_time', 'monthly']),
    amount_cents: z.number().int().min(0),
    currency: z.enum(['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'INR', 'JPY']),
  })
  .refine((price) => (price.kind === 'free') === (price.amount_cents === 0), {
    message: 'A free app costs 0; a paid app costs more than 0.',
    path: ['amount_cents'],
  });
export type AppPrice = z.infer<typeof appPriceSchema>;

import { DEFAULT_DESIGN as DESIGN_DEFAULTS, DEFAULT_PRICE as PRICE_DEFAULTS } from './app-defaults';

/** What an app's design reads as when never set. */
export const DEFAULT_DESIGN: Readonly<AppDesign> = DESIGN_DEFAULTS;
/** What an app's price reads as when never set: free. */
export const DEFAULT_PRICE: Readonly<AppPrice> = PRICE_DEFAULTS;
export const DEFAULT_CONFIG: Readonly<AppConfig> = Object.freeze({
  model: null,
  temperature: 0.7,
  max_output_tokens: 2000,
  system_prompt: '',
});

/** A JSON column: null means "never set" and reads as the default. */
function withDefault<T>(schema: z.ZodType<T>, fallback: Readonly<T>): z.ZodType<T> {
  return z.preprocess((value) => (value === null || value === undefined ? { ...fallback } : value), schema);
}

export interface AppSummary {
  id: string;
  name: string;
  description: string | null;
  icon_path: string | null;
  icon_url: string | null;
  visibility: AppVisibility;
  draft_version_id: string | null;
  deployed_version_id: string | null;
  updated_at: string;
  created_at: string;
  runs_last_7_days: number;
}

export interface AppDetail extends AppSummary {
  owner_id: string;
  design: AppDesign;
  config: AppConfig;
  price: AppPrice;
  api_access_enabled: boolean;
  database_id: string | null;
  /** Issue 26: runs without sign-in per UTC day the owner allows (0 = sign-in needed; one address may use a fifth). */
  anonymous_runs_per_day: number;
  /** Issue 28: whether other sites may frame the deployed app, and which (bare origins). */
  embed_enabled: boolean;
  embed_origins: string[];
}

export interface PublicApp {
  id: string;
  name: string;
  description: string | null;
  icon_url: string | null;
  visibility: AppVisibility;
  design: AppDesign;
  price: AppPrice;
  deployed_version_id: string | null;
  deployed: { id: string; number: number; spec: AppSpec } | null;
}

/** The database's default budget of runs without sign-in per app and day (issue 26), and its bounds. */
export const DEFAULT_ANONYMOUS_RUNS_PER_DAY = 50;
export const MAX_ANONYMOUS_RUNS_PER_DAY = 100_000;

export const APP_SUMMARY_COLUMNS =
  'id, name, description, icon_path, visibility, draft_version_id, deployed_version_id, updated_at, created_at';
export const APP_DETAIL_COLUMNS = `${APP_SUMMARY_COLUMNS}, owner_id, design, price, api_access_enabled, database_id, anonymous_runs_per_day, embed_enabled, embed_origins`;
/** What a visitor may see of an app. Its config (system prompt, model settings) is in the owner-only AppConfig table. */
export const APP_PUBLIC_COLUMNS = 'id, name, description, icon_path, visibility, design, price, deployed_version_id';

export const appSummaryRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  icon_path: z.string().nullable(),
  visibility: appVisibilitySchema,
  draft_version_id: z.string().nullable(),
  deployed_version_id: z.string().nullable(),
  updated_at: z.string(),
  created_at: z.string(),
});

export const appDetailRowSchema = appSummaryRowSchema.extend({
  owner_id: z.string(),
  design: withDefault(appDesignSchema, DEFAULT_DESIGN),
  price: withDefault(appPriceSchema, DEFAULT_PRICE),
  api_access_enabled: z.boolean(),
  database_id: z.string().nullable(),
  anonymous_runs_per_day: z.number().int().default(DEFAULT_ANONYMOUS_RUNS_PER_DAY),
  embed_enabled: z.boolean().default(false),
  embed_origins: z.array(z.string()).default([]),
});

export const appPublicRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  icon_path: z.string().nullable(),
  visibility: appVisibilitySchema,
  design: withDefault(appDesignSchema, DEFAULT_DESIGN),
  price: withDefault(appPriceSchema, DEFAULT_PRICE),
  deployed_version_id: z.string().nullable(),
});

export type AppVersionSource = 'manual' | 'ai' | 'template';

export interface AppVersionRow {
  id: string;
  app_id: string;
  number: number;
  parent_version_id: string | null;
  source: AppVersionSource;
  change_summary: string | null;
  frozen: boolean;
  created_at: string;
  updated_at: string;
  spec: AppSpec;
}

export const VERSION_COLUMNS = 'id, app_id, number, parent_version_id, source, change_summary, frozen, created_at, updated_at, spec';

export const appVersionRowSchema = z.object({
  id: z.string(),
  app_id: z.string(),
  number: z.number().int(),
  parent_version_id: z.string().nullable(),
  source: z.enum(['manual', 'ai', 'template']),
  change_summary: z.string().nullable(),
  frozen: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  spec: appSpecSchema,
}) satisfies z.ZodType<AppVersionRow, unknown>;

export const changeSummarySchema = z.string().max(2000, 'A change summary has at most 2000 characters.');

/** The spec a caller writes, checked with the engine's schema before anything is sent. */
export function specToWrite(spec: unknown): AppSpec {
  const parsed = appSpecSchema.safeParse(spec);
  if (parsed.success) return parsed.data;
  throw new AppforgeError({
    code: 'invalid_input',
    message: `The app's steps are not valid: ${parsed.error.issues[0]?.message ?? 'unknown problem'}`,
    status: 400,
    cause: parsed.error,
  });
}

/** Outside input the SDK refuses before sending anything. */
export function invalidInput(message: string, cause?: unknown): AppforgeError {
  return new AppforgeError({ code: 'invalid_input', message, status: 400, cause });
}

export function requireUuid(value: unknown, what: string): string {
  if (typeof value !== 'string' || !UUID_PATTERN.test(value)) throw invalidInput(`${what} is not a valid id.`, { value });
  return value;
}

/** An app's config row (owner only); a never-configured app has none and gets the defaults. */
export const appConfigRowSchema = z.object({ config: withDefault(appConfigSchema, DEFAULT_CONFIG) });
