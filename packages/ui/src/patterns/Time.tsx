import type { TimeFormatOptions, TimeValue } from './format-time';
import { formatDate, formatDateTime, formatRelative } from './format-time';

export type TimeStyle = 'date' | 'date-time' | 'relative';

export interface TimeProps extends TimeFormatOptions {
  value: TimeValue;
  /** "date": Nov 20, 2026 · "date-time": Nov 20, 2026, 3:40 PM · "relative": 5 minutes ago. */
  format?: TimeStyle;
  /** For "relative": the moment to measure from (default: now). */
  now?: number;
  className?: string;
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

function isoOf(value: TimeValue): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' && CALENDAR_DAY.test(value)) return value;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/**
 * A timestamp as people read it, in a `<time>` element machines can read. A relative time carries
 * the full date and time as its tooltip. Missing or unreadable values show the fallback as text.
 */
export function Time({ value, format = 'date-time', now, fallback, timeZone, className }: TimeProps) {
  const iso = isoOf(value);
  const text =
    format === 'relative' ? formatRelative(value, { now, fallback }) : format === 'date' ? formatDate(value, { fallback, timeZone }) : formatDateTime(value, { fallback, timeZone });
  if (iso === undefined) return <span className={className}>{text}</span>;
  return (
    <time className={className} dateTime={iso} title={format === 'relative' ? formatDateTime(value, { timeZone }) : undefined}>
      {text}
    </time>
  );
}
