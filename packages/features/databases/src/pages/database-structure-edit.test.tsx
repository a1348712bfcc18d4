import { setupAppforgeBackend } from '@appforge/test-backend';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { appUsing, appVersion, library, renderPage, storedDatabase, storedRows } from '../../test/render';

const backend = setupAppforgeBackend();

describe('/database/:databaseId/structure/edit', () => {
  it('previews a type change that cannot convert every value, then keeps those values as text when saved', async () => {
    const { client, database, books } = await library(backend(), [{ Title: 'Dune', Pages: 412 }, { Title: '12' }]);
    const user = userEvent.setup();
    renderPage(`/database/${database.id}/structure/edit`, client);
    const editor = await screen.findByRole('region', { name: 'Columns of Books' });
    await user.click(within(editor).getByRole('combobox', { name: 'Column 1 type' }));
    await user.click(await screen.findByRole('option', { name: 'Number' }));
    await user.click(within(editor).getByRole('button', { name: 'Preview the changes' }));
    const preview = await screen.findByRole('region', { name: 'What happens to Books' });
    expect(preview).toHaveTextContent('1 row has a value in “Title” that is not a number: it will be kept as text in a new column “Title (text)”.');
    // Nothing changed yet.
    expect(await storedRows(backend(), books.id)).toEqual([{ Title: 'Dune', Pages: 412 }, { Title: '12' }]);
    await user.click(within(preview).getByRole('button', { name: 'Save the changes' }));
    expect(await within(preview).findByText('Saved. The rows were changed as described.')).toBeInTheDocument();
    expect(await storedRows(backend(), books.id)).toEqual([{ 'Title (text)': 'Dune', Pages: 412 }, { Title: 12 }]);
  });

  it('refuses to rename a column an app’s step uses, listing the step', async () => {
    const { client, database, books, ownerId } = await library(backend(), [{ Title: 'Dune' }]);
    const appId = await appUsing(backend(), ownerId, database.id, 'Book logger');
    // Version 1 asks only; version 2 saves the title into Books (a `database` step naming the column).
    const ask = { id: 'ask', kind: 'input', title: 'Ask', config: { fields: [{ type: 'text', name: 'title', label: 'Title', required: true }] } };
    expect(await appVersion(backend(), appId, ownerId, [ask])).toBe(1);
    const save = { id: 'save', kind: 'database', title: 'Save the book', config: { databaseId: database.id, tableId: books.id, operation: 'write', values: { Title: 'title' } } };
    expect(await appVersion(backend(), appId, ownerId, [ask, save])).toBe(2);
    const user = userEvent.setup();
    renderPage(`/database/${database.id}/structure/edit`, client);
    const editor = await screen.findByRole('region', { name: 'Columns of Books' });
    const name = within(editor).getByRole('textbox', { name: 'Column 1 name' });
    await user.clear(name);
    await user.type(name, 'Name');
    await user.click(within(editor).getByRole('button', { name: 'Preview the changes' }));
    const preview = await screen.findByRole('region', { name: 'What happens to Books' });
    expect(within(preview).getByRole('alert')).toHaveTextContent('Book logger, version 2, step “Save the book” uses “Title”');
    expect(within(preview).queryByRole('button', { name: 'Save the changes' })).not.toBeInTheDocument();
    const stored = await storedDatabase(backend(), database.id);
    expect((stored?.tables[0]?.columns as { name: string }[] | undefined)?.[0]?.name).toBe('Title');
    expect(await storedRows(backend(), books.id)).toEqual([{ Title: 'Dune' }]);
  });

  it('refuses to make a column required while rows have no value in it, and fills the default when one is given', async () => {
    const { client, database, books } = await library(backend(), [{ Title: 'Dune', Pages: 412 }, { Title: 'Emma' }, { Title: 'Dune' }]);
    const user = userEvent.setup();
    renderPage(`/database/${database.id}/structure/edit`, client);
    const editor = await screen.findByRole('region', { name: 'Columns of Books' });
    await user.click(within(editor).getByRole('checkbox', { name: 'Pages is required' }));
    await user.click(within(editor).getByRole('checkbox', { name: 'Title is unique' }));
    await user.click(within(editor).getByRole('button', { name: 'Preview the changes' }));
    const preview = await screen.findByRole('region', { name: 'What happens to Books' });
    const refusal = within(preview).getByRole('alert');
    expect(refusal).toHaveTextContent('2 rows have no value in “Pages”: fill them in or give the column a default before making it required.');
    expect(refusal).toHaveTextContent('2 rows share a value with another row in “Title”: make the values different before making it unique.');
    expect(within(preview).queryByRole('button', { name: 'Save the changes' })).not.toBeInTheDocument();

    await user.click(within(editor).getByRole('checkbox', { name: 'Title is unique' }));
    await user.type(within(editor).getByRole('textbox', { name: 'Column 2 default' }), '100');
    await user.click(within(editor).getByRole('button', { name: 'Preview the changes' }));
    const next = await screen.findByRole('region', { name: 'What happens to Books' });
    expect(next).toHaveTextContent('2 rows without a value in “Pages” will get the default “100”.');
    await user.click(within(next).getByRole('button', { name: 'Save the changes' }));
    expect(await within(next).findByText('Saved. The rows were changed as described.')).toBeInTheDocument();
    expect((await storedRows(backend(), books.id)).map((row) => row.Pages)).toEqual([412, 100, 100]);
    expect((await storedDatabase(backend(), database.id))?.tables[0]?.columns).toEqual([
      { name: 'Title', type: 'text' },
      { name: 'Pages', type: 'number', required: true, default: 100 },
      { name: 'Finished', type: 'date' },
    ]);
  });

  it('adds a table, and deletes one after typing its name', async () => {
    const { client, database } = await library(backend());
    const user = userEvent.setup();
    renderPage(`/database/${database.id}/structure/edit`, client);
    await user.type(await screen.findByRole('textbox', { name: 'New table name' }), 'Authors');
    await user.click(screen.getByRole('button', { name: 'Add table' }));
    expect(await screen.findByRole('heading', { name: 'Authors', level: 2 })).toBeInTheDocument();
    const deletes = screen.getAllByRole('button', { name: 'Delete table' });
    await user.click(deletes[1] ?? deletes[0] ?? document.body);
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByRole('textbox'), 'Authors');
    await user.click(within(dialog).getByRole('button', { name: 'Delete table' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Authors', level: 2 })).not.toBeInTheDocument());
    expect((await storedDatabase(backend(), database.id))?.tables.map((table) => table.name)).toEqual(['Books']);
  });
});
