// What the case editor holds for each expectation (the text of its controls), and how a stored
// expectation reads in a sentence. The rules themselves are the engine's: the SDK checks a case
// with them on save and this editor shows the engine's message.
import type { ExpectationInput, ExpectationKind } from '@appforge/engine';

export const KIND_LABELS: Readonly<Record<ExpectationKind, string>> = {
  contains: 'Contains',
  not_contains: 'Does not contain',
  matches: 'Matches a pattern',
  json_path_equals: 'JSON path equals',
  json_schema: 'Matches a JSON schema',
  length: 'Length',
  choice_offered: 'Offers a choice',
  judged: 'Judged by the model',
};

/** Every control of every kind, as text; only the kind's own controls are read. */
export interface ExpectationDraft {
  kind: ExpectationKind;
  text: string;
  ignoreCase: boolean;
  pattern: string;
  flags: string;
  path: string;
  value: string;
  schema: string;
  variable: string;
  min: string;
  max: string;
  label: string;
  rubric: string;
}

export function emptyExpectation(kind: ExpectationKind = 'contains'): ExpectationDraft {
  return { kind, text: '', ignoreCase: true, pattern: '', flags: '', path: '$.', value: '', schema: '{\n  "type": "object"\n}', variable: '', min: '', max: '', label: '', rubric: '' };
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const num = (value: unknown): string => (typeof value === 'number' ? String(value) : '');

/** A stored expectation (as the SDK lists it: kept as written) back in the editor's controls. */
export function draftOf(stored: Readonly<Record<string, unknown>>): ExpectationDraft {
  const kind = (typeof stored.kind === 'string' && stored.kind in KIND_LABELS ? stored.kind : 'contains') as ExpectationKind;
  return {
    ...emptyExpectation(kind),
    text: str(stored.text),
    ignoreCase: stored.ignoreCase !== false,
    pattern: str(stored.pattern),
    flags: str(stored.flags),
    path: kind === 'json_path_equals' ? str(stored.path) : '$.',
    value: 'value' in stored ? JSON.stringify(stored.value) : '',
    schema: typeof stored.schema === 'object' && stored.schema !== null ? JSON.stringify(stored.schema, null, 2) : emptyExpectation().schema,
    variable: str(stored.variable),
    min: num(stored.min),
    max: num(stored.max),
    label: str(stored.label),
    rubric: str(stored.rubric),
  };
}

export type ToExpectation = { ok: true; value: ExpectationInput } | { ok: false; message: string };

function wholeNumber(text: string): number | undefined | null {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
}

/**
 * The draft as the SDK takes it. Only what the engine cannot see is refused here: text that is not
 * JSON where JSON is asked for, and a length that is not a whole number.
 */
export function toExpectation(draft: ExpectationDraft): ToExpectation {
  const variable = draft.variable.trim() === '' ? {} : { variable: draft.variable.trim() };
  switch (draft.kind) {
    case 'contains':
    case 'not_contains':
      return { ok: true, value: { kind: draft.kind, text: draft.text, ignoreCase: draft.ignoreCase } };
    case 'matches':
      return { ok: true, value: { kind: 'matches', pattern: draft.pattern, flags: draft.flags.trim() } };
    case 'json_path_equals': {
      // A bare word reads as text, so “Mars” need not be typed as "Mars".
      let value: unknown;
      try {
        value = JSON.parse(draft.value);
      } catch {
        value = draft.value;
      }
      return { ok: true, value: { kind: 'json_path_equals', path: draft.path.trim(), value: value as never, ...variable } };
    }
    case 'json_schema': {
      let schema: unknown;
      try {
        schema = JSON.parse(draft.schema);
      } catch {
        return { ok: false, message: 'The JSON schema is not valid JSON: check its brackets, quotes and commas.' };
      }
      if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return { ok: false, message: 'A JSON schema is a JSON object, like {"type": "object"}.' };
      return { ok: true, value: { kind: 'json_schema', schema: schema as Record<string, unknown>, ...variable } };
    }
    case 'length': {
      const min = wholeNumber(draft.min);
      const max = wholeNumber(draft.max);
      if (min === null || max === null) return { ok: false, message: 'A length is a whole number of characters, like 200.' };
      return { ok: true, value: { kind: 'length', ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) } };
    }
    case 'choice_offered':
      return { ok: true, value: { kind: 'choice_offered', label: draft.label } };
    case 'judged':
      return { ok: true, value: { kind: 'judged', rubric: draft.rubric } };
  }
}

function quote(text: string, max = 40): string {
  return `“${text.length > max ? `${text.slice(0, max)}…` : text}”`;
}

/** One stored expectation in a few words, for the list of cases. */
export function describeExpectation(stored: Readonly<Record<string, unknown>>): string {
  const draft = draftOf(stored);
  switch (draft.kind) {
    case 'contains':
      return `contains ${quote(draft.text)}`;
    case 'not_contains':
      return `does not contain ${quote(draft.text)}`;
    case 'matches':
      return `matches /${draft.pattern}/${draft.flags}`;
    case 'json_path_equals':
      return `${draft.variable ? `${draft.variable} ` : ''}${draft.path} is ${draft.value}`;
    case 'json_schema':
      return draft.variable ? `${draft.variable} matches a JSON schema` : 'the JSON matches a schema';
    case 'length':
      if (draft.min && draft.max) return `${draft.min} to ${draft.max} characters`;
      return draft.min ? `at least ${draft.min} characters` : `at most ${draft.max} characters`;
    case 'choice_offered':
      return `offers the choice ${quote(draft.label)}`;
    case 'judged':
      return `judged by the model: ${quote(draft.rubric)}`;
  }
}

/** The expectations of a case in one line: "Checks that the output contains “Mars” and is at most 200 characters." */
export function summarizeExpectations(expectations: readonly Readonly<Record<string, unknown>>[]): string {
  if (expectations.length === 0) return 'Checks nothing yet.';
  const parts = expectations.map(describeExpectation);
  const joined = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join('; ')} and ${parts.at(-1) ?? ''}`;
  return `Checks: ${joined}.`;
}
