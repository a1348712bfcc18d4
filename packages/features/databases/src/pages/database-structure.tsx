import { valueText } from '@appforge/sdk';
import type { DatabaseColumn, DatabaseDetail } from '@appforge/sdk';
import { Table, buttonClassName } from '@appforge/ui';
import { Link } from 'react-router';
import { DatabaseFrame } from '../components/DatabaseFrame';
import { TYPE_LABELS } from '../lib/column-types';

function Structure({ database }: { database: DatabaseDetail }) {
  const tableName = (id: string | undefined) => database.tables.find((table) => table.id === id)?.name ?? 'a deleted table';
  return (
    <div className="db-stack">
      {database.tables.length === 0 ? <p>This database has no tables yet.</p> : null}
      {database.tables.map((table) => (
        <section key={table.id} aria-labelledby={`table-${table.id}`} className="db-stack">
          <h2 id={`table-${table.id}`}>{table.name}</h2>
          <Table<DatabaseColumn>
            caption={`Columns of ${table.name}`}
            hideCaption
            rows={table.columns}
            getRowKey={(column) => column.name}
            empty="No columns yet."
            columns={[
              { key: 'name', header: 'Column', rowHeader: true, cell: (column) => column.name },
              {
                key: 'type',
                header: 'Type',
                cell: (column) => (column.type === 'link' ? `${TYPE_LABELS.link} → ${tableName(column.linkTableId)}` : TYPE_LABELS[column.type]),
              },
              { key: 'required', header: 'Required', cell: (column) => (column.required ? 'Yes' : 'No') },
              { key: 'default', header: 'Default', cell: (column) => (column.default === undefined ? '—' : valueText(column.default)) },
              { key: 'unique', header: 'Unique', cell: (column) => (column.unique ? 'Yes' : 'No') },
            ]}
          />
        </section>
      ))}
    </div>
  );
}

/** `/database/:databaseId/structure` — every table's typed columns, read-only. */
export function Component() {
  return (
    <DatabaseFrame
      section="Structure"
      actions={(database) => (
        <Link className={buttonClassName({})} to={`/database/${database.id}/structure/edit`}>
          Edit the structure
        </Link>
      )}
    >
      {(database) => <Structure database={database} />}
    </DatabaseFrame>
  );
}
