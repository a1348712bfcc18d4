import { toAppforgeError } from '../errors';

/**
 * Retries only what may succeed a moment later (network trouble, server errors), twice; a
 * "not found" or "not allowed" answer is final and shows at once.
 */
export function retryTransient(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  const { code, status } = toAppforgeError(error);
  return code === 'network_error' || (status !== undefined && status >= 500);
}
