import { clsx } from 'clsx';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { Heading, type HeadingLevel } from './heading';

export interface CardProps extends Omit<ComponentProps<'section'>, 'title'> {
  title?: ReactNode;
  description?: ReactNode;
  /** Buttons or menus shown at the right of the header. */
  actions?: ReactNode;
  footer?: ReactNode;
  /** Level of the title heading; defaults to 2. */
  headingLevel?: HeadingLevel;
  padding?: 'none' | 'md' | 'lg';
}

/** A bordered surface grouping related content; its title names the section. */
export function Card({
  title,
  description,
  actions,
  footer,
  headingLevel = 2,
  padding = 'md',
  className,
  children,
  ...rest
}: CardProps) {
  const hasHeader = title !== undefined || description !== undefined || actions !== undefined;
  const titleId = useId();
  return (
    <section
      className={clsx('af-card', `af-card--pad-${padding}`, className)}
      aria-labelledby={title !== undefined ? titleId : undefined}
      {...rest}
    >
      {hasHeader ? (
        <header className="af-card__header">
          <div className="af-card__heading">
            {title !== undefined ? (
              <Heading level={headingLevel} className="af-card__title" id={titleId}>
                {title}
              </Heading>
            ) : null}
            {description !== undefined ? <p className="af-card__description">{description}</p> : null}
          </div>
          {actions !== undefined ? <div className="af-card__actions">{actions}</div> : null}
        </header>
      ) : null}
      {children !== undefined ? <div className="af-card__body">{children}</div> : null}
      {footer !== undefined ? <footer className="af-card__footer">{footer}</footer> : null}
    </section>
  );
}
