import { messageOf } from '@appforge/sdk';
import { Button } from '@appforge/ui';

export interface LoadErrorProps {
  /** What could not be loaded, e.g. "This app's settings". */
  what: string;
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
}

/** A failed load, in words, with a way to try again. */
export function LoadError({ what, error, onRetry, retrying = false }: LoadErrorProps) {
  return (
    <div className="settings-load-error" role="alert">
      <p>
        <strong>{what} could not be loaded.</strong> {messageOf(error)}
      </p>
      <Button variant="secondary" size="sm" onClick={onRetry} loading={retrying}>
        Try again
      </Button>
    </div>
  );
}
