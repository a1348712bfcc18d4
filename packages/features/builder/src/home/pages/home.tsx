import { messageOf } from '@appforge/sdk';
import type { AppSort, AppSummary } from '@appforge/sdk';
import { useLiveApp, useLiveRuns, useMyApps, useRecentRuns } from '@appforge/sdk/react';
import { EmptyState, LoadError, PageHeader, PageTitle, TextField } from '@appforge/ui';
import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Skeleton } from '../../editor/components/Skeleton';
import { AppCard } from '../components/AppCard';
import { RecentRuns } from '../components/RecentRuns';

const SORTS: { value: AppSort; label: string }[] = [
  { value: 'updated', label: 'Last changed' },
  { value: 'name', label: 'Name' },
  { value: 'created', label: 'Newest' },
];

function isSort(value: string | null): value is AppSort {
  return SORTS.some((sort) => sort.value === value);
}

/** Waits until typing pauses before searching, so each key press is not a request. */
function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** `/` — the signed-in person's apps as cards, search and sort, "Create app", recent runs. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const sortParam = params.get('sort');
  const sort: AppSort = isSort(sortParam) ? sortParam : 'updated';
  const [search, setSearch] = useState(params.get('q') ?? '');
  const query = useDebounced(search.trim(), 300);
  const apps = useMyApps({ ...(query ? { search: query } : {}), sort });
  const runs = useRecentRuns(8);
  // Recent runs and the cards' deploy state follow what happens in other tabs and to visitors.
  useLiveRuns();
  useLiveApp();
  const sortId = useId();
  const [now] = useState(() => Date.now());
  // A new search or sort keeps the previous cards on screen while its answer loads.
  const [previous, setPrevious] = useState<AppSummary[] | undefined>(undefined);
  useEffect(() => {
    if (apps.data) setPrevious(apps.data);
  }, [apps.data]);
  const shown = apps.data ?? previous;

  const tabTitle = <PageTitle title="Your apps" />;

  useEffect(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (query) next.set('q', query);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [query, setParams]);

  const createLink = (
    <Link className="af-button af-button--primary af-button--md" to="/create-new-app">
      Create app
    </Link>
  );
  const noAppsAtAll = apps.isSuccess && apps.data.length === 0 && query === '';

  return (
    <>
      {tabTitle}
      <div className="home-page">
        <PageHeader title="Your apps" description="Build an AI app from a description, refine its steps, deploy it and share the link." actions={createLink} />
        <div className="home-layout">
          <section className="home-layout__main" aria-labelledby="home-apps-heading">
            <h2 id="home-apps-heading" className="af-visually-hidden">
              Apps
            </h2>
            {!noAppsAtAll ? (
              <div className="home-toolbar" role="search">
                <TextField
                  label="Search your apps"
                  type="search"
                  value={search}
                  placeholder="Name or description"
                  onChange={(event) => setSearch(event.target.value)}
                />
                <div className="af-field">
                  <label className="af-field__label" htmlFor={sortId}>
                    Sort by
                  </label>
                  <select
                    id={sortId}
                    className="af-input home-select"
                    value={sort}
                    onChange={(event) =>
                      setParams(
                        (current) => {
                          const next = new URLSearchParams(current);
                          next.set('sort', event.target.value);
                          return next;
                        },
                        { replace: true },
                      )
                    }
                  >
                    {SORTS.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
            ) : null}
            {apps.isPending && !shown ? (
              <Skeleton label="Loading your apps" rows={4} />
            ) : apps.isError ? (
              <LoadError what="Your apps" message={messageOf(apps.error)} onRetry={() => void apps.refetch()} />
            ) : noAppsAtAll ? (
              <EmptyState
                title="Create your first app"
                description="Describe the app you need in a sentence or two — for example “a quiz maker for my history class” — and Appforge builds its first version: the questions it asks, what the AI does with the answers, and the result it shows. You can change every step afterwards."
                action={createLink}
              />
            ) : (shown ?? []).length === 0 ? (
              <p className="home-hint" role="status">
                No app matches “{query}”.
              </p>
            ) : (
              <ul className="home-grid" aria-label="Your apps">
                {(shown ?? []).map((app) => (
                  <li key={app.id}>
                    <AppCard app={app} now={now} />
                  </li>
                ))}
              </ul>
            )}
          </section>
          <aside className="home-layout__side" aria-labelledby="home-runs-heading">
            <h2 id="home-runs-heading" className="home-section-title">
              Recent runs
            </h2>
            {runs.isPending ? (
              <Skeleton label="Loading recent runs" rows={3} />
            ) : runs.isError ? (
              <LoadError what="Recent runs" message={messageOf(runs.error)} onRetry={() => void runs.refetch()} />
            ) : (
              <RecentRuns runs={runs.data} now={now} />
            )}
          </aside>
        </div>
      </div>
    </>
  );
}
