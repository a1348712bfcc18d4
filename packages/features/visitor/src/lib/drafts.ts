// What a visitor typed is never lost to a reload or a failed run (PRODUCT.md §5): the answers of
// every input step are kept in sessionStorage per app, and read back through a schema (the
// storage is outside input: another script or a hand edit may have changed it).
import { LIMITS, fileValueSchema } from '@appforge/engine';
import { z } from 'zod';
import type { Draft } from '@appforge/run-view';

const PREFIX = 'appforge.answers.';

const draftsSchema = z.record(
  z.string().max(100),
  z.record(z.string().max(100), z.union([z.string().max(LIMITS.textMaxLength), fileValueSchema, z.null()])),
);

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
    const parsed = draftsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : {};
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
