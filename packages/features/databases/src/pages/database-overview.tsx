import type { DatabaseTableInfo } from '@appforge/sdk';
import { useDatabaseApps, useDatabaseTableCounts } from '@appforge/sdk/react';
import { Card, Table, buttonClassName } from '@appforge/ui';
import { Link } from 'react-router';
import { DatabaseFrame } from '../components/DatabaseFrame';
import { formatCount } from '../lib/format';

function Overview({ databaseId, tables }: { databaseId: string; tables: DatabaseTableInfo[] }) {
  const counts = useDatabaseTableCounts([databaseId]);
  const apps = useDatabaseApps(databaseId);
  const rowsOf = (tableId: string) => counts.data?.find((count) => count.table_id === tableId)?.row_count;
  return (
    <div className="db-stack">
      <div className="db-actions" aria-label="Quick actions" role="group">
        <Link className={buttonClassName({})} to={`/database/${databaseId}/data`}>
          Open the data
        </Link>
        <Link className={buttonClassName({ variant: 'secondary' })} to={`/database/${databaseId}/structure/edit`}>
          Edit the structure
        </Link>
        <Link className={buttonClassName({ variant: 'secondary' })} to={`/database/${databaseId}/data?import=1`}>
          Import a CSV
        </Link>
      </div>
      <Table<DatabaseTableInfo>
        caption="Tables"
        rows={tables}
        getRowKey={(table) => table.id}
        empty="This database has no tables yet."
        columns={[
          { key: 'name', header: 'Table', rowHeader: true, cell: (table) => <Link to={`/database/${databaseId}/data?table=${table.id}`}>{table.name}</Link> },
          { key: 'columns', header: 'Columns', align: 'end', cell: (table) => formatCount(table.columns.length) },
          { key: 'rows', header: 'Rows', align: 'end', cell: (table) => { const rows = rowsOf(table.id); return rows === undefined ? '…' : formatCount(rows); } },
        ]}
      />
      <Card title="Apps using this database" headingLevel={2}>
        {apps.isPending ? (
          <p className="db-muted">Looking for apps…</p>
        ) : (apps.data ?? []).length === 0 ? (
          <p>No app uses this database yet. Link it from an app’s builder (“Database”), then its database steps read and write these tables.</p>
        ) : (
          <ul className="db-list">
            {(apps.data ?? []).map((app) => (
              <li key={app.id}>
                <Link to={`/create-app/${app.id}`}>{app.name}</Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

/** `/database/:databaseId` — the tables with their row counts, the apps using it, quick actions. */
export function Component() {
  return <DatabaseFrame section="Overview">{(database) => <Overview databaseId={database.id} tables={database.tables} />}</DatabaseFrame>;
}
