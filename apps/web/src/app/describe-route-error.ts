import { isRouteErrorResponse } from 'react-router';

export interface RouteErrorDescription {
  title: string;
  /** What happened and what to do, in words. */
  explanation: string;
  /** The technical message, for the details block in development. */
  detail: string;
  /** Expected outcomes (a 404 thrown by a loader) are shown but not reported as bugs. */
  report: boolean;
}

// The messages browsers use when a lazily loaded chunk cannot be fetched (typically after a
// new deploy removed the old files, or when the connection dropped).
const CHUNK_LOAD_FAILURE = /dynamically imported module|Importing a module script failed|Failed to fetch/i;

export function describeRouteError(error: unknown): RouteErrorDescription {
  if (isRouteErrorResponse(error)) {
    const detail = `${error.status} ${error.statusText}`.trim();
    if (error.status === 404) {
      return {
        title: 'Not found',
        explanation: 'What you were looking for does not exist, or it was removed.',
        detail,
        report: false,
      };
    }
    if (error.status === 401 || error.status === 403) {
      return {
        title: 'Not allowed',
        explanation: 'You do not have access to this page. Sign in with another account or ask its owner for access.',
        detail,
        report: false,
      };
    }
    return {
      title: 'Something went wrong',
      explanation: `The server could not answer this request (HTTP ${error.status}). Try again in a moment.`,
      detail,
      report: error.status >= 500,
    };
  }
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  if (error instanceof Error && CHUNK_LOAD_FAILURE.test(error.message)) {
    return {
      title: 'This page could not be loaded',
      explanation:
        'A part of Appforge could not be downloaded. This happens after an update or when the connection drops; reloading the page usually fixes it.',
      detail,
      report: true,
    };
  }
  return {
    title: 'Something went wrong',
    explanation:
      'Appforge hit an unexpected error while showing this page. Nothing you saved was lost. The error has been reported; reload the page or go back home.',
    detail,
    report: true,
  };
}
