// The content checker's seam (issue 19 contract, /work/notes/teacher-contract.md): teacher-safety
// builds createContentChecker in this folder; run-app only needs this interface (ctx.safety).
export type SafetyCategory = 'profanity' | 'self_harm' | 'violence' | 'personal_data' | 'moderation';

export interface ContentVerdict {
  flagged: boolean;
  categories: SafetyCategory[];
  matches: { category: SafetyCategory; text: string; start: number; end: number }[];
  source: 'local' | 'moderation_api' | 'none';
}

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
