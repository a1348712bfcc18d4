import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Button } from '../components/Button';
import { Heading, type HeadingLevel } from '../components/heading';

export interface LoadErrorProps {
  /** What could not be loaded, e.g. "This app's settings": the heading reads "… could not be loaded." */
  what: string;
  /** Why, in words a person can act on (from the SDK's `messageOf(error)`). */
  message: ReactNode;
  /** Offers "Try again" when given. Leave it out when retrying cannot help (e.g. not found). */
  onRetry?: () => void;
  /** True while the retry runs: the button shows it is busy. */
  retrying?: boolean;
  headingLevel?: HeadingLevel;
  className?: string;
}

/** One way to say a load failed (issue 29): what, why, and "Try again". Announced as an alert. */
export function LoadError({ what, message, onRetry, retrying = false, headingLevel = 2, className }: LoadErrorProps) {
  return (
    <div role="alert" className={clsx('af-load-error', className)}>
      <Heading level={headingLevel} className="af-load-error__title">
        {what} could not be loaded.
      </Heading>
      {/* A space, so the alert reads as two sentences to screen readers and in its text. */}{' '}
      <p className="af-load-error__message">{message}</p>
      {onRetry ? (
        <Button variant="secondary" size="sm" onClick={onRetry} loading={retrying}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}
