import type { CustomDomainTarget } from '@appforge/sdk';
import { describe, expect, it } from 'vitest';
import { classifyHost, customDomainPath, isJoinPath, isPublicPath, needsAccess, referralAppIdFrom, schoolsHomePath } from './access-rules';

const HOSTS = { appHost: 'localhost', schoolsHost: 'schools.localhost' };
const APP = '3f0c2a52-5a7e-4c43-9a55-0d3f0d3b8c11';

/** A custom domain's target as `customDomains.lookup` answers it (every column given). */
const domain = (target: CustomDomainTarget): CustomDomainTarget => target;

describe('access rules', () => {
  it('tells the main host, the schools host and custom domains apart, ignoring case and port', () => {
    expect(classifyHost({ hostname: 'localhost', host: 'localhost:4173' }, HOSTS)).toBe('main');
    expect(classifyHost({ hostname: 'SCHOOLS.localhost', host: 'SCHOOLS.localhost:4173' }, HOSTS)).toBe('schools');
    expect(classifyHost({ hostname: 'poems.localhost', host: 'poems.localhost:4173' }, HOSTS)).toBe('custom');
    // A look-alike is a custom domain, not the main host.
    expect(classifyHost({ hostname: 'localhost.evil.test', host: 'localhost.evil.test' }, HOSTS)).toBe('custom');
    // A configured host with a port must match the port too.
    expect(classifyHost({ hostname: 'app.test', host: 'app.test:8080' }, { appHost: 'app.test:8080', schoolsHost: 's.test' })).toBe('main');
    expect(classifyHost({ hostname: 'app.test', host: 'app.test:9090' }, { appHost: 'app.test:8080', schoolsHost: 's.test' })).toBe('custom');
  });

  it('lets anyone open deployed apps, landing pages, bundles and create-new-app, by first segment only', () => {
    for (const path of [`/deployed-app/${APP}`, `/landing-page/${APP}`, '/bundle/x', '/create-new-app', '/Bundle/x']) {
      expect(isPublicPath(path)).toBe(true);
    }
    for (const path of ['/', '/settings', '/bundles', '/app-settings/deployed-app', '/create-new-apps']) {
      expect(isPublicPath(path)).toBe(false);
    }
    expect(needsAccess('main', '/settings')).toBe(true);
    expect(needsAccess('schools', '/teacher-portal')).toBe(true);
    expect(needsAccess('main', '/bundle/x')).toBe(false);
    expect(needsAccess('custom', '/settings')).toBe(false);
  });

  it('takes the referral from the query, else from /landing-page/:appId or /deployed-app/:appId, UUIDs only', () => {
    expect(referralAppIdFrom({ pathname: '/settings', search: `?referral_app_id=${APP}` })).toBe(APP);
    expect(referralAppIdFrom({ pathname: `/landing-page/${APP}`, search: '' })).toBe(APP);
    expect(referralAppIdFrom({ pathname: `/deployed-app/${APP.toUpperCase()}`, search: '' })).toBe(APP);
    expect(referralAppIdFrom({ pathname: `/app-settings/${APP}`, search: '' })).toBeNull();
    expect(referralAppIdFrom({ pathname: '/settings', search: "?referral_app_id=1' or 1=1" })).toBeNull();
    expect(referralAppIdFrom({ pathname: '/landing-page/not-a-uuid', search: '' })).toBeNull();
  });

  it('routes a custom domain to its landing page, deployed app or bundle page', () => {
    expect(customDomainPath(domain({ app_id: APP, is_app: false, is_landing_page: true, bundle_id: null, is_bundle: false }))).toBe(`/landing-page/${APP}`);
    expect(customDomainPath(domain({ app_id: APP, is_app: true, is_landing_page: false, bundle_id: null, is_bundle: false }))).toBe(`/deployed-app/${APP}`);
    expect(customDomainPath(domain({ app_id: null, is_app: false, is_landing_page: false, bundle_id: 'b1', is_bundle: true }))).toBe('/bundle/b1');
    expect(customDomainPath(domain({ app_id: null, is_app: true, is_landing_page: false, bundle_id: null, is_bundle: false }))).toBeNull();
  });
});

// --- Classrooms on the schools host (issue 19) ---
describe('classroom rules on the schools host', () => {
  it('knows a join link by its first segment only', () => {
    expect(isJoinPath('/join/K7PQ2XMA')).toBe(true);
    expect(isJoinPath('/Join/K7PQ2XMA/')).toBe(true);
    expect(isJoinPath('/joined')).toBe(false);
    expect(isJoinPath('/my-classes/join')).toBe(false);
  });

  it('sends a teacher to the portal (also when a student somewhere) and a student to My classes', () => {
    expect(schoolsHomePath({ isTeacher: true, isStudent: true })).toBe('/teacher-portal');
    expect(schoolsHomePath({ isTeacher: false, isStudent: true })).toBe('/my-classes');
    expect(schoolsHomePath({ isTeacher: false, isStudent: false })).toBeNull();
  });
});
