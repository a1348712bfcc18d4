import { clsx } from 'clsx';
import type { ComponentProps, ReactNode } from 'react';

export interface PageHeaderProps extends Omit<ComponentProps<'header'>, 'title'> {
  /** The page's <h1>. */
  title: ReactNode;
  description?: ReactNode;
  /** Primary page actions, usually Buttons. */
  actions?: ReactNode;
  /** Breadcrumb links (e.g. an <ol> of links); wrapped in a navigation landmark. */
  breadcrumbs?: ReactNode;
  breadcrumbsLabel?: string;
}

export function PageHeader({
  title,
  description,
  actions,
  breadcrumbs,
  breadcrumbsLabel = 'Breadcrumb',
  className,
  ...rest
}: PageHeaderProps) {
  return (
    <header className={clsx('af-page-header', className)} {...rest}>
      {breadcrumbs !== undefined ? (
        <nav aria-label={breadcrumbsLabel} className="af-page-header__breadcrumbs">
          {breadcrumbs}
        </nav>
      ) : null}
      <div className="af-page-header__row">
        <div className="af-page-header__text">
          <h1 className="af-page-header__title">{title}</h1>
          {description !== undefined ? <p className="af-page-header__description">{description}</p> : null}
        </div>
        {actions !== undefined ? <div className="af-page-header__actions">{actions}</div> : null}
      </div>
    </header>
  );
}
