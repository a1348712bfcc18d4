import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Button } from '../components/Button';
import { Heading, type HeadingLevel } from '../components/heading';

/** What a person is told when the thing does not exist or is hidden from them (RLS looks the same). */
export const NOT_FOUND_MESSAGE = 'It does not exist, or it belongs to someone else.';

export interface LoadErrorProps {
  /** What could not be loaded, e.g. "This app's settings": the heading reads "… could not be loaded." */
  what: string;
  /** The whole heading, when "… could not be loaded." does not fit (e.g. "This version belongs to another app"). */
  title?: ReactNode;
  /** Why, in words a person can act on (from the SDK's `messageOf(error)`). Not needed when `notFound`. */
  message?: ReactNode;
  /**
   * The thing does not exist or is not theirs (the SDK's `isNotFound(error)`): says so instead of
   * the message, and offers no "Try again", because retrying cannot help.
   */
  notFound?: boolean;
  /** Offers "Try again" when given. Leave it out when retrying cannot help. */
  onRetry?: () => void;
  /** True while the retry runs: the button shows it is busy. */
  retrying?: boolean;
  headingLevel?: HeadingLevel;
  className?: string;
}

/** One way to say a load failed (issue 29): what, why, and "Try again". Announced as an alert. */
export function LoadError({ what, title, message, notFound = false, onRetry, retrying = false, headingLevel = 2, className }: LoadErrorProps) {
  return (
    <div role="alert" className={clsx('af-load-error', className)}>
      <Heading level={headingLevel} className="af-load-error__title">
        {title ?? `${what} could not be loaded.`}
      </Heading>
      {/* A space, so the alert reads as two sentences to screen readers and in its text. */}{' '}
      <p className="af-load-error__message">{notFound ? NOT_FOUND_MESSAGE : message}</p>
      {onRetry && !notFound ? (
        <Button variant="secondary" size="sm" onClick={onRetry} loading={retrying}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}
