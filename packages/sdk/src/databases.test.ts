// Hostile input to the databases API is refused before anything is sent: the real client, with a
// fetch that records every request.
import { describe, expect, it } from 'vitest';
import { nodeWebSocket } from '../test/ws';
import { createAppforgeClient } from './client';
import { AppforgeError } from './errors';

function recordingClient() {
  const sent: Request[] = [];
  const client = createAppforgeClient({
    url: 'http://backend.test',
    anonKey: 'anon-key',
    realtimeTransport: nodeWebSocket,
    fetch: (input, init) => {
      sent.push(new Request(input, init));
      return Promise.resolve(Response.json([], { headers: { 'content-range': '*/0' } }));
    },
  });
  return { client, sent };
}

async function rejection(promise: Promise<unknown>): Promise<AppforgeError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppforgeError);
    return error as AppforgeError;
  }
  throw new Error('expected the call to fail');
}

const validColumns = [{ name: 'name', type: 'text' as const }];

describe('databases: input checked before sending', () => {
  it.each([
    ['an empty name', { name: '   ' }, 'Give the database a name.'],
    ['a name over 100 characters', { name: 'x'.repeat(101) }, 'A database name has at most 100 characters.'],
    ['a description over 2000 characters', { name: 'Quiz', description: 'd'.repeat(2001) }, 'A description has at most 2000 characters.'],
    ['an empty table name', { name: 'Quiz', tables: [{ name: '', columns: validColumns }] }, 'Give the table a name.'],
    ['a table name over 64 characters', { name: 'Quiz', tables: [{ name: 't'.repeat(65), columns: validColumns }] }, 'A table name has at most 64 characters.'],
    [
      'two tables whose names differ only in case',
      { name: 'Quiz', tables: [{ name: 'Scores', columns: validColumns }, { name: 'scores', columns: validColumns }] },
      'Two tables are called “scores”: each table needs its own name.',
    ],
    [
      'duplicate column names (case-insensitive)',
      { name: 'Quiz', tables: [{ name: 'Scores', columns: [{ name: 'Email', type: 'text' }, { name: 'email', type: 'text' }] }] },
      'Two columns are called “email”: each column needs its own name.',
    ],
    ['an unknown column type', { name: 'Quiz', tables: [{ name: 'Scores', columns: [{ name: 'when', type: 'datetime' }] }] }, 'A column type is one of text, number, boolean, date, json, link.'],
    ['an empty column name', { name: 'Quiz', tables: [{ name: 'Scores', columns: [{ name: ' ', type: 'text' }] }] }, 'Give the column a name.'],
    ['a column name over 64 characters', { name: 'Quiz', tables: [{ name: 'Scores', columns: [{ name: 'c'.repeat(65), type: 'text' }] }] }, 'A column name has at most 64 characters.'],
    ['a link column without its table', { name: 'Quiz', tables: [{ name: 'Scores', columns: [{ name: 'pupil', type: 'link' }] }] }, 'A link column needs the table it points at.'],
    [
      'a text column that links',
      { name: 'Quiz', tables: [{ name: 'Scores', columns: [{ name: 'pupil', type: 'text', linkTableId: crypto.randomUUID() }] }] },
      'Only a link column points at another table.',
    ],
    ['an unexpected field', { name: 'Quiz', owner_id: crypto.randomUUID() }, undefined],
    ['too many columns', { name: 'Quiz', tables: [{ name: 'Wide', columns: Array.from({ length: 101 }, (_, i) => ({ name: `c${i}`, type: 'text' })) }] }, 'A table has at most 100 columns.'],
  ])('create refuses %s with invalid_input and sends nothing', async (_what, input, message) => {
    const { client, sent } = recordingClient();
    // Deliberately malformed input, as a hostile caller would send it.
    const error = await rejection(client.databases.create(input as never));
    expect(error.code).toBe('invalid_input');
    expect(error.status).toBe(400);
    if (message !== undefined) expect(error.message).toBe(message);
    expect(sent).toHaveLength(0);
  });

  it('update, remove and linkDatabase refuse malformed ids and patches without a request', async () => {
    const { client, sent } = recordingClient();
    expect((await rejection(client.databases.update('not-a-uuid', { name: 'x' }))).code).toBe('invalid_input');
    expect((await rejection(client.databases.update(crypto.randomUUID(), { name: '' }))).message).toBe('Give the database a name.');
    expect((await rejection(client.databases.remove('1; drop table'))).code).toBe('invalid_input');
    expect((await rejection(client.apps.linkDatabase(crypto.randomUUID(), 'nope'))).message).toBe('The database is not a valid id.');
    expect((await rejection(client.apps.linkDatabase('nope', null))).message).toBe('The app is not a valid id.');
    expect(sent).toHaveLength(0);
  });

  it('get answers not_found for an id that cannot exist, without a request', async () => {
    const { client, sent } = recordingClient();
    const error = await rejection(client.databases.get('../App'));
    expect(error.code).toBe('not_found');
    expect(error.message).toBe('This database was not found.');
    expect(sent).toHaveLength(0);
  });
});
