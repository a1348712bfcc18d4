import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatRelative, formatTimeOfDay } from './format-time';

describe('one way to write a timestamp', () => {
  const moment = '2026-11-20T15:40:12Z';

  it('writes a date and a date-time in the viewer’s time zone, in one fixed locale', () => {
    expect(formatDate(moment, { timeZone: 'UTC' })).toBe('Nov 20, 2026');
    expect(formatDateTime(moment, { timeZone: 'UTC' })).toBe('Nov 20, 2026, 3:40 PM');
    // The same moment, read in Tokyo, is already the next day.
    expect(formatDateTime(moment, { timeZone: 'Asia/Tokyo' })).toBe('Nov 21, 2026, 12:40 AM');
    expect(formatTimeOfDay(moment, { timeZone: 'Europe/Berlin' })).toBe('4:40:12 PM');
  });

  it('keeps a bare calendar day on its day in every time zone', () => {
    expect(formatDate('2026-11-20', { timeZone: 'America/Los_Angeles' })).toBe('Nov 20, 2026');
    expect(formatDate('2026-11-20', { timeZone: 'Pacific/Kiritimati' })).toBe('Nov 20, 2026');
  });

  it('says when there is no time, or the time cannot be read, instead of "Invalid Date"', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDateTime(undefined, { fallback: 'Never' })).toBe('Never');
    expect(formatDateTime('not a date')).toBe('—');
    expect(formatRelative('not a date')).toBe('at an unknown time');
  });

  it('writes past and future times relative to now', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(formatRelative('2026-11-21T11:59:50Z', { now })).toBe('just now');
    expect(formatRelative('2026-11-21T12:00:10Z', { now })).toBe('in less than a minute');
    expect(formatRelative('2026-11-21T11:55:00Z', { now })).toBe('5 minutes ago');
    expect(formatRelative('2026-11-21T15:00:00Z', { now })).toBe('in 3 hours');
    expect(formatRelative('2026-11-20T12:00:00Z', { now })).toBe('yesterday');
    expect(formatRelative('2026-11-07T12:00:00Z', { now })).toBe('2 weeks ago');
    expect(formatRelative('2025-11-01T12:00:00Z', { now })).toBe('last year');
  });
});
