// One way to write a timestamp for people (issue 29). The locale is fixed: every sentence around a
// date is English, and a fixed locale makes a timestamp read the same in the browser, in tests and
// on every screen. The time zone is the viewer's (the runtime's own) unless a caller passes one.

/** The locale every date and time on screen is written in. */
export const TIME_LOCALE = 'en-US';

export type TimeValue = string | number | Date | null | undefined;

export interface TimeFormatOptions {
  /** What to show when there is no time or it cannot be read (default "—"). */
  fallback?: string;
  /** An IANA time zone; default: the viewer's. */
  timeZone?: string;
}

// A bare calendar day ("2026-11-20") has no time zone: it is that day wherever it is read.
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

function toEpoch(value: TimeValue): number | null {
  if (value === null || value === undefined) return null;
  const epoch = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(CALENDAR_DAY.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isFinite(epoch) ? epoch : null;
}

function zoneOf(value: TimeValue, options: TimeFormatOptions): string | undefined {
  return typeof value === 'string' && CALENDAR_DAY.test(value) ? 'UTC' : options.timeZone;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(style: Intl.DateTimeFormatOptions, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${JSON.stringify(style)}|${timeZone ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(TIME_LOCALE, { ...style, timeZone });
    formats.set(key, format);
  }
  return format;
}

/** "Nov 20, 2026". A bare day ("2026-11-20") is that day in every time zone. */
export function formatDate(value: TimeValue, options: TimeFormatOptions = {}): string {
  const epoch = toEpoch(value);
  return epoch === null ? (options.fallback ?? '—') : dateTimeFormat({ dateStyle: 'medium' }, zoneOf(value, options)).format(epoch);
}

/** "Nov 20, 2026, 3:40 PM" in the viewer's time zone. */
export function formatDateTime(value: TimeValue, options: TimeFormatOptions = {}): string {
  const epoch = toEpoch(value);
  return epoch === null ? (options.fallback ?? '—') : dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short' }, zoneOf(value, options)).format(epoch);
}

/** "3:40:12 PM": a time of day, for events of today (a live class). */
export function formatTimeOfDay(value: TimeValue, options: TimeFormatOptions = {}): string {
  const epoch = toEpoch(value);
  return epoch === null ? (options.fallback ?? '—') : dateTimeFormat({ timeStyle: 'medium' }, options.timeZone).format(epoch);
}

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const relative = new Intl.RelativeTimeFormat(TIME_LOCALE, { numeric: 'auto' });

export interface RelativeTimeOptions {
  /** The moment to measure from (default: now). */
  now?: number;
  /** What to show when there is no time or it cannot be read (default "at an unknown time"). */
  fallback?: string;
}

/** "just now", "5 minutes ago", "yesterday", "in 3 hours", "in less than a minute". */
export function formatRelative(value: TimeValue, options: RelativeTimeOptions = {}): string {
  const epoch = toEpoch(value);
  if (epoch === null) return options.fallback ?? 'at an unknown time';
  const seconds = Math.round((epoch - (options.now ?? Date.now())) / 1000);
  if (Math.abs(seconds) < 45) return seconds > 0 ? 'in less than a minute' : 'just now';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return relative.format(Math.round(seconds / 60), 'minute');
}
