import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Time } from './Time';

describe('Time', () => {
  it('shows a relative time with the full date and time as its tooltip and a machine-readable value', () => {
    render(<Time value="2026-11-21T11:55:00Z" format="relative" now={Date.parse('2026-11-21T12:00:00Z')} timeZone="UTC" />);
    const time = screen.getByText('5 minutes ago');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', '2026-11-21T11:55:00.000Z');
    expect(time).toHaveAttribute('title', 'Nov 21, 2026, 11:55 AM');
  });

  it('shows the fallback, not a broken <time>, when there is no value', () => {
    render(<Time value={null} fallback="Never" />);
    expect(screen.getByText('Never').tagName).toBe('SPAN');
  });
});
