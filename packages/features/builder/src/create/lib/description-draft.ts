// The text typed on /create-new-app survives a reload, a failed request and the trip through
// sign-up: it lives in localStorage until an app has been made from it (PRODUCT.md §5: nothing a
// user wrote is ever lost). Storage can be missing or full (private windows): then the draft just
// isn't kept, and the page still works.

const KEY = 'appforge:create-new-app:draft';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The saved draft, or '' when there is none. */
export function loadDraft(): string {
  try {
    return storage()?.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}

/** Saves the draft; an empty text removes it. */
export function saveDraft(text: string): void {
  try {
    if (text === '') storage()?.removeItem(KEY);
    else storage()?.setItem(KEY, text);
  } catch {
    // Full or forbidden storage: the draft stays only on screen.
  }
}

/** Forgets the draft once an app has been made from it. */
export function clearDraft(): void {
  saveDraft('');
}
