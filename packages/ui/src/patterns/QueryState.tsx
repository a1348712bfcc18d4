import type { ReactNode } from 'react';
import type { HeadingLevel } from '../components/heading';
import { LoadError } from './LoadError';

/**
 * The part of a TanStack Query result this pattern reads. Structural, so `ui` needs no TanStack
 * dependency: any `useQuery(...)` result fits.
 */
export interface QueryLike<TData> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: TData | undefined;
  refetch: () => unknown;
  /** True while a retry runs: "Try again" shows it is busy. */
  isFetching?: boolean;
}

export interface QueryStateProps<TData> {
  query: QueryLike<TData>;
  /** What is loaded, e.g. "Your databases": "Loading your databases…" and "Your databases could not be loaded." */
  what: string;
  /** Turns an error into words a person can act on: pass the SDK's `messageOf`. */
  describeError: (error: unknown) => ReactNode;
  /** True when the error means "not there, or not yours": pass the SDK's `isNotFound`. No retry is offered then. */
  isNotFound?: (error: unknown) => boolean;
  /** Shown while loading, e.g. a skeleton. Defaults to "Loading <what>…". */
  pending?: ReactNode;
  /** Shown instead of `children` when `isEmpty(data)`, e.g. an `EmptyState` with the next step. */
  empty?: ReactNode;
  /** Defaults to "an empty array". */
  isEmpty?: (data: TData) => boolean;
  /** The heading level of the error. */
  headingLevel?: HeadingLevel;
  children: (data: TData) => ReactNode;
}

function isEmptyArray(data: unknown): boolean {
  return Array.isArray(data) && data.length === 0;
}

/** Lower-cases the first letter, so "Your databases" reads "Loading your databases…". */
function inSentence(what: string): string {
  return what.charAt(0).toLowerCase() + what.slice(1);
}

/**
 * One ladder around a query (issue 29): pending → loading, error → `LoadError` with "Try again",
 * empty → the `empty` slot, else `children(data)`. Data already on screen stays while a refetch fails.
 */
export function QueryState<TData>({
  query,
  what,
  describeError,
  isNotFound,
  pending,
  empty,
  isEmpty = isEmptyArray,
  headingLevel,
  children,
}: QueryStateProps<TData>) {
  const { data } = query;
  if (data !== undefined && !query.isPending) {
    if (empty !== undefined && isEmpty(data)) return <>{empty}</>;
    return <>{children(data)}</>;
  }
  if (query.isError) {
    return (
      <LoadError
        what={what}
        message={describeError(query.error)}
        notFound={isNotFound?.(query.error) ?? false}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching ?? false}
        headingLevel={headingLevel}
      />
    );
  }
  return (
    <>
      {pending ?? (
        <p role="status" aria-busy="true" className="af-query-state__pending">
          Loading {inSentence(what)}…
        </p>
      )}
    </>
  );
}
