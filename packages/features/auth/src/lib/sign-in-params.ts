// What the sign-in screen is told by whoever sent the visitor there: an app or a bundle to
// brand the page with, a new-signup flag and a pending app description (seed §2.3). All of it
// arrives in the address bar or router state, so it is validated like any outside input.
// Plain checks rather than zod: this module is on the sign-in page, whose first visit must stay
// within 150 KB gz of JS, and zod's core alone is ~16 KB gz. The rules are zod's (see the test).

export interface SignInParams {
  /** The app whose name brands the page (`app_id`). */
  readonly appId: string | null;
  /** The bundle whose name brands the page (`bundle_id`); wins over `appId` when both are given. */
  readonly bundleId: string | null;
  /** `new_signup=true|1`: the visitor came to create an account. */
  readonly newSignup: boolean;
  /** `app_description_id`: a description saved on /create-new-app, waiting for an account. */
  readonly appDescriptionId: string | null;
}

/** A check: the accepted value, or null. */
type Check<T> = (value: unknown) => T | null;

// zod's z.uuid(): RFC 9562 versions 1–8 with the RFC variant, plus the nil and max UUIDs.
const UUID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;
const TOKEN = /^[A-Za-z0-9_-]{1,128}$/;

const uuid: Check<string> = (value) => (typeof value === 'string' && UUID.test(value) ? value : null);
const token: Check<string> = (value) => (typeof value === 'string' && TOKEN.test(value) ? value : null);
const flag: Check<'true' | '1'> = (value) => (value === 'true' || value === '1' ? value : null);

/** Router state is whatever the previous page pushed: only a plain object is read. */
function stateFields(state: unknown): Record<string, unknown> {
  return typeof state === 'object' && state !== null && !Array.isArray(state) ? (state as Record<string, unknown>) : {};
}

function pick<T>(check: Check<T>, ...candidates: unknown[]): T | null {
  for (const candidate of candidates) {
    const accepted = check(typeof candidate === 'boolean' ? String(candidate) : candidate);
    if (accepted !== null) return accepted;
  }
  return null;
}

/**
 * Reads the sign-in inputs from the query string first, then from router state. A malformed
 * value (not a UUID, script, overlong) counts as absent: the page falls back to its defaults
 * and never sends it to the backend.
 */
export function readSignInParams(search: URLSearchParams, state: unknown): SignInParams {
  const s = stateFields(state);
  return {
    appId: pick(uuid, search.get('app_id'), s.app_id),
    bundleId: pick(uuid, search.get('bundle_id'), s.bundle_id),
    newSignup: pick(flag, search.get('new_signup'), s.new_signup) !== null,
    appDescriptionId: pick(token, search.get('app_description_id'), s.app_description_id),
  };
}

/** The page's own address for redirects after a provider or an e-mail link: a bare trailing `#` is dropped. */
export function currentAddress(href: string): string {
  return href.endsWith('#') ? href.slice(0, -1) : href;
}

// A class's join link (/join/:code, issue 19) shown signed out: the screen names the class (issue 27).
const JOIN_PATH = /^\/join\/([^/?#]{1,40})\/?$/;
const JOIN_CODE = /^[A-HJ-NP-Z2-9]{8}$/;

/** The join code of the page being signed in to (the gate's own address, or `next`), or null. */
export function joinCodeOf(pathname: string, next: string): string | null {
  for (const path of [pathname, next]) {
    const match = JOIN_PATH.exec(path.split(/[?#]/)[0] ?? '');
    if (!match?.[1]) continue;
    let code: string;
    try {
      code = decodeURIComponent(match[1]);
    } catch {
      continue;
    }
    code = code.replace(/[\s-]+/g, '').toUpperCase();
    if (JOIN_CODE.test(code)) return code;
  }
  return null;
}
