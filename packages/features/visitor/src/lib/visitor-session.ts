// A signed-out visitor's runs are tied to a random id kept in this browser (the backend's
// `visitor_session`): it lets the same visitor continue their run after a reload and keeps the
// per-visitor rate limit per person rather than per shared IP address.

const KEY = 'appforge.visitor_session';
const VALID = /^[A-Za-z0-9_-]{16,200}$/;

/** Kept for this page load when the browser refuses storage (private mode, blocked cookies). */
let fallback: string | null = null;

function newId(): string {
  return crypto.randomUUID();
}

function localStore(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The visitor's session id: read from localStorage, created on first use. A stored value that is
 * not a plausible id (edited by hand, written by something else) is replaced, never sent.
 */
export function getVisitorSession(storage: Storage | null = localStore()): string {
  try {
    const stored = storage?.getItem(KEY) ?? null;
    if (stored !== null && VALID.test(stored)) return stored;
    const id = newId();
    if (storage) {
      storage.setItem(KEY, id);
      return id;
    }
  } catch {
    // Storage exists but refuses writes (quota, policy): fall through to the in-memory id.
  }
  fallback ??= newId();
  return fallback;
}

export const VISITOR_SESSION_KEY = KEY;
