// What a visitor typed is never lost to a reload or a failed run (PRODUCT.md §5): the answers of
// every input step are kept in sessionStorage per app, and read back through a check (the
// storage is outside input: another script or a hand edit may have changed it). The check is
// zod-free: the light visitor entry (issue 28) must not download zod.
import { LIMITS, parseFileValue } from '@appforge/engine/inputs';
import type { Draft, DraftValue } from '@appforge/run-view';

const PREFIX = 'appforge.answers.';
const MAX_KEY_LENGTH = 100;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function draftValueOf(value: unknown): DraftValue | undefined {
  if (value === null) return null;
  if (typeof value === 'string') return value.length <= LIMITS.textMaxLength ? value : undefined;
  return parseFileValue(value) ?? undefined;
}

/** Answers per step id and field name, or null when anything in them is not a draft. */
function parseDrafts(value: unknown): Record<string, Draft> | null {
  if (!isRecord(value)) return null;
  // No prototype: a stored "__proto__" key stays a key.
  const drafts = Object.create(null) as Record<string, Draft>;
  for (const [stepId, answers] of Object.entries(value)) {
    if (stepId.length > MAX_KEY_LENGTH || !isRecord(answers)) return null;
    const draft = Object.create(null) as Record<string, DraftValue>;
    for (const [name, answer] of Object.entries(answers)) {
      const parsed = draftValueOf(answer);
      if (name.length > MAX_KEY_LENGTH || parsed === undefined) return null;
      draft[name] = parsed;
    }
    drafts[stepId] = draft;
  }
  return drafts;
}

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Answers per input step id, as last typed in this tab; empty when none or unreadable. */
export function readDrafts(appId: string, storage: Storage | null = sessionStore()): Record<string, Draft> {
  try {
    const raw = storage?.getItem(PREFIX + appId) ?? null;
    if (raw === null) return {};
    return parseDrafts(JSON.parse(raw)) ?? {};
  } catch {
    return {};
  }
}

export function saveDrafts(appId: string, drafts: Readonly<Record<string, Draft>>, storage: Storage | null = sessionStore()): void {
  try {
    storage?.setItem(PREFIX + appId, JSON.stringify(drafts));
  } catch {
    // Storage full or blocked: the answers stay on screen, they just do not survive a reload.
  }
}
