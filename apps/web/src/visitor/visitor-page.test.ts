import { describe, expect, it } from 'vitest';
import { visitorPageOf } from './visitor-page';

const hosts = { appHost: 'localhost', schoolsHost: 'schools.localhost' };
const APP = '0B6C5A3E-4C1F-4D7A-9A43-2F5E7C0D9B11';

function at(url: string, storedSession = false) {
  const { hostname, host, pathname, search } = new URL(url);
  return visitorPageOf({ location: { hostname, host, pathname, search }, hosts, storedSession });
}

describe('visitorPageOf', () => {
  it("shows a signed-out visitor's deployed app in the light entry, on any host", () => {
    expect(at(`http://localhost:4173/deployed-app/${APP}`)).toEqual({ kind: 'deployed-app', appId: APP.toLowerCase() });
    expect(at(`http://localhost:4173/deployed-app/${APP}/`)).toEqual({ kind: 'deployed-app', appId: APP.toLowerCase() });
  });

  it("serves a custom domain's target at its root, not the main host's", () => {
    expect(at('https://lessons.example.org/')).toEqual({ kind: 'custom-domain', light: true });
    expect(at('https://lessons.example.org/', true)).toEqual({ kind: 'custom-domain', light: false });
    expect(at('http://localhost:4173/')).toEqual({ kind: 'full-app' });
  });

  it("asks whether a visitor's deployed app on a custom domain is its target (to show it at `/`)", () => {
    expect(at(`https://lessons.example.org/deployed-app/${APP}`)).toEqual({ kind: 'custom-domain', light: true, appId: APP.toLowerCase() });
    expect(at(`https://lessons.example.org/deployed-app/${APP}`, true)).toEqual({ kind: 'full-app' });
    expect(at(`https://lessons.example.org/landing-page/${APP}`)).toEqual({ kind: 'full-app' });
    expect(at('https://lessons.example.org/sign-in')).toEqual({ kind: 'full-app' });
  });

  it("shows a signed-out visitor's landing page and public bundle page in the light entry, on the platform's hosts", () => {
    expect(at(`http://localhost:4173/landing-page/${APP}`)).toEqual({ kind: 'landing-page', appId: APP.toLowerCase() });
    expect(at(`http://schools.localhost/landing-page/${APP}/`)).toEqual({ kind: 'landing-page', appId: APP.toLowerCase() });
    expect(at(`http://localhost:4173/bundle/${APP}`)).toEqual({ kind: 'bundle', bundleId: APP.toLowerCase() });
    expect(at(`http://localhost:4173/bundle/${APP}/`)).toEqual({ kind: 'bundle', bundleId: APP.toLowerCase() });
  });

  it('leaves the landing and bundle pages to the shell for a stored session, a checkout, a class run, a custom domain and a bad id', () => {
    expect(at(`http://localhost/landing-page/${APP}`, true)).toEqual({ kind: 'full-app' });
    expect(at(`http://localhost/bundle/${APP}`, true)).toEqual({ kind: 'full-app' });
    expect(at(`http://localhost/bundle/${APP}?checkout=success`)).toEqual({ kind: 'full-app' });
    expect(at(`http://localhost/landing-page/${APP}?checkout=canceled`)).toEqual({ kind: 'full-app' });
    expect(at(`http://localhost/landing-page/${APP}?class=${APP}`)).toEqual({ kind: 'full-app' });
    expect(at(`https://lessons.example.org/bundle/${APP}`)).toEqual({ kind: 'full-app' });
    expect(at('http://localhost/landing-page/not-an-id')).toEqual({ kind: 'full-app' });
    expect(at(`http://localhost/landing-page/${APP}x`)).toEqual({ kind: 'full-app' });
    expect(at('http://localhost/bundle/%3Cscript%3E')).toEqual({ kind: 'full-app' });
  });

  it("leaves a bundle's manage pages (its owner's) to the shell", () => {
    expect(at(`http://localhost/bundle/${APP}/settings`)).toEqual({ kind: 'full-app' });
    expect(at(`http://localhost/bundle/${APP}/edit-apps`)).toEqual({ kind: 'full-app' });
    expect(at(`http://localhost/landing-page/${APP}/../../bundle`)).toEqual({ kind: 'full-app' });
  });

  it('hands everything else to the full shell: a stored session, a class run, a checkout, other pages', () => {
    expect(at(`http://localhost/deployed-app/${APP}`, true)).toEqual({ kind: 'full-app' });
    expect(at(`http://localhost/deployed-app/${APP}?class=${APP}`)).toEqual({ kind: 'full-app' });
    expect(at(`http://localhost/deployed-app/${APP}?checkout=success`)).toEqual({ kind: 'full-app' });
    expect(at('http://localhost/deployed-app/not-an-id')).toEqual({ kind: 'full-app' });
    expect(at(`http://localhost/deployed-app/${APP}/../../my-apps`)).toEqual({ kind: 'full-app' });
  });
});
