import type { CompletionVariable } from './spec-ops';

/**
 * The `{{variable}}` side of the prompt editor, kept free of CodeMirror so it is tested on its own
 * and the step page's chunk stays the only one that downloads the editor.
 */

/** `{{ name }}` / `{{name.field}}` — the same rule as the engine's templates. */
const REFERENCE = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*)\s*\}\}/g;

export interface ReferenceRange {
  readonly from: number;
  readonly to: number;
  readonly reference: string;
  /** The variable exists in the app (somewhere); unknown ones are marked for the creator. */
  readonly known: boolean;
}

/** Every reference in `text` with its position, marked known or unknown against `variables`. */
export function findReferences(text: string, variables: readonly CompletionVariable[]): ReferenceRange[] {
  const known = new Set(variables.map((variable) => variable.reference));
  const roots = new Set(variables.map((variable) => variable.reference.split('.')[0]));
  const out: ReferenceRange[] = [];
  for (const match of text.matchAll(REFERENCE)) {
    const reference = match[1] ?? '';
    const root = reference.split('.')[0] ?? reference;
    // A field of a variable whose fields are not listed (API responses, rows) is still known.
    const isKnown = known.has(reference) || (roots.has(root) && !variables.some((variable) => variable.reference.startsWith(`${root}.`)));
    out.push({ from: match.index, to: match.index + match[0].length, reference, known: isKnown });
  }
  return out;
}

export interface CompletionAt {
  /** Where the typed name starts (just after `{{` and spaces). */
  readonly from: number;
  readonly typed: string;
  readonly options: { label: string; detail: string; info: string; apply: string }[];
}

/**
 * What to offer when the cursor is at `pos` inside `text`: after `{{` (and part of a name), the
 * variables whose reference starts with what was typed, earlier steps' first. Null elsewhere.
 */
export function completeVariable(text: string, pos: number, variables: readonly CompletionVariable[]): CompletionAt | null {
  const before = text.slice(Math.max(0, pos - 200), pos);
  const match = /\{\{\s*([A-Za-z0-9_.]*)$/.exec(before);
  if (!match) return null;
  const typed = match[1] ?? '';
  const from = pos - typed.length;
  const closed = text.slice(pos).replace(/^[A-Za-z0-9_.]*/, '').trimStart().startsWith('}}');
  const options = variables
    .filter((variable) => variable.reference.toLowerCase().startsWith(typed.toLowerCase()))
    .map((variable) => ({
      label: variable.reference,
      detail: variable.earlier ? '' : 'set by a later step',
      info: variable.description,
      apply: closed ? variable.reference : `${variable.reference}}}`,
    }));
  return { from, typed, options };
}
