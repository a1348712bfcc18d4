/** The words to show for a failed request: the SDK's normalised message, or a generic line. */
export function messageOf(error: unknown): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return 'Something went wrong. Please try again.';
}

/** True when the SDK says the thing asked for does not exist (or is hidden from this person). */
export function isNotFound(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, status } = error as { code?: unknown; status?: unknown };
  return code === 'not_found' || status === 404;
}
