import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-next';
import { currentAddress, readSignInParams } from './sign-in-params';

const APP = '3f0c2a52-5a7e-4c43-9a55-0d3f0d3b8c11';

describe('readSignInParams', () => {
  it('reads app_id, bundle_id, new_signup and app_description_id from the query, then from router state', () => {
    expect(readSignInParams(new URLSearchParams(`app_id=${APP}&new_signup=true&app_description_id=d_1`), null)).toEqual({
      appId: APP,
      bundleId: null,
      newSignup: true,
      appDescriptionId: 'd_1',
    });
    expect(readSignInParams(new URLSearchParams(), { bundle_id: APP, new_signup: true, app_description_id: 'd_2' })).toEqual({
      appId: null,
      bundleId: APP,
      newSignup: true,
      appDescriptionId: 'd_2',
    });
  });

  it('treats malformed or hostile values as absent', () => {
    const hostile = new URLSearchParams({ app_id: "1' or '1'='1", bundle_id: '../../etc', new_signup: 'yes', app_description_id: '<img src=x onerror=alert(1)>' });
    expect(readSignInParams(hostile, 'not an object')).toEqual({ appId: null, bundleId: null, newSignup: false, appDescriptionId: null });
    expect(readSignInParams(new URLSearchParams(), { app_description_id: 'x'.repeat(500) }).appDescriptionId).toBeNull();
  });
});

describe('currentAddress', () => {
  it('drops a bare trailing # and keeps everything else', () => {
    expect(currentAddress('http://localhost:4173/settings#')).toBe('http://localhost:4173/settings');
    expect(currentAddress('http://localhost:4173/settings?a=1#top')).toBe('http://localhost:4173/settings?a=1#top');
  });
});

describe('safeNextPath', () => {
  it('follows a path on this site and refuses anything that leaves it', () => {
    expect(safeNextPath('?next=/settings%3Ftab%3D2')).toBe('/settings?tab=2');
    expect(safeNextPath('')).toBe('/');
    for (const next of ['https://evil.test/', '//evil.test/x', '/\\evil.test', 'javascript:alert(1)', 'settings']) {
      expect(safeNextPath(`?next=${encodeURIComponent(next)}`)).toBe('/');
    }
  });
});
