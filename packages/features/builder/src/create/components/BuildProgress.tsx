import { Button, Spinner } from '@appforge/ui';

export interface BuildProgressProps {
  /** The description the app is being built from (shown so the person sees what was understood). */
  readonly description: string | null;
  /** Why the build failed, in words; null while it runs. */
  readonly error: string | null;
  readonly onRetry: () => void;
  /** Back to the box with the text kept, to change the description. */
  readonly onEdit: () => void;
}

/** "Building your app…" while the app is made from a description, or the failure with a retry. */
export function BuildProgress({ description, error, onRetry, onEdit }: BuildProgressProps) {
  return (
    <section className="bc-build" aria-labelledby="bc-build-title">
      {error === null ? (
        <div className="bc-build__status" role="status">
          <Spinner size="lg" label="Building your app" />
          <h2 id="bc-build-title">Building your app…</h2>
          <p>Choosing the steps, the questions it asks and what it writes back. This takes a few seconds.</p>
        </div>
      ) : (
        <div className="bc-build__failed">
          <h2 id="bc-build-title">Your app could not be built</h2>
          <p role="alert">{error}</p>
          <p>Your description is kept: try again, or change it first.</p>
          <div className="bc-actions">
            <Button onClick={onRetry}>Try again</Button>
            <Button variant="secondary" onClick={onEdit}>
              Edit the description
            </Button>
          </div>
        </div>
      )}
      {description !== null && description !== '' ? (
        <blockquote className="bc-build__description" aria-label="Your description">
          {description}
        </blockquote>
      ) : null}
    </section>
  );
}
