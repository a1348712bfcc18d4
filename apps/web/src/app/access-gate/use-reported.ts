import { useEffect } from 'react';
import { reportError } from '../../lib/report-error';

/** Reports a failed check once per error object (seed §8: reported and logged). */
export function useReported(error: unknown, context: string) {
  useEffect(() => {
    if (error !== null && error !== undefined) reportError(error, { context });
  }, [error, context]);
}
