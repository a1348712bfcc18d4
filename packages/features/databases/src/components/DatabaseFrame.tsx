import { isNotFound, messageOf } from '@appforge/sdk';
import type { DatabaseDetail } from '@appforge/sdk';
import { useDatabase } from '@appforge/sdk/react';
import { LoadError, PageHeader, PageTitle, Spinner } from '@appforge/ui';
import type { ReactNode } from 'react';
import { Link, NavLink, useParams } from 'react-router';

export type DatabaseSection = 'Overview' | 'Structure' | 'Data' | 'Settings';

const SECTIONS: { label: DatabaseSection; path: string }[] = [
  { label: 'Overview', path: '' },
  { label: 'Structure', path: '/structure' },
  { label: 'Data', path: '/data' },
  { label: 'Settings', path: '/settings' },
];

export interface DatabaseFrameProps {
  section: DatabaseSection;
  /** The page's own content once the database is loaded. */
  children: (database: DatabaseDetail) => ReactNode;
  actions?: (database: DatabaseDetail) => ReactNode;
}

/** Every /database/:databaseId page: the database loaded once, its name, and the section links. */
export function DatabaseFrame({ section, children, actions }: DatabaseFrameProps) {
  const { databaseId = '' } = useParams();
  const database = useDatabase(databaseId);
  const name = database.data?.name;
  const tabTitle = <PageTitle title={name ? [section, name] : 'Database'} />;

  if (database.isPending) {
    return (
      <>
        {tabTitle}
        <div className="db-page" aria-busy="true">
          <Spinner label="Loading the database" />
        </div>
      </>
    );
  }
  if (database.isError) {
    return (
      <>
        {tabTitle}
        <div className="db-page">
          <p>
            <Link to="/databases">← Your databases</Link>
          </p>
          <LoadError
            what="This database"
            title="This database could not be opened"
            message={messageOf(database.error)}
            // A malformed id in the address names no database either.
            notFound={isNotFound(database.error) || database.error.code === 'invalid_input'}
            onRetry={() => void database.refetch()}
            retrying={database.isFetching}
          />
        </div>
      </>
    );
  }
  const data = database.data;
  return (
    <>
      {tabTitle}
      <div className="db-page">
        <PageHeader
          breadcrumbs={
            <ol className="db-crumbs">
              <li>
                <Link to="/databases">Databases</Link>
              </li>
              <li aria-current="page">{data.name}</li>
            </ol>
          }
          title={section === 'Overview' ? data.name : `${section}: ${data.name}`}
          description={data.description || undefined}
          actions={actions?.(data)}
        />
        <nav aria-label="This database" className="db-sections">
          {SECTIONS.map((item) => (
            <NavLink key={item.label} to={`/database/${data.id}${item.path}`} end className="db-sections__link">
              {item.label}
            </NavLink>
          ))}
        </nav>
        {children(data)}
      </div>
    </>
  );
}
