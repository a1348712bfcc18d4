// What the settings forms accept, checked with zod before anything is sent. The form values are
// what the inputs hold (strings); each schema turns them into the SDK's shapes.
import type { AppConfig, AppDesign, AppPrice, AppVisibility } from '@appforge/sdk';
import { z } from 'zod';
import { MAX_ANONYMOUS_RUNS_PER_DAY, parseAllowedHostLines, parsePriceInput, priceInputOf } from '@appforge/sdk';
import type { PriceInput } from '@appforge/sdk';

/** zod's issues as one message per field (the first one wins), keyed by the field's name. */
export type FieldErrors = Partial<Record<string, string>>;

export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'form';
    errors[key] ??= issue.message;
  }
  return errors;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

function check<T>(schema: z.ZodType<T>, input: unknown): Checked<T> {
  const parsed = schema.safeParse(input);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, errors: fieldErrorsOf(parsed.error) };
}

// Details ---------------------------------------------------------------------------------------

export const NAME_MAX = 120;
export const DESCRIPTION_MAX = 4000;

export interface DetailsValues {
  name: string;
  description: string;
  visibility: AppVisibility;
  /** Runs without sign-in per day, as typed (issue 26). */
  anonymousRuns: string;
}

export interface DetailsPatch {
  name: string;
  description: string | null;
  visibility: AppVisibility;
  anonymous_runs_per_day: number;
}

const detailsSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Give the app a name.')
    .max(NAME_MAX, `The name has at most ${NAME_MAX} characters.`),
  description: z
    .string()
    .trim()
    .max(DESCRIPTION_MAX, `The description has at most ${DESCRIPTION_MAX} characters.`)
    .transform((text) => (text === '' ? null : text)),
  visibility: z.enum(['public', 'unlisted', 'signed_in', 'allowed_users'], 'Choose who can open the app.'),
  anonymousRuns: z
    .string()
    .trim()
    .regex(/^\d+$/, 'Enter a whole number of runs, 0 or more.')
    .transform(Number)
    .pipe(z.number().max(MAX_ANONYMOUS_RUNS_PER_DAY, `At most ${MAX_ANONYMOUS_RUNS_PER_DAY.toLocaleString('en')} runs a day.`)),
});

export function checkDetails(values: DetailsValues): Checked<DetailsPatch> {
  const checked = check(detailsSchema, values);
  if (!checked.ok) return checked;
  const { anonymousRuns, ...rest } = checked.value;
  return { ok: true, value: { ...rest, anonymous_runs_per_day: anonymousRuns } };
}

// Price -----------------------------------------------------------------------------------------

export type PriceValues = PriceInput;

export const priceValuesOf = priceInputOf;

export function checkPrice(values: PriceValues): Checked<AppPrice> {
  const parsed = parsePriceInput(values);
  return parsed.ok ? parsed : { ok: false, errors: { amount: parsed.error } };
}

// Design ----------------------------------------------------------------------------------------

export const WELCOME_MAX = 500;

const designSchema = z.object({
  theme_color: z
    .string()
    .trim()
    .regex(/^#[0-9a-f]{6}$/i, 'Use a colour like #4f46e5 (a # and six hex digits).')
    .transform((colour) => colour.toLowerCase()),
  font: z.enum(['system', 'serif', 'rounded', 'mono'], 'Choose a font.'),
  layout: z.enum(['centered', 'wide'], 'Choose a layout.'),
  welcome_text: z.string().max(WELCOME_MAX, `The welcome text has at most ${WELCOME_MAX} characters.`),
});

export function checkDesign(values: AppDesign): Checked<AppDesign> {
  return check(designSchema, values);
}

// Config ----------------------------------------------------------------------------------------

export const MODEL_ID_MAX = 100;
export const SYSTEM_PROMPT_MAX = 8000;
export const MAX_TOKENS_LIMIT = 32000;

export interface ConfigValues {
  /** 'default': the server's default model (model null); 'custom': the id typed below. */
  modelMode: 'default' | 'custom';
  modelId: string;
  temperature: number;
  maxOutputTokens: string;
  systemPrompt: string;
  /** The hosts the app's API steps may call, one per line; empty = any public host. */
  allowHosts: string;
}

export function configValuesOf(config: AppConfig): ConfigValues {
  return {
    modelMode: config.model === null ? 'default' : 'custom',
    modelId: config.model ?? '',
    temperature: config.temperature,
    maxOutputTokens: String(config.max_output_tokens),
    systemPrompt: config.system_prompt,
    allowHosts: (config.outbound_allow_hosts ?? []).join('\n'),
  };
}

/** The host list as it would be saved (normalised, duplicates dropped), to tell a real change from a retyping. */
export function allowHostLines(text: string): string {
  const checked = parseAllowedHostLines(text);
  return checked.ok ? checked.hosts.join('\n') : text;
}

const configSchema = z
  .object({
    modelMode: z.enum(['default', 'custom']),
    modelId: z.string().trim(),
    temperature: z.number().min(0, 'The temperature is between 0 and 2.').max(2, 'The temperature is between 0 and 2.'),
    maxOutputTokens: z
      .string()
      .trim()
      .regex(/^\d+$/, `Enter a whole number of tokens between 1 and ${MAX_TOKENS_LIMIT}.`)
      .transform(Number)
      .pipe(
        z
          .number()
          .int()
          .min(1, `Enter a whole number of tokens between 1 and ${MAX_TOKENS_LIMIT}.`)
          .max(MAX_TOKENS_LIMIT, `At most ${MAX_TOKENS_LIMIT} output tokens.`),
      ),
    systemPrompt: z.string().max(SYSTEM_PROMPT_MAX, `The system prompt has at most ${SYSTEM_PROMPT_MAX} characters.`),
    allowHosts: z.string().transform((text, ctx) => {
      const checked = parseAllowedHostLines(text);
      if (checked.ok) return checked.hosts;
      ctx.addIssue({ code: 'custom', message: checked.message });
      return z.NEVER;
    }),
  })
  .superRefine((values, ctx) => {
    if (values.modelMode !== 'custom') return;
    if (values.modelId === '') ctx.addIssue({ code: 'custom', path: ['modelId'], message: 'Enter the model id, for example gpt-4o-mini.' });
    else if (values.modelId.length > MODEL_ID_MAX)
      ctx.addIssue({ code: 'custom', path: ['modelId'], message: `The model id has at most ${MODEL_ID_MAX} characters.` });
  })
  .transform(
    (values): AppConfig => ({
      model: values.modelMode === 'custom' ? values.modelId : null,
      temperature: Math.round(values.temperature * 100) / 100,
      max_output_tokens: values.maxOutputTokens,
      system_prompt: values.systemPrompt,
      ...(values.allowHosts.length > 0 ? { outbound_allow_hosts: values.allowHosts } : {}),
    }),
  );

export function checkConfig(values: ConfigValues): Checked<AppConfig> {
  return check(configSchema, values);
}
