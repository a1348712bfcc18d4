import { AppforgeError } from '@appforge/sdk';

/** What to show for a failed call: the server's message, else a general one. */
export function messageOf(error: unknown): string {
  return error instanceof AppforgeError ? error.message : 'Something went wrong. Try again.';
}
