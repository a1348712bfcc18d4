// What /create-new-app accepts as a description: the same bounds the backend enforces
// (AppDescription.text and create-app-from-description take 1..4000 characters), checked before
// anything is sent so the visitor reads the limit instead of a server error.

/** The most characters a description may have. */
export const DESCRIPTION_MAX_LENGTH = 4000;

export type DescriptionCheck = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly message: string };

/** The trimmed description, or why it cannot be sent (naming the limit). */
export function checkDescription(raw: string): DescriptionCheck {
  const text = raw.trim();
  if (text.length === 0) return { ok: false, message: 'Describe your app first: the description cannot be empty.' };
  if (text.length > DESCRIPTION_MAX_LENGTH) {
    return {
      ok: false,
      message: `A description has at most ${DESCRIPTION_MAX_LENGTH.toLocaleString('en-US')} characters; this one has ${text.length.toLocaleString('en-US')}. Shorten it by ${(text.length - DESCRIPTION_MAX_LENGTH).toLocaleString('en-US')}.`,
    };
  }
  return { ok: true, text };
}
