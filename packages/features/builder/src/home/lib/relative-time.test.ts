import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

describe('relativeTime', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  it('reads like a person would say it', () => {
    expect(relativeTime('2026-11-21T11:59:50Z', now)).toBe('just now');
    expect(relativeTime('2026-11-21T11:55:00Z', now)).toBe('5 minutes ago');
    expect(relativeTime('2026-11-20T12:00:00Z', now)).toBe('yesterday');
    expect(relativeTime('2026-11-07T12:00:00Z', now)).toBe('2 weeks ago');
  });
  it('says so when the date cannot be read', () => {
    expect(relativeTime('not a date', now)).toBe('at an unknown time');
  });
});
