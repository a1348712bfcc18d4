import { Button } from '@appforge/ui';

export interface LoadProblemProps {
  title: string;
  error: unknown;
  onRetry?: () => void;
}

/** A failed load in words; someone else's (or a deleted) database is "not found", never its data. */
export function LoadProblem({ title, error, onRetry }: LoadProblemProps) {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  const notFound = code === 'not_found' || code === 'invalid_input';
  const message = error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
  return (
    <div role="alert" className="db-problem">
      <h2 className="db-problem__title">{title}</h2>
      <p>{notFound ? 'It does not exist, or it belongs to someone else.' : message}</p>
      {onRetry && !notFound ? (
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}
