import { isAppforgeError } from '@appforge/sdk';

/** What went wrong, in the server's words when it gave some. */
export function messageOf(error: unknown): string {
  if (isAppforgeError(error)) return error.message;
  return error instanceof Error ? error.message : 'Something went wrong; try again.';
}

export function isNotFound(error: unknown): boolean {
  return isAppforgeError(error) && (error.code === 'not_found' || error.status === 404);
}
