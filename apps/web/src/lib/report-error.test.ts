import { describe, expect, it, vi } from 'vitest';
import type { SentryApi } from './report-error';
import { createErrorReporter } from './report-error';

function recordingSentry() {
  const calls: { init: unknown[]; captured: unknown[][]; users: unknown[] } = { init: [], captured: [], users: [] };
  const api: SentryApi = {
    init: (options) => calls.init.push(options),
    captureException: (error, hint) => {
      calls.captured.push([error, hint]);
      return 'event-id';
    },
    setUser: (user) => calls.users.push(user),
  };
  return { api, calls };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('reportError', () => {
  it('without a DSN logs the error to the console and downloads nothing', async () => {
    const loadSentry = vi.fn(() => Promise.resolve(recordingSentry().api));
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reporter = createErrorReporter({ loadSentry });
    const error = new Error('boom');

    reporter.reportError(error, { route: '/apps' });
    reporter.setReportedUser({ id: 'user-1' });
    await flush();

    expect(loadSentry).not.toHaveBeenCalled();
    expect(consoleError).toHaveBeenCalledWith('[appforge] Unhandled error', error, { route: '/apps' });
  });

  it('with a DSN initialises Sentry once, without personal data, and captures every error', async () => {
    const { api, calls } = recordingSentry();
    const loadSentry = vi.fn(() => Promise.resolve(api));
    const log = vi.fn();
    const reporter = createErrorReporter({ dsn: 'https://key@sentry.example/1', environment: 'production', loadSentry, log });

    const first = new Error('first');
    const second = new Error('second');
    reporter.reportError(first);
    reporter.reportError(second, { route: '/x' });
    reporter.setReportedUser({ id: 'user-1' });
    await flush();

    expect(loadSentry).toHaveBeenCalledTimes(1);
    expect(calls.init).toEqual([{ dsn: 'https://key@sentry.example/1', sendDefaultPii: false, environment: 'production' }]);
    expect(calls.captured).toEqual([
      [first, undefined],
      [second, { extra: { route: '/x' } }],
    ]);
    expect(calls.users).toEqual([{ id: 'user-1' }]);
    expect(log).toHaveBeenCalledWith('[appforge] Unhandled error', first, undefined);
  });

  it('keeps logging locally when the Sentry download fails', async () => {
    const loadSentry = vi.fn(() => Promise.reject(new Error('chunk failed')));
    const log = vi.fn();
    const reporter = createErrorReporter({ dsn: 'https://key@sentry.example/1', loadSentry, log });
    const error = new Error('boom');

    reporter.reportError(error);
    reporter.reportError(error);
    await flush();

    expect(loadSentry).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith('[appforge] Could not load the error reporter', expect.any(Error));
    expect(log.mock.calls.filter(([message]) => message === '[appforge] Unhandled error')).toHaveLength(2);
  });
});
