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
    expect(at(`https://lessons.example.org/deployed-app/${APP}/`)).toEqual({ kind: 'deployed-app', appId: APP.toLowerCase() });
  });

  it("serves a custom domain's target at its root, not the main host's", () => {
    expect(at('https://lessons.example.org/')).toEqual({ kind: 'domain-root' });
    expect(at('http://localhost:4173/')).toEqual({ kind: 'full-app' });
  });

  it('hands everything else to the full shell: a stored session, a class run, a checkout, other pages', () => {
    expect(at(`http://localhost/deployed-app/${APP}`, true)).toEqual({ kind: 'full-app' });
    expect(at(`http://localhost/deployed-app/${APP}?class=${APP}`)).toEqual({ kind: 'full-app' });
    expect(at(`http://localhost/deployed-app/${APP}?checkout=success`)).toEqual({ kind: 'full-app' });
    expect(at(`http://localhost/landing-page/${APP}`)).toEqual({ kind: 'full-app' });
    expect(at('http://localhost/deployed-app/not-an-id')).toEqual({ kind: 'full-app' });
    expect(at(`http://localhost/deployed-app/${APP}/../../my-apps`)).toEqual({ kind: 'full-app' });
  });
});
