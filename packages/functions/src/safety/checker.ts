// The content checker: local lists first (synchronous, a few milliseconds at most), the moderation
// endpoint alongside when configured. The moderation call is started before the local pass so the
// two overlap; its failure never reaches the caller as an exception.
import { z } from 'zod';
import { findLexical } from './lexicon.ts';
import { moderate } from './moderation.ts';
import type { ModerationOutcome } from './moderation.ts';
import { normalise, originalSpan } from './normalise.ts';
import { findPersonalData } from './personal-data.ts';
import { SAFETY_CATEGORIES } from './types.ts';
import type { ContentCheckOptions, ContentChecker, ContentCheckerConfig, ContentVerdict, SafetyCategory, SafetyLogger, SafetyMatch } from './types.ts';

/** Longest text checked; beyond it only the head is checked and the verdict says `truncated`. */
export const MAX_CHECKED_CHARS = 20_000;

const consoleLogger: SafetyLogger = {
  warn: (fields, message) => console.warn(JSON.stringify({ level: 'warn', msg: message, ...fields })),
};

/** The first `max` UTF-16 units, not cutting a surrogate pair in two. */
function head(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/** Only the local lists, synchronously: what `check` does without the moderation endpoint. */
export function checkLocally(text: string, options: ContentCheckOptions = {}): ContentVerdict {
  // A caller outside TypeScript may hand over anything: only text is checked.
  if (typeof text !== 'string') return { flagged: false, categories: [], matches: [], source: 'none' };
  const checked = head(text, MAX_CHECKED_CHARS);
  const truncated = checked.length < text.length;
  const on = (category: keyof ContentCheckOptions) => options[category] !== false;
  const matches: SafetyMatch[] = [];
  const lexical = on('profanity') || on('self_harm') || on('violence');
  if (checked.trim() !== '' && (lexical || on('personal_data'))) {
    const normalised = normalise(checked);
    const add = (category: SafetyCategory, start: number, end: number) => {
      const span = originalSpan(normalised, start, end);
      if (span.end > span.start) matches.push({ category, text: checked.slice(span.start, span.end), start: span.start, end: span.end });
    };
    if (lexical) {
      for (const match of findLexical(normalised.text)) if (on(match.category)) add(match.category, match.start, match.end);
    }
    if (on('personal_data')) for (const match of findPersonalData(normalised.text)) add('personal_data', match.start, match.end);
  }
  matches.sort((a, b) => a.start - b.start || a.end - b.end);
  const found = new Set(matches.map((match) => match.category));
  const categories = SAFETY_CATEGORIES.filter((category) => found.has(category));
  return {
    flagged: categories.length > 0,
    categories,
    matches,
    source: categories.length > 0 ? 'local' : 'none',
    ...(truncated ? { truncated } : {}),
  };
}

function merge(local: ContentVerdict, outcome: ModerationOutcome): ContentVerdict {
  if (!outcome.ok) return { ...local, moderationError: outcome.error };
  if (outcome.categories.length === 0) return local;
  const found = new Set([...local.categories, ...outcome.categories]);
  return {
    ...local,
    flagged: true,
    categories: SAFETY_CATEGORIES.filter((category) => found.has(category)),
    source: local.flagged ? 'local' : 'moderation_api',
  };
}

export function createContentChecker(config: ContentCheckerConfig = {}): ContentChecker {
  const log = config.log ?? consoleLogger;
  const fetcher = config.fetch ?? ((input, init) => fetch(input, init));
  return {
    async check(text, options = {}) {
      const checked = typeof text === 'string' ? head(text, MAX_CHECKED_CHARS) : '';
      const moderation =
        config.moderation && options.moderation_api !== false && checked.trim() !== '' ? moderate(checked, config.moderation, fetcher) : undefined;
      const local = checkLocally(text, options);
      if (!moderation) return local;
      const outcome = await moderation;
      if (!outcome.ok) log.warn({ error: outcome.error, moderationUrl: config.moderation?.url }, 'content check: moderation endpoint failed, the local verdict stands');
      return merge(local, outcome);
    },
  };
}

const optional = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined);
const ModerationEnv = z.object({
  MODERATION_URL: optional.pipe(z.string().url({ message: 'must be a URL, e.g. https://api.openai.com/v1' }).optional()),
  MODERATION_API_KEY: optional,
  MODERATION_MODEL: optional,
  MODERATION_TIMEOUT_MS: optional.pipe(
    z
      .string()
      .regex(/^\d+$/, { message: 'must be a whole number of milliseconds' })
      .transform(Number)
      .pipe(z.number().int().min(100).max(30_000))
      .optional(),
  ),
});

export type EnvSource = ((name: string) => string | undefined) | Readonly<Record<string, string | undefined>>;

/**
 * The checker from MODERATION_URL / MODERATION_API_KEY / MODERATION_MODEL (and
 * MODERATION_TIMEOUT_MS): local lists only when MODERATION_URL is unset. `env` is a reader
 * (`Deno.env.get`) or a record of the variables; a malformed value throws, naming it.
 */
export function createContentCheckerFromEnv(env: EnvSource, extra: Omit<ContentCheckerConfig, 'moderation'> = {}): ContentChecker {
  const read = typeof env === 'function' ? env : (name: string) => env[name];
  const parsed = ModerationEnv.safeParse({
    MODERATION_URL: read('MODERATION_URL'),
    MODERATION_API_KEY: read('MODERATION_API_KEY'),
    MODERATION_MODEL: read('MODERATION_MODEL'),
    MODERATION_TIMEOUT_MS: read('MODERATION_TIMEOUT_MS'),
  });
  if (!parsed.success) {
    throw new Error(`Invalid moderation settings: ${parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`);
  }
  const { MODERATION_URL: url, MODERATION_API_KEY: apiKey, MODERATION_MODEL: model, MODERATION_TIMEOUT_MS: timeoutMs } = parsed.data;
  return createContentChecker({
    ...extra,
    ...(url ? { moderation: { url, ...(apiKey ? { apiKey } : {}), ...(model ? { model } : {}), ...(timeoutMs ? { timeoutMs } : {}) } } : {}),
  });
}

/**
 * What a SafetyAlert keeps (≤ `max` characters): the text around the first match, or the head of
 * the text when only the moderation endpoint flagged it.
 */
export function safetyExcerpt(text: string, verdict: ContentVerdict, max = 500): string {
  const first = verdict.matches[0];
  if (text.length <= max) return text;
  if (!first) return `${head(text, max - 1)}…`;
  const room = Math.max(0, max - 2 - (first.end - first.start));
  const start = Math.max(0, first.start - Math.floor(room / 2));
  const end = Math.min(text.length, start + max - 2);
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`.slice(0, max);
}
