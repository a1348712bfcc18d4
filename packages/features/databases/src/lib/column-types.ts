import type { DatabaseColumnType } from '@appforge/sdk';
import { DATABASE_COLUMN_TYPES } from '@appforge/sdk';

/** Column types as the screens name them. */
export const TYPE_LABELS: Readonly<Record<DatabaseColumnType, string>> = {
  text: 'Text',
  number: 'Number',
  boolean: 'Yes / no',
  date: 'Date',
  json: 'JSON',
  link: 'Link to a table',
};

export const TYPE_OPTIONS = DATABASE_COLUMN_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] }));

export function isColumnType(value: string): value is DatabaseColumnType {
  return (DATABASE_COLUMN_TYPES as readonly string[]).includes(value);
}
