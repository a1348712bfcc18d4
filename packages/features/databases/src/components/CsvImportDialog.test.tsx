import type { AppforgeClient } from '@appforge/sdk';
import { setupAppforgeBackend } from '@appforge/test-backend';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { library, renderPage, setLimits, storedRows } from '../../test/render';

const backend = setupAppforgeBackend();
// A test that lowers the server's limits puts them back, for the next test of the file.
let restoreLimits: (() => Promise<void>) | undefined;
afterEach(async () => {
  await restoreLimits?.();
  restoreLimits = undefined;
});

function csvFile(text: string, name = 'books.csv'): File {
  return new File([text], name, { type: 'text/csv' });
}

async function openImport(databaseId: string, client: AppforgeClient) {
  const user = userEvent.setup();
  renderPage(`/database/${databaseId}/data`, client);
  await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import a CSV into Books' });
  return { user, dialog };
}

describe('CSV import', () => {
  it('previews the file, maps its headers, imports the good rows and names each skipped one', async () => {
    const { client, database, books } = await library(backend());
    const { user, dialog } = await openImport(database.id, client);
    const rows = ['\uFEFFtitle,Pages,Colour', '"Dune, part one",412,red', 'Emma,lots,blue', '"=HYPERLINK(""x"")",3,green', 'Ulysses,730,a,b'];
    await user.upload(within(dialog).getByLabelText('CSV file'), csvFile(rows.join('\n')));
    const preview = await within(dialog).findByRole('table', { name: 'First rows of the file' });
    expect(await within(dialog).findByText('The file has 4 rows after its header.')).toBeInTheDocument();
    expect(within(preview).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['title', 'Pages', 'Colour']);
    expect(within(dialog).getByRole('combobox', { name: '“title” goes to' })).toHaveTextContent('Title');
    expect(within(dialog).getByRole('combobox', { name: '“Colour” goes to' })).toHaveTextContent('Do not import');
    await user.click(within(dialog).getByRole('button', { name: 'Import into Books' }));
    const summary = await within(dialog).findByRole('status');
    expect(summary).toHaveTextContent('2 imported, 2 skipped: Row 2: “lots” is not a number (Pages).');
    expect(within(summary).getByRole('list', { name: 'Skipped rows' })).toHaveTextContent('Row 4 has 4 cells but the file has 3 columns.');
    expect(await storedRows(backend(), books.id)).toEqual([
      { Title: 'Dune, part one', Pages: 412 },
      { Title: '=HYPERLINK("x")', Pages: 3 },
    ]);
  });

  it('reports the rows that break a required or unique column by their line, fills defaults and imports the rest', async () => {
    const { client, database, books } = await library(backend(), [{ Title: 'Emma' }], {
      columns: [
        { name: 'Title', type: 'text', required: true, unique: true },
        { name: 'Pages', type: 'number', default: 1 },
        { name: 'Finished', type: 'date' },
      ],
    });
    const { user, dialog } = await openImport(database.id, client);
    const rows = ['Title,Pages', 'Dune,412', ',3', 'Dune,5', 'Emma,7', 'Ulysses,'];
    await user.upload(within(dialog).getByLabelText('CSV file'), csvFile(rows.join('\n')));
    await user.click(await within(dialog).findByRole('button', { name: 'Import into Books' }));
    const summary = await within(dialog).findByRole('status');
    expect(summary).toHaveTextContent('2 imported, 3 skipped: Row 2 has no value in Title, which is required.');
    const skipped = within(summary).getByRole('list', { name: 'Skipped rows' });
    expect(skipped).toHaveTextContent('Row 3 repeats "Dune" in Title from row 1 (Title is unique).');
    expect(skipped).toHaveTextContent('Row 4 has "Emma" in Title, which another row already has (Title is unique).');
    // Emma was added after the rules were set, so the default filled her Pages too.
    expect(await storedRows(backend(), books.id)).toEqual([{ Title: 'Emma', Pages: 1 }, { Title: 'Dune', Pages: 412 }, { Title: 'Ulysses', Pages: 1 }]);
  });

  it('refuses a file over the size limit, a binary file and one with more rows than the database may hold, importing nothing', async () => {
    const { client, database, books } = await library(backend());
    restoreLimits = await setLimits(backend(), { max_import_bytes: 1024, max_rows: 3 });
    const { user, dialog } = await openImport(database.id, client);
    const input = within(dialog).getByLabelText('CSV file');
    await user.upload(input, csvFile(`Title\n${'x,'.repeat(600)}`));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This file is 1 KB; a CSV import takes at most 1 KB.');
    await user.upload(input, new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0])], 'book.xlsx.csv'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This file is not a CSV text file in UTF-8.');
    await user.upload(input, csvFile('Title\nA\nB\nC\nD\n'));
    await user.click(await within(dialog).findByRole('button', { name: 'Import into Books' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This file has 4 rows; with the 0 already here that is more than the 3 rows a database holds. Nothing was imported.');
    expect(await storedRows(backend(), books.id)).toEqual([]);
  });
});

describe('CSV import, stopping and refusing', () => {
  it('cancels an import between batches: the batch on its way lands, the rest of the file does not, and the summary says so', async () => {
    const { client, database, books } = await library(backend());
    restoreLimits = await setLimits(backend(), { max_rows_per_call: 2 });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const insert = client.databases.insertRows.bind(client.databases);
    // The server takes its time with the first batch.
    client.databases.insertRows = async (tableId, rows) => {
      await gate;
      return insert(tableId, rows);
    };
    const { user, dialog } = await openImport(database.id, client);
    await user.upload(within(dialog).getByLabelText('CSV file'), csvFile('Title\nA\nB\nC\nD\nE\n'));
    await user.click(await within(dialog).findByRole('button', { name: 'Import into Books' }));
    expect(await within(dialog).findByRole('progressbar', { name: 'Importing' })).toHaveAttribute('aria-valuetext', 'Imported 0 of 5 rows');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the import' }));
    release();
    const summary = await within(dialog).findByRole('status');
    expect(summary).toHaveTextContent('You cancelled the import. 2 rows were imported before that; the rest of the file was not.');
    expect(summary).toHaveTextContent('2 imported, 0 skipped.');
    expect(await storedRows(backend(), books.id)).toEqual([{ Title: 'A' }, { Title: 'B' }]);
  });

  it('refuses a file in another encoding before importing anything, even when the bad bytes come late', async () => {
    const { client, database, books } = await library(backend());
    const { user, dialog } = await openImport(database.id, client);
    const good = new TextEncoder().encode(`Title,Pages\n${'Dune,1\n'.repeat(12_000)}`);
    const windows1252 = new Uint8Array([0x43, 0x61, 0x66, 0xe9, 0x2c, 0x32, 0x0a]);
    await user.upload(within(dialog).getByLabelText('CSV file'), new File([good, windows1252], 'cafes.csv', { type: 'text/csv' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Import into Books' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^This file is not UTF-8 text \(near row \d+ there are characters in another encoding.*Nothing was imported\.$/);
    expect(await storedRows(backend(), books.id)).toEqual([]);
  });
});
