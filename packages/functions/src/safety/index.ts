// The content checker of class runs (issue 19): see README "Content checker".
export { createContentChecker, createContentCheckerFromEnv, checkLocally, safetyExcerpt, MAX_CHECKED_CHARS } from './checker.ts';
export type { EnvSource } from './checker.ts';
export { DEFAULT_MODERATION_TIMEOUT_MS, moderationCategory } from './moderation.ts';
export { SAFETY_CATEGORIES } from './types.ts';
export type {
  ContentChecker,
  ContentCheckerConfig,
  ContentCheckOptions,
  ContentVerdict,
  ModerationConfig,
  SafetyCategory,
  SafetyLogger,
  SafetyMatch,
} from './types.ts';
