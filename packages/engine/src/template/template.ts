import { err, ok } from '../result';
import type { Result } from '../result';

/**
 * `{{ name }}` or `{{ name.field }}`. The inner text must look like an identifier path; anything
 * else between braces (`{{ hello world }}`) stays literal text, and the validator points it out.
 */
const REFERENCE = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*)\s*\}\}/g;
const BRACED = /\{\{([^{}]*)\}\}/g;

export type TemplateEscape = 'none' | 'markdown';

export interface RenderOptions {
  /** `markdown` escapes markdown-significant characters in inserted values (output templates). */
  readonly escape?: TemplateEscape;
  /**
   * Variables inserted as they are even in markdown mode: an AI step's markdown output is meant to
   * be formatted (the UI still sanitises it); a visitor's answer is not.
   */
  readonly raw?: Iterable<string>;
}

export interface MissingVariablesError {
  readonly code: 'missing_variables';
  /** Each reference that had no value, as written (`topic`, `quiz.title`), once, in order. */
  readonly missing: readonly string[];
  readonly message: string;
}

/** Every variable reference in a template, once each, in order of first use (`topic`, `quiz.title`). */
export function extractVariables(template: string): string[] {
  const seen = new Set<string>();
  for (const match of template.matchAll(REFERENCE)) {
    const ref = match[1];
    if (ref !== undefined) seen.add(ref);
  }
  return [...seen];
}

/** `{{…}}` pieces that are not a variable reference, and `{{` that is never closed. */
export function findMalformedReferences(template: string): string[] {
  const found: string[] = [];
  const rest = template.replace(REFERENCE, '');
  for (const match of rest.matchAll(BRACED)) found.push(match[0]);
  const unclosed = rest.replace(BRACED, '');
  if (unclosed.includes('{{')) {
    const at = unclosed.indexOf('{{');
    found.push(unclosed.slice(at, at + 30));
  }
  return found;
}

/** The root variable of a reference: `quiz` for `quiz.title`. */
export function referenceRoot(reference: string): string {
  const dot = reference.indexOf('.');
  return dot === -1 ? reference : reference.slice(0, dot);
}

const hasOwn = (object: object, key: string): boolean => Object.prototype.hasOwnProperty.call(object, key);

/**
 * Looks a reference up through own properties only, so `constructor`, `__proto__` or
 * `toString` never resolve to something inherited from Object.prototype.
 */
export function lookupReference(variables: Readonly<Record<string, unknown>>, reference: string): { found: boolean; value: unknown } {
  let current: unknown = variables;
  for (const part of reference.split('.')) {
    if (typeof current !== 'object' || current === null || !hasOwn(current, part)) return { found: false, value: undefined };
    current = (current as Record<string, unknown>)[part];
  }
  return { found: true, value: current };
}

function isFileValue(value: object): value is { name: string; text?: unknown } {
  return hasOwn(value, 'name') && hasOwn(value, 'size') && hasOwn(value, 'mimeType');
}

/** How a value reads inside text: lists joined with commas, a file as its text (or its name). */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'object' && item !== null ? JSON.stringify(item) : formatValue(item))).join(', ');
  if (typeof value === 'object') {
    if (isFileValue(value)) return typeof value.text === 'string' ? value.text : value.name;
    return JSON.stringify(value);
  }
  return '';
}

/** Backslash-escapes every character that could start markdown or HTML structure. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~=&]/g, '\\$&');
}

/**
 * Fills `{{name}}` references in ONE pass over the template: inserted values are never scanned
 * again, so a value containing `{{other}}` or `}}` stays literal text. A missing variable is an
 * error listing every missing reference, never an empty string.
 */
export function renderTemplate(
  template: string,
  variables: Readonly<Record<string, unknown>>,
  options: RenderOptions = {},
): Result<string, MissingVariablesError> {
  const escape = options.escape ?? 'none';
  const raw = new Set(options.raw ?? []);
  const missing: string[] = [];
  const text = template.replace(REFERENCE, (_whole, reference: string) => {
    const { found, value } = lookupReference(variables, reference);
    if (!found || value === undefined) {
      if (!missing.includes(reference)) missing.push(reference);
      return '';
    }
    const formatted = formatValue(value);
    return escape === 'markdown' && !raw.has(referenceRoot(reference)) ? escapeMarkdown(formatted) : formatted;
  });
  if (missing.length > 0) {
    return err({
      code: 'missing_variables',
      missing,
      message: `No value for ${missing.map((name) => `{{${name}}}`).join(', ')}.`,
    });
  }
  return ok(text);
}
