// The content checker's seam (issue 19, /work/notes/teacher-contract.md): run-app passes every
// student input and every AI output of a class run through a ContentChecker.

export type SafetyCategory = 'profanity' | 'self_harm' | 'violence' | 'personal_data' | 'moderation';

export interface SafetyMatch {
  category: SafetyCategory;
  /** The matched text as written (a slice of the checked text). */
  text: string;
  /** UTF-16 offsets into the checked text, `end` exclusive: `text === input.slice(start, end)`. */
  start: number;
  end: number;
}

export interface ContentVerdict {
  flagged: boolean;
  /** Distinct, in the order of SAFETY_CATEGORIES. */
  categories: SafetyCategory[];
  /** Local matches with their positions, in text order; a moderation verdict has none (it judges the whole text). */
  matches: SafetyMatch[];
  /** Who flagged it: 'local' when the local lists found anything, else 'moderation_api'; 'none' when clean. */
  source: 'local' | 'moderation_api' | 'none';
  /** The moderation endpoint was asked but gave no usable answer (timeout, HTTP error, bad JSON): the local verdict stands. */
  moderationError?: string;
  /** The text was longer than MAX_CHECKED_CHARS: only its first MAX_CHECKED_CHARS characters were checked. */
  truncated?: boolean;
}

/** Which checks run; every one is on unless set to false (a class's `checks` column fits as it is). */
export interface ContentCheckOptions {
  profanity?: boolean;
  self_harm?: boolean;
  violence?: boolean;
  personal_data?: boolean;
  moderation_api?: boolean;
}

export interface ContentChecker {
  check(text: string, options?: ContentCheckOptions): Promise<ContentVerdict>;
}

export interface ModerationConfig {
  /** An OpenAI-compatible base URL: the checker POSTs `{url}/moderations`. */
  url: string;
  apiKey?: string;
  /** Sent as `model`; omitted when unset (OpenAI then uses its default moderation model). */
  model?: string;
  /** Longest wait for an answer (default 1500 ms); after it the local verdict stands. */
  timeoutMs?: number;
}

/** Where moderation failures are reported; FunctionLogger and pino fit. */
export interface SafetyLogger {
  warn(fields: Record<string, unknown>, message?: string): void;
}

export interface ContentCheckerConfig {
  moderation?: ModerationConfig;
  fetch?: typeof fetch;
  log?: SafetyLogger;
}

export const SAFETY_CATEGORIES: readonly SafetyCategory[] = ['profanity', 'self_harm', 'violence', 'personal_data', 'moderation'];
