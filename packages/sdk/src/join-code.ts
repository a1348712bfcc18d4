// Join codes (issue 19): shared by the full client and the light sign-in client, which must not
// load zod, so this module imports nothing.

/** A join code: 8 of A-Z and 2-9 without look-alikes; spaces and dashes are ignored, case too. */
export const JOIN_CODE_PATTERN = /^[A-HJ-NP-Z2-9]{8}$/;

export function normaliseJoinCode(code: string): string {
  return code.replace(/[\s-]+/g, '').toUpperCase();
}

/** What a join link's code tells anyone before they join: the class's and school's names. */
export interface ClassJoinPreview {
  className: string;
  schoolName: string | null;
}
