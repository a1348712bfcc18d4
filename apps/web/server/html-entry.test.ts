import { describe, expect, it } from 'vitest';
import { htmlEntryFor, isPageRequest } from './html-entry';

const platform = { appHost: 'appforge.example', schoolsHost: 'schools.appforge.example' };
const APP = '0b6c5a3e-4c1f-4d7a-9a43-2f5e7c0d9b11';

describe('htmlEntryFor', () => {
  it('gives visitors of a deployed app, a landing page and a bundle page the light visitor entry', () => {
    expect(htmlEntryFor('appforge.example', `/deployed-app/${APP}`, platform)).toBe('visitor.html');
    expect(htmlEntryFor('appforge.example', `/deployed-app/${APP}?class=x`, platform)).toBe('visitor.html');
    expect(htmlEntryFor('appforge.example', `/landing-page/${APP}/`, platform)).toBe('visitor.html');
    expect(htmlEntryFor('schools.appforge.example', `/bundle/${APP}`, platform)).toBe('visitor.html');
  });

  it("keeps the creator shell for the platform's own pages and a bundle's manage pages", () => {
    expect(htmlEntryFor('appforge.example', '/', platform)).toBe('index.html');
    expect(htmlEntryFor('appforge.example', '/sign-in?app_id=x', platform)).toBe('index.html');
    expect(htmlEntryFor('appforge.example', `/bundle/${APP}/settings`, platform)).toBe('index.html');
    expect(htmlEntryFor('appforge.example', '/app-settings/x', platform)).toBe('index.html');
    expect(htmlEntryFor('127.0.0.1:4173', `/deployed-app/${APP}`, platform)).toBe('visitor.html');
    expect(htmlEntryFor('127.0.0.1:4173', '/my-apps', platform)).toBe('index.html');
  });

  it("serves a custom domain's target at / and 404s the platform's other pages there", () => {
    expect(htmlEntryFor('lessons.example.org', '/', platform)).toBe('visitor.html');
    expect(htmlEntryFor('lessons.example.org', '/?ref=mail', platform)).toBe('visitor.html');
    expect(htmlEntryFor('lessons.example.org', `/deployed-app/${APP}`, platform)).toBe('visitor.html');
    expect(htmlEntryFor('lessons.example.org', '/sign-in', platform)).toBe('index.html');
    // Signing in on the owner's domain: the session handed over from Appforge, a password reset link.
    expect(htmlEntryFor('lessons.example.org', '/hand-over/receive', platform)).toBe('index.html');
    expect(htmlEntryFor('lessons.example.org', '/reset-password', platform)).toBe('index.html');
    expect(htmlEntryFor('lessons.example.org', '/my-apps', platform)).toBe('not-found');
    expect(htmlEntryFor('lessons.example.org', '/databases', platform)).toBe('not-found');
    expect(htmlEntryFor('lessons.example.org', `/bundle/${APP}/settings`, platform)).toBe('not-found');
  });
});

describe('isPageRequest', () => {
  it('tells a browser navigation from files, Vite modules and API calls', () => {
    expect(isPageRequest('GET', '/deployed-app/x', 'text/html,application/xhtml+xml')).toBe(true);
    expect(isPageRequest('GET', '/assets/index-abc.js', 'text/html')).toBe(false);
    expect(isPageRequest('GET', '/@vite/client', 'text/html')).toBe(false);
    expect(isPageRequest('GET', '/deployed-app/x', 'application/json')).toBe(false);
    expect(isPageRequest('POST', '/deployed-app/x', 'text/html')).toBe(false);
  });
});
