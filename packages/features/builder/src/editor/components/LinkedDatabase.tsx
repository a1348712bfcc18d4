import type { DatabaseDetail } from '@appforge/sdk';
import { COLUMN_TYPE_LABELS } from '../lib/database-steps';

export interface LinkedDatabaseProps {
  database: DatabaseDetail;
}

/** A database's name, description and tables with their columns and types. */
export function LinkedDatabase({ database }: LinkedDatabaseProps) {
  return (
    <div className="editor-database">
      <h3 className="editor-database__name">{database.name}</h3>
      {database.description ? <p className="editor-hint">{database.description}</p> : null}
      {database.tables.length === 0 ? (
        <p className="editor-hint">This database has no tables yet.</p>
      ) : (
        <ul className="editor-database__tables" aria-label={`Tables of ${database.name}`}>
          {database.tables.map((table) => (
            <li key={table.id} className="editor-database__table">
              <strong>{table.name}</strong>
              {table.columns.length === 0 ? (
                <span className="editor-hint"> — no columns yet</span>
              ) : (
                <ul className="editor-database__columns" aria-label={`Columns of ${table.name}`}>
                  {table.columns.map((column) => (
                    <li key={column.name}>
                      <code>{column.name}</code> <span className="editor-hint">{COLUMN_TYPE_LABELS[column.type]}</span>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
