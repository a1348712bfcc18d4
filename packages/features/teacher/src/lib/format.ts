import { renderMarkdown } from '@appforge/ui';
import type { RunStatus, SafetyCategory } from './types';

export const CATEGORY_LABELS: Readonly<Record<SafetyCategory, string>> = {
  profanity: 'Profanity',
  self_harm: 'Self-harm',
  violence: 'Violence',
  personal_data: 'Personal data',
  moderation: 'Flagged by moderation',
};

export const STATUS_LABELS: Readonly<Record<RunStatus, string>> = {
  running: 'Running',
  awaiting_input: 'Waiting for the student',
  done: 'Finished',
  failed: 'Failed',
};

/**
 * A run's inputs or outputs as readable text: strings as they are, other values as compact JSON.
 * Objects become one "name: value" line per field.
 */
export function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(textOf).filter((line) => line !== '').join('\n');
  if (typeof value === 'object') {
    return Object.entries(value)
      .map(([key, field]) => {
        const text = textOf(field);
        return text === '' ? '' : `${key}: ${text}`;
      })
      .filter((line) => line !== '')
      .join('\n');
  }
  return '';
}

export interface ReadableOutput {
  key: string;
  /** The step's title as the student saw it above its result, when it had one. */
  title: string | null;
  /** Markdown (a result or an AI answer), or plain text (a JSON value's "name: value" lines). */
  kind: 'markdown' | 'text';
  body: string;
}

function isRunOutput(value: unknown): value is { stepId: string; title: string; markdown: string } {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.markdown === 'string' && typeof record.title === 'string';
}

/**
 * A run's outputs as the student saw them (issue 27): the results a run ends with (`[{ stepId,
 * title, markdown }]`) become titled Markdown, an AI step's text is Markdown; anything else
 * (a JSON output) stays readable "name: value" text. Never the step ids or field names of a result.
 */
export function readableOutputs(value: unknown): ReadableOutput[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value) && value.length > 0 && value.every(isRunOutput)) {
    return value
      .filter((output) => output.markdown.trim() !== '')
      .map((output, index) => ({ key: `${output.stepId}:${index}`, title: output.title.trim() || null, kind: 'markdown' as const, body: output.markdown }));
  }
  if (isRunOutput(value)) return readableOutputs([value]);
  const text = textOf(value);
  return text === '' ? [] : [{ key: 'text', title: null, kind: typeof value === 'string' ? 'markdown' : 'text', body: text }];
}

/** What Markdown reads as once rendered (sanitised), as one line of plain text: for short quotes. */
export function markdownText(markdown: string): string {
  const html = renderMarkdown(markdown);
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** `datetime-local` input value (local time, minutes) ↔ ISO string. */
export function toLocalInput(iso: string | null): string {
  if (iso === null) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function fromLocalInput(value: string): string | null {
  if (value.trim() === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
