import { Button } from '@appforge/ui';

export interface LoadErrorProps {
  title: string;
  error: unknown;
  onRetry?: () => void;
}

/** A failed load in words, with a way to try again. */
export function LoadError({ title, error, onRetry }: LoadErrorProps) {
  const message = error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
  const notFound = typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'not_found';
  return (
    <div role="alert" className="editor-load-error">
      <h2 className="editor-load-error__title">{title}</h2>
      <p>{notFound ? 'It does not exist, or it belongs to someone else.' : message}</p>
      {onRetry && !notFound ? (
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}
