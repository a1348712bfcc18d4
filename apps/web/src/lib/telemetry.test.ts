import { describe, expect, it, vi } from 'vitest';
import type { PostHogApi } from './telemetry';
import { CONSENT_STORAGE_KEY, createTelemetry, isValidDistinctId } from './telemetry';

/** A recording stand-in for the PostHog service's SDK (the outside world). */
function recordingPostHog() {
  const calls: unknown[][] = [];
  const api: PostHogApi = {
    init: (...args) => calls.push(['init', ...args]),
    identify: (...args) => calls.push(['identify', ...args]),
    reset: () => calls.push(['reset']),
    capture: (...args) => calls.push(['capture', ...args]),
    opt_in_capturing: () => calls.push(['opt_in_capturing']),
    opt_out_capturing: () => calls.push(['opt_out_capturing']),
  };
  return { api, calls };
}

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value), values };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const now = (task: () => void) => task();

describe('telemetry', () => {
  it('without a key downloads nothing and only tags error reports with the user', async () => {
    const loadPostHog = vi.fn(() => Promise.resolve(recordingPostHog().api));
    const setReportedUser = vi.fn();
    const log = vi.fn();
    const telemetry = createTelemetry({ loadPostHog, setReportedUser, log, storage: memoryStorage(), afterFirstPaint: now });
    telemetry.start();
    telemetry.identify('user-1');
    telemetry.pageview('http://localhost/x');
    telemetry.reset();
    await flush();
    expect(telemetry.enabled).toBe(false);
    expect(loadPostHog).not.toHaveBeenCalled();
    expect(setReportedUser.mock.calls).toEqual([[{ id: 'user-1' }], [null]]);
    expect(log).not.toHaveBeenCalled();
  });

  it('logs a critical line when a production build names an analytics host but has no key', () => {
    const log = vi.fn();
    createTelemetry({ production: true, host: 'https://eu.i.posthog.com', log, storage: memoryStorage() }).start();
    expect(log).toHaveBeenCalledWith('error', expect.stringContaining('CRITICAL: VITE_POSTHOG_HOST is set but VITE_POSTHOG_KEY is not'));
  });

  it('says once, at info level, that analytics are off when a production build configures none', () => {
    const log = vi.fn();
    const telemetry = createTelemetry({ production: true, log, storage: memoryStorage() });
    telemetry.start();
    telemetry.start();
    expect(log.mock.calls).toEqual([['info', '[appforge] Product analytics are off (VITE_POSTHOG_KEY is not set).']]);
  });

  it('loads the slim SDK after first paint with identified-only person profiles, then replays what happened before', async () => {
    const { api, calls } = recordingPostHog();
    let paint: () => void = () => undefined;
    const loadPostHog = vi.fn(() => Promise.resolve(api));
    const telemetry = createTelemetry({
      key: 'phc_test',
      host: 'https://eu.i.posthog.com',
      loadPostHog,
      storage: memoryStorage(),
      afterFirstPaint: (task) => (paint = task),
      setReportedUser: () => undefined,
    });
    telemetry.start();
    telemetry.pageview('http://localhost/settings');
    telemetry.identify('user-1');
    expect(loadPostHog).not.toHaveBeenCalled();

    paint();
    await flush();
    expect(calls[0]).toEqual([
      'init',
      'phc_test',
      expect.objectContaining({ api_host: 'https://eu.i.posthog.com', person_profiles: 'identified_only', capture_pageview: false }),
    ]);
    expect(calls.slice(1)).toEqual([
      ['capture', '$pageview', { $current_url: 'http://localhost/settings' }],
      ['identify', 'user-1'],
    ]);
    telemetry.reset();
    await flush();
    expect(calls.at(-1)).toEqual(['reset']);
  });

  it('refuses empty and reserved distinct ids', async () => {
    expect(isValidDistinctId('')).toBe(false);
    expect(isValidDistinctId('  ')).toBe(false);
    expect(isValidDistinctId('distinct_id')).toBe(false);
    expect(isValidDistinctId('DistinctId')).toBe(false);
    expect(isValidDistinctId('3f0c2a52-5a7e-4c43-9a55-0d3f0d3b8c11')).toBe(true);
    const { api, calls } = recordingPostHog();
    const telemetry = createTelemetry({ key: 'k', loadPostHog: () => Promise.resolve(api), storage: memoryStorage(), afterFirstPaint: now, setReportedUser: () => undefined });
    telemetry.start();
    telemetry.identify('distinct_id');
    await flush();
    expect(calls.filter(([name]) => name === 'identify')).toEqual([]);
  });

  it('respects a stored opt-out: nothing is downloaded until the person opts in, and the choice is remembered', async () => {
    const { api, calls } = recordingPostHog();
    const storage = memoryStorage({ [CONSENT_STORAGE_KEY]: 'denied' });
    const loadPostHog = vi.fn(() => Promise.resolve(api));
    const telemetry = createTelemetry({ key: 'k', loadPostHog, storage, afterFirstPaint: now, setReportedUser: () => undefined });
    const listener = vi.fn();
    telemetry.subscribe(listener);
    telemetry.start();
    telemetry.pageview('http://localhost/');
    await flush();
    expect(telemetry.getConsent()).toBe('denied');
    expect(loadPostHog).not.toHaveBeenCalled();

    telemetry.setConsent('granted');
    await flush();
    expect(storage.values.get(CONSENT_STORAGE_KEY)).toBe('granted');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(loadPostHog).toHaveBeenCalledTimes(1);
    // The page view from before the opt-in was never queued.
    expect(calls.filter(([name]) => name === 'capture')).toEqual([]);

    telemetry.setConsent('denied');
    await flush();
    expect(calls.at(-1)).toEqual(['opt_out_capturing']);
    telemetry.pageview('http://localhost/after');
    await flush();
    expect(calls.filter(([name]) => name === 'capture')).toEqual([]);
  });

  it('keeps working when the SDK download fails', async () => {
    const log = vi.fn();
    const telemetry = createTelemetry({ key: 'k', loadPostHog: () => Promise.reject(new Error('offline')), storage: memoryStorage(), afterFirstPaint: now, log, setReportedUser: () => undefined });
    telemetry.start();
    telemetry.identify('user-1');
    await flush();
    expect(log).toHaveBeenCalledWith('error', '[appforge] Could not load analytics', expect.any(Error));
  });
});
