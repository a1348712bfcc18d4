// Small wordings shared by the AI builder's screens.
import { isNotFound } from '@appforge/sdk';
import type { AppVersionRow } from '@appforge/sdk';
import { z } from 'zod';

const uuid = z.uuid();

export function isUuid(value: string | undefined): value is string {
  return value !== undefined && uuid.safeParse(value).success;
}

/**
 * "Not found" covers someone else's app and a malformed id too: an owner-only page reveals
 * nothing about it, so those read as not found (on top of the SDK's own not-found codes).
 */
export function isHiddenApp(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return isNotFound(error) || code === 'not_owner' || code === 'invalid_input';
}

export const SOURCE_WORDS: Readonly<Record<AppVersionRow['source'], string>> = {
  manual: 'Manual',
  ai: 'AI',
  template: 'Template',
};

/** A change request's limit (the builder function refuses longer ones). */
export const MESSAGE_LIMIT = 4000;

/** Examples that fill the box (never sent by themselves); all are changes the builder knows. */
export const CHANGE_EXAMPLES: readonly string[] = [
  'Make it more formal',
  'Add a number field for age',
  'Add a choice between shorter and simpler',
  'Rename step 2 to Draft',
];
