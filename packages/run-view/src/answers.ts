// The answers a visitor types into an input step, checked in the browser with the engine's own
// rules (validateInputs: the server runs the same function, so the two never disagree) before
// anything is sent, plus the one limit only the transport has: the size of the request.
import { LIMITS, validateInputs } from '@appforge/engine/inputs';
import type { FileValue, InputField, JsonValue } from '@appforge/engine';

/** What a form control holds: text for text, number and choice; 'yes' | 'no' | '' for yes/no. */
export type DraftValue = string | FileValue | null;
export type Draft = Readonly<Record<string, DraftValue>>;

/**
 * run-app refuses bodies over 64 KB; the answers get that minus room for the ids that travel
 * with them. Checked here so a long answer is refused with the limit named, before a request.
 */
export const ANSWERS_MAX_BYTES = 63 * 1024;

export type AnswersCheck =
  | { readonly ok: true; readonly values: Record<string, JsonValue> }
  | {
      readonly ok: false;
      /** Field name → the reason, in words. */
      readonly fieldErrors: Readonly<Record<string, string>>;
      /** A problem with the answers as a whole (their size). */
      readonly formError: string | null;
    };

const hasOwn = (object: object, key: string): boolean => Object.prototype.hasOwnProperty.call(object, key);

export function emptyDraft(fields: readonly InputField[]): Record<string, DraftValue> {
  const draft = Object.create(null) as Record<string, DraftValue>;
  for (const field of fields) draft[field.name] = field.type === 'file' ? null : '';
  return draft;
}

function kilobytes(bytes: number): string {
  return `${Math.ceil(bytes / 1024)} KB`;
}

/** The draft as the engine reads answers: empty yes/no and no file are "not answered". */
function toEngineInput(fields: readonly InputField[], draft: Draft): Record<string, unknown> {
  const input = Object.create(null) as Record<string, unknown>;
  for (const field of fields) {
    const value = hasOwn(draft, field.name) ? draft[field.name] : undefined;
    if (value === undefined || value === null || (field.type === 'yes_no' && value === '')) continue;
    input[field.name] = value;
  }
  return input;
}

export function checkAnswers(fields: readonly InputField[], draft: Draft): AnswersCheck {
  const fieldErrors = Object.create(null) as Record<string, string>;
  // A text file longer than any text the engine takes would otherwise read "must be an uploaded file".
  for (const field of fields) {
    const value = draft[field.name];
    if (field.type === 'file' && value !== null && typeof value === 'object' && (value.text?.length ?? 0) > LIMITS.textMaxLength) {
      fieldErrors[field.name] = `“${field.label}” holds ${value.text?.length ?? 0} characters of text; the limit is ${LIMITS.textMaxLength}.`;
    }
  }
  const checked = validateInputs(fields, toEngineInput(fields, draft));
  if (!checked.ok) {
    for (const error of checked.errors) fieldErrors[error.field] ??= error.message;
  }
  if (Object.keys(fieldErrors).length > 0 || !checked.ok) return { ok: false, fieldErrors, formError: null };

  const bytes = new TextEncoder().encode(JSON.stringify(checked.values)).byteLength;
  if (bytes > ANSWERS_MAX_BYTES) {
    return {
      ok: false,
      fieldErrors,
      formError: `Your answers come to ${kilobytes(bytes)}; an app accepts at most ${kilobytes(ANSWERS_MAX_BYTES)} at once. Shorten the longest answer or pick a smaller file.`,
    };
  }
  return { ok: true, values: checked.values };
}

const TEXT_TYPES = /^(text\/|application\/(json|xml|csv|x-yaml|yaml|markdown)$)/i;
const TEXT_EXTENSIONS = /\.(txt|md|markdown|csv|tsv|json|xml|ya?ml|html?|log|rtf)$/i;

/** Files whose content the app can read as text (the rest arrive as name, type and size). */
export function isTextFile(file: Pick<File, 'name' | 'type'>): boolean {
  return TEXT_TYPES.test(file.type) || TEXT_EXTENSIONS.test(file.name);
}

/**
 * A picked file as the engine's FileValue. A text file's content goes along as `text` (when the
 * file is within the field's size limit: a bigger one is refused anyway, so it is not read).
 */
export async function readFileValue(file: File, maxBytes: number): Promise<FileValue> {
  const value: FileValue = {
    name: file.name.slice(0, 255) || 'file',
    mimeType: (file.type || 'application/octet-stream').slice(0, 200),
    size: file.size,
  };
  if (file.size <= maxBytes && isTextFile(file)) return { ...value, text: await file.text() };
  return value;
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} kB`;
  return `${bytes} bytes`;
}
