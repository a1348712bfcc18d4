import { describe, expect, it } from 'vitest';
import { healthOf } from './health';

describe('healthOf', () => {
  it('says in words how the last test went', () => {
    expect(healthOf({ last_test_status: null, last_test_ms: null })).toEqual({ tone: 'neutral', label: 'Not tested yet' });
    expect(healthOf({ last_test_status: 200, last_test_ms: 84 })).toEqual({ tone: 'success', label: 'OK · 200 · 84 ms' });
    expect(healthOf({ last_test_status: 401, last_test_ms: 12 })).toEqual({ tone: 'warning', label: 'Answered 401 at last test' });
    expect(healthOf({ last_test_status: 0, last_test_ms: 5 })).toEqual({ tone: 'danger', label: 'Unreachable at last test' });
    expect(healthOf({ last_test_status: 503, last_test_ms: 5 }).tone).toBe('danger');
  });
});
