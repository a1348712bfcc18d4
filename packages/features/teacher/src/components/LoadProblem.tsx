import { messageOf } from '@appforge/sdk';
import { Button, EmptyState, Spinner } from '@appforge/ui';

/** While a page's data loads. */
export function Loading({ what }: { what: string }) {
  return (
    <p className="teacher-muted" role="status">
      <Spinner size="sm" /> Loading {what}…
    </p>
  );
}

/** A request that failed, in words, with "Try again". */
export function LoadProblem({ title, error, onRetry, headingLevel = 2 }: { title: string; error: unknown; onRetry: () => void; headingLevel?: 1 | 2 | 3 }) {
  return <EmptyState headingLevel={headingLevel} title={title} description={messageOf(error)} action={<Button onClick={onRetry}>Try again</Button>} />;
}
