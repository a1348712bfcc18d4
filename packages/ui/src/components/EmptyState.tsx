import { clsx } from 'clsx';
import type { ComponentProps, ReactNode } from 'react';
import { Heading, type HeadingLevel } from './heading';

export interface EmptyStateProps extends Omit<ComponentProps<'div'>, 'title'> {
  /** A decorative illustration or icon (rendered aria-hidden). */
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** What the person can do next, usually a Button. */
  action?: ReactNode;
  headingLevel?: HeadingLevel;
}

/** Shown where a list or page has nothing yet; says why and offers the next step. */
export function EmptyState({ icon, title, description, action, headingLevel = 2, className, ...rest }: EmptyStateProps) {
  return (
    <div className={clsx('af-empty-state', className)} {...rest}>
      {icon !== undefined ? (
        <div className="af-empty-state__icon" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <Heading level={headingLevel} className="af-empty-state__title">
        {title}
      </Heading>
      {description !== undefined ? <p className="af-empty-state__description">{description}</p> : null}
      {action !== undefined ? <div className="af-empty-state__action">{action}</div> : null}
    </div>
  );
}
