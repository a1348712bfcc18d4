import { isNotFound, messageOf } from '@appforge/sdk';
import type { AppDetail } from '@appforge/sdk';
import { useApp, useLiveApp } from '@appforge/sdk/react';
import { Button, EmptyState, LoadError, PageHeader, PageTitle } from '@appforge/ui';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { settingsPaths } from '../lib/paths';
import { Skeleton } from './Skeleton';

export interface AppSettingsFrameProps {
  /** The page's name, e.g. "Price"; the hub passes null and shows the app's name instead. */
  page: string | null;
  description?: string;
  /** Lines of the loading skeleton. */
  skeletonLines?: number;
  actions?: (app: AppDetail) => ReactNode;
  /** Use the width of the screen (the run table). */
  wide?: boolean;
  children: (app: AppDetail) => ReactNode;
}

function Breadcrumbs({ app, page }: { app: AppDetail | undefined; page: string | null }) {
  return (
    <ol className="settings-breadcrumbs">
      <li>
        <Link to="/">Your apps</Link>
      </li>
      {page !== null && app ? (
        <li>
          <Link to={settingsPaths(app.id).hub}>{app.name}: settings</Link>
        </li>
      ) : null}
    </ol>
  );
}

/**
 * Loads the app named by `:appId` and shows a settings page for it, with the loading skeleton,
 * the "not found" page and load errors (with retry) every settings page shares.
 */
export function AppSettingsFrame({ page, description, skeletonLines = 6, actions, wide = false, children }: AppSettingsFrameProps) {
  const { appId = '' } = useParams();
  const app = useApp(appId);
  // The deploy state (and name, visibility) follow changes made in other tabs.
  useLiveApp(appId);
  const data = app.data;

  const tabTitle = <PageTitle title={[page, data?.name ? (page === null ? `${data.name} settings` : data.name) : 'App settings']} />;

  if (app.isError && !data && isNotFound(app.error)) {
    return (
      <>
        {tabTitle}
        <div className="settings-page">
          <EmptyState
            headingLevel={1}
            title="This app was not found"
            description="It may have been deleted, or it belongs to someone else."
            action={
              <Button asChild>
                <Link to="/">Go to your apps</Link>
              </Button>
            }
          />
        </div>
      </>
    );
  }

  return (
    <>
      {tabTitle}
      <div className={wide ? 'settings-page settings-page--wide' : 'settings-page'}>
        <PageHeader
          title={page ?? data?.name ?? 'App settings'}
          description={page === null ? 'Settings of this app. Pick a part to change it.' : description}
          breadcrumbs={<Breadcrumbs app={data} page={page} />}
          actions={data && actions ? actions(data) : undefined}
        />
        {data ? (
          children(data)
        ) : app.isError ? (
          <LoadError what="This app's settings" message={messageOf(app.error)} onRetry={() => void app.refetch()} retrying={app.isFetching} />
        ) : (
          <Skeleton lines={skeletonLines} label="Loading the app's settings…" />
        )}
      </div>
    </>
  );
}
