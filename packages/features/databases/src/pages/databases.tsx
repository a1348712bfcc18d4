import { messageOf } from '@appforge/sdk';
import type { DatabaseSummary } from '@appforge/sdk';
import { useDatabaseApps, useDatabaseTableCounts, useMyDatabases } from '@appforge/sdk/react';
import { EmptyState, formatDateTime, LoadError, PageHeader, PageTitle, Spinner, Table, TextField } from '@appforge/ui';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { NewDatabaseDialog } from '../components/NewDatabaseDialog';
import { TemplatePicker } from '../components/TemplatePicker';
import { formatCount } from '../lib/format';

/** `/databases` — the person's databases: tables, rows, apps using each, search, new, templates. */
export function Component() {
  const databases = useMyDatabases();
  const ids = useMemo(() => (databases.data ?? []).map((database) => database.id), [databases.data]);
  const counts = useDatabaseTableCounts(ids);
  const apps = useDatabaseApps(null);
  const [search, setSearch] = useState('');
  const tabTitle = <PageTitle title="Databases" />;

  const rowsOf = (id: string): number | undefined =>
    counts.data?.filter((count) => count.database_id === id).reduce((sum, count) => sum + count.row_count, 0);
  const appsOf = (id: string) => (apps.data ?? []).filter((app) => app.database_id === id);
  const wanted = search.trim().toLowerCase();
  const shown = (databases.data ?? []).filter(
    (database) => wanted === '' || database.name.toLowerCase().includes(wanted) || database.description.toLowerCase().includes(wanted),
  );

  return (
    <>
      {tabTitle}
      <div className="db-page">
        <PageHeader
          title="Databases"
          description="The data your apps read and write: scores, logs, contacts — kept in your own tables."
          actions={<NewDatabaseDialog />}
        />
        {databases.isPending ? (
          <Spinner label="Loading your databases" />
        ) : databases.isError ? (
          <LoadError what="Your databases" message={messageOf(databases.error)} onRetry={() => void databases.refetch()} retrying={databases.isFetching} />
        ) : databases.data.length === 0 ? (
          <>
            <EmptyState
              title="No databases yet"
              description="A database keeps what your apps collect — quiz scores, a reading log, contacts — so you can see it, edit it and export it. Start from a template or create an empty one."
            />
            <TemplatePicker />
          </>
        ) : (
          <>
            <TextField label="Search your databases" type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
            <Table<DatabaseSummary>
              caption="Your databases"
              hideCaption
              rows={shown}
              getRowKey={(database) => database.id}
              empty={`No database matches “${search.trim()}”.`}
              columns={[
                { key: 'name', header: 'Name', rowHeader: true, cell: (database) => <Link to={`/database/${database.id}`}>{database.name}</Link> },
                { key: 'tables', header: 'Tables', align: 'end', cell: (database) => formatCount(database.table_count) },
                { key: 'rows', header: 'Rows', align: 'end', cell: (database) => { const rows = rowsOf(database.id); return rows === undefined ? '…' : formatCount(rows); } },
                {
                  key: 'apps',
                  header: 'Apps using it',
                  cell: (database) => appsOf(database.id).map((app) => app.name).join(', ') || 'None',
                },
                { key: 'updated', header: 'Updated', cell: (database) => formatDateTime(database.updated_at) },
              ]}
            />
          </>
        )}
      </div>
    </>
  );
}
