// A run that waits for the visitor (more answers, a choice) survives a reload: its id is kept in
// sessionStorage per app (per tab, like the run itself), and the page continues it on load. The
// backend persists the run; only its id lives here.

const PREFIX = 'appforge.run.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The id of this app's run that was waiting for the visitor when the page was left, if any. */
export function readPendingRun(appId: string, storage: Storage | null = sessionStore()): string | null {
  try {
    const value = storage?.getItem(PREFIX + appId) ?? null;
    return value !== null && UUID.test(value) ? value : null;
  } catch {
    return null;
  }
}

/** Remembers a run that now waits for the visitor. */
export function savePendingRun(appId: string, runId: string, storage: Storage | null = sessionStore()): void {
  if (!UUID.test(runId)) return;
  try {
    storage?.setItem(PREFIX + appId, runId);
  } catch {
    // A full or blocked storage only costs the resume after a reload.
  }
}

/** Forgets the waiting run (it finished, failed, or the visitor started over). */
export function clearPendingRun(appId: string, storage: Storage | null = sessionStore()): void {
  try {
    storage?.removeItem(PREFIX + appId);
  } catch {
    // Nothing to forget when storage is unavailable.
  }
}
