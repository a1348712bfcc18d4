import { makeApp } from '@appforge/sdk/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { library, renderPage } from '../../test/render';

describe('/database/:databaseId/structure/edit', () => {
  it('previews a type change that cannot convert every value, then keeps those values as text when saved', async () => {
    const { client, database, books } = library([{ Title: 'Dune', Pages: 412 }, { Title: '12' }]);
    const user = userEvent.setup();
    renderPage(`/database/${database.id}/structure/edit`, client);
    const editor = await screen.findByRole('region', { name: 'Columns of Books' });
    await user.click(within(editor).getByRole('combobox', { name: 'Column 1 type' }));
    await user.click(await screen.findByRole('option', { name: 'Number' }));
    await user.click(within(editor).getByRole('button', { name: 'Preview the changes' }));
    const preview = await screen.findByRole('region', { name: 'What happens to Books' });
    expect(preview).toHaveTextContent('1 row has a value in “Title” that is not a number: it will be kept as text in a new column “Title (text)”.');
    // Nothing changed yet.
    expect(client.fake.data.databaseRows[books.id]?.map((row) => row.data)).toEqual([{ Title: 'Dune', Pages: 412 }, { Title: '12' }]);
    await user.click(within(preview).getByRole('button', { name: 'Save the changes' }));
    expect(await within(preview).findByText('Saved. The rows were changed as described.')).toBeInTheDocument();
    expect(client.fake.data.databaseRows[books.id]?.map((row) => row.data)).toEqual([{ 'Title (text)': 'Dune', Pages: 412 }, { Title: 12 }]);
  });

  it('refuses to rename a column an app’s step uses, listing the step', async () => {
    const { client, database, books, ownerId } = library([{ Title: 'Dune' }]);
    const app = makeApp({ owner_id: ownerId, name: 'Book logger', database_id: database.id });
    client.fake.data.apps[app.id] = app;
    client.fake.data.databaseSteps[app.id] = [{ version: 2, stepId: 'save', stepTitle: 'Save the book', tableId: books.id, columns: ['Title'] }];
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
    expect(books.columns[0]?.name).toBe('Title');
  });

  it('refuses to make a column required while rows have no value in it, and fills the default when one is given', async () => {
    const { client, database, books } = library([{ Title: 'Dune', Pages: 412 }, { Title: 'Emma' }, { Title: 'Dune' }]);
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
    expect(client.fake.data.databaseRows[books.id]?.map((row) => row.data.Pages)).toEqual([412, 100, 100]);
    expect(client.fake.data.databases[database.id]?.tables[0]?.columns[1]).toEqual({ name: 'Pages', type: 'number', required: true, default: 100 });
  });

  it('adds a table, and deletes one after typing its name', async () => {
    const { client, database } = library();
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
    await waitFor(() => expect(client.fake.data.databases[database.id]?.tables.map((table) => table.name)).toEqual(['Books']));
  });
});
