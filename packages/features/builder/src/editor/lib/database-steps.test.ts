import type { DatabaseStep } from '@appforge/engine';
import { makeDatabaseTable, makeSpec } from '@appforge/sdk/testing';
import { describe, expect, it } from 'vitest';
import { checkNewDatabase, createDatabaseStep, retargetDatabaseStep, stepsUsingDatabase, usingSentence } from './database-steps';

const databaseId = crypto.randomUUID();
const table = makeDatabaseTable({ name: 'Scores', columns: [{ name: 'pupil', type: 'text' }, { name: 'score', type: 'number' }] });

function dbStep(id: string, database: string, config: Partial<DatabaseStep['config']> = {}): DatabaseStep {
  return {
    id,
    kind: 'database',
    title: id,
    next: { type: 'step' },
    config: { databaseId: database, tableId: table.id, operation: 'read', filters: [], values: {}, limit: 50, outputVariable: `${id}_rows`, ...config },
  };
}

describe('stepsUsingDatabase and usingSentence', () => {
  it('finds the database steps of one database only, and words the count', () => {
    const spec = makeSpec();
    spec.steps.push(dbStep('a', databaseId), dbStep('b', crypto.randomUUID()), dbStep('c', databaseId));
    expect(stepsUsingDatabase(spec, databaseId).map((step) => step.id)).toEqual(['a', 'c']);
    expect(stepsUsingDatabase(spec, null)).toEqual([]);
    expect(usingSentence(1)).toBe('1 step reads or writes this database');
    expect(usingSentence(2)).toBe('2 steps read or write this database');
  });
});

describe('createDatabaseStep', () => {
  it('reads the table into a variable name the app does not use yet', () => {
    const spec = makeSpec();
    spec.steps.push(dbStep('database', databaseId, { outputVariable: 'rows' }));
    const step = createDatabaseStep(spec, databaseId, table);
    expect(step).toMatchObject({ id: 'database-2', kind: 'database', title: 'Read Scores', config: { databaseId, tableId: table.id, operation: 'read', outputVariable: 'rows_2' } });
  });
});

describe('retargetDatabaseStep', () => {
  it('keeps filters and values of columns the new table has and drops the others', () => {
    const other = makeDatabaseTable({ name: 'People', columns: [{ name: 'pupil', type: 'text' }] });
    const step = dbStep('a', databaseId, {
      filters: [
        { column: 'pupil', op: 'eq', variable: 'name' },
        { column: 'score', op: 'gt', variable: 'points' },
      ],
      values: { pupil: 'name', score: 'points' },
    });
    const moved = retargetDatabaseStep(step, databaseId, other);
    expect(moved.config.tableId).toBe(other.id);
    expect(moved.config.filters).toEqual([{ column: 'pupil', op: 'eq', variable: 'name' }]);
    expect(moved.config.values).toEqual({ pupil: 'name' });
  });
});

describe('checkNewDatabase', () => {
  it('returns the trimmed input to send', () => {
    const result = checkNewDatabase({ name: ' Quiz ', description: '', tableName: ' Scores ', columns: [{ name: ' pupil ', type: 'text' }] });
    expect(result).toEqual({ ok: true, input: { name: 'Quiz', description: '', tables: [{ name: 'Scores', columns: [{ name: 'pupil', type: 'text' }] }] } });
  });

  it('puts each message on its field: empty and oversize names, duplicate columns', () => {
    const result = checkNewDatabase({
      name: '',
      description: 'd'.repeat(2001),
      tableName: 't'.repeat(65),
      columns: [
        { name: 'Email', type: 'text' },
        { name: 'email', type: 'text' },
        { name: '', type: 'number' },
      ],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      name: 'Give the database a name.',
      description: 'A description has at most 2000 characters.',
      tableName: 'A table name has at most 64 characters.',
      column: { 1: 'Two columns are called “email”: each column needs its own name.', 2: 'Give the column a name.' },
    });
  });
});
