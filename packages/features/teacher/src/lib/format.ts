import type { RunStatus, SafetyCategory } from './types';

const dateTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
const time = new Intl.DateTimeFormat('en', { timeStyle: 'medium' });

/** "Nov 25, 2026, 3:40 PM"; an unreadable date is shown as it came. */
export function formatDateTime(iso: string): string {
  const value = Date.parse(iso);
  return Number.isNaN(value) ? iso : dateTime.format(value);
}

export function formatTime(iso: string): string {
  const value = Date.parse(iso);
  return Number.isNaN(value) ? iso : time.format(value);
}

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
