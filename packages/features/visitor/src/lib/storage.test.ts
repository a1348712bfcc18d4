import { describe, expect, it } from 'vitest';
import { APP_ID, RUN_ID } from '../../test/fixtures';
import { clearPendingRun, readPendingRun, savePendingRun } from './run-resume';
import { isAppId, signInHref } from './sign-in-link';
import { getVisitorSession, VISITOR_SESSION_KEY } from './visitor-session';

describe('visitor session', () => {
  it('is created once and kept in localStorage', () => {
    const first = getVisitorSession();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(getVisitorSession()).toBe(first);
    expect(window.localStorage.getItem(VISITOR_SESSION_KEY)).toBe(first);
  });

  it('replaces a tampered value instead of sending it', () => {
    window.localStorage.setItem(VISITOR_SESSION_KEY, '<script>');
    expect(getVisitorSession()).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('still gives one stable id when storage refuses writes', () => {
    const refusing = { getItem: () => null, setItem: () => { throw new Error('quota'); } } as unknown as Storage;
    expect(getVisitorSession(refusing)).toBe(getVisitorSession(refusing));
  });
});

describe('pending run', () => {
  it('is kept per app until cleared, UUIDs only', () => {
    savePendingRun(APP_ID, RUN_ID);
    expect(readPendingRun(APP_ID)).toBe(RUN_ID);
    expect(readPendingRun('another')).toBeNull();
    clearPendingRun(APP_ID);
    expect(readPendingRun(APP_ID)).toBeNull();
    window.sessionStorage.setItem(`appforge.run.${APP_ID}`, 'not-a-run');
    expect(readPendingRun(APP_ID)).toBeNull();
  });
});

describe('sign-in link', () => {
  it('brands the sign-in page with the app and comes back here', () => {
    expect(signInHref(APP_ID, `/deployed-app/${APP_ID}`)).toBe(`/sign-in?app_id=${APP_ID}&next=%2Fdeployed-app%2F${APP_ID}`);
  });

  it('accepts only UUIDs as app ids', () => {
    expect(isAppId(APP_ID)).toBe(true);
    expect(isAppId('../settings')).toBe(false);
    expect(isAppId(undefined)).toBe(false);
  });
});
