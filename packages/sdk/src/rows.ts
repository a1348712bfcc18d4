// Validation of what the backend sends back: outside input, like anything else.
import { z } from 'zod';
import { AppforgeError } from './errors';

/** An embedded count (`select('…, Child(count)')`): the database counts the related rows. */
export const embeddedCountSchema = z.array(z.object({ count: z.number().int().nonnegative() }));

/** `items` in runs of at most `size`: for reads with a cap on their ids or on the rows answered. */
export function inChunks<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let at = 0; at < items.length; at += size) chunks.push(items.slice(at, at + size));
  return chunks;
}

/** Parses a response body; a body of the wrong shape is the server's fault, reported as such. */
export function parseResponse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new AppforgeError({
    code: 'invalid_response',
    message: `The server sent an unexpected answer for ${what}.`,
    cause: parsed.error,
  });
}
