/** The words to show for a failed request: the SDK's AppforgeError carries a message a person can act on. */
export function messageOf(error: unknown): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  if (typeof error === 'string' && error.trim() !== '') return error;
  return 'Something went wrong. Please try again.';
}
