import { Spinner } from '@appforge/ui';

/** While a page's data loads. */
export function Loading({ what }: { what: string }) {
  return (
    <p className="teacher-muted" role="status">
      <Spinner size="sm" /> Loading {what}…
    </p>
  );
}
