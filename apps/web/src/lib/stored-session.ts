/** localStorage, or undefined where the browser refuses it (e.g. third-party frames, privacy modes). */
export function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Whether supabase-js has a session stored on this device (key `sb-<project>-auth-token`). Only a
 * hint for preloading; the access gate asks the client itself.
 */
export function hasStoredSession(storage: Pick<Storage, 'length' | 'key'> | undefined): boolean {
  if (storage === undefined) return false;
  try {
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (key !== null && /^sb-.+-auth-token$/.test(key)) return true;
    }
  } catch {
    // Storage blocked: nothing is stored either.
  }
  return false;
}
