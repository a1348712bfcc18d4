import { setupAppforgeBackend } from '@appforge/test-backend';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BOOK_COLUMNS, library, recordingNetwork, renderPage, storedRows } from '../../test/render';

const backend = setupAppforgeBackend();

const titles = () =>
  within(screen.getByRole('table', { name: 'Books' }))
    .getAllByRole('row')
    .slice(1)
    .filter((row) => !row.hasAttribute('aria-hidden'))
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent);

describe('/database/:databaseId/data', () => {
  it('sorts numbers as numbers on the server and filters with the step’s operators', async () => {
    const network = recordingNetwork();
    const { client, database, books } = await library(
      backend(),
      [
        { Title: 'Dune', Pages: 412 },
        { Title: 'Emma', Pages: 9 },
        { Title: 'Ulysses', Pages: 730 },
      ],
      { fetch: network.fetch },
    );
    const user = userEvent.setup();
    renderPage(`/database/${database.id}/data`, client);
    expect(await screen.findByText('Rows 1–3 of 3')).toBeInTheDocument();
    expect(titles()).toEqual(['Dune', 'Emma', 'Ulysses']);
    await user.click(screen.getByRole('button', { name: /^Pages/ }));
    await waitFor(() => expect(titles()).toEqual(['Emma', 'Dune', 'Ulysses']));
    expect(screen.getByRole('columnheader', { name: /Pages/ })).toHaveAttribute('aria-sort', 'ascending');
    // A sort reads a new page but does not count the rows again.
    expect(network.calls('database_rows_count')).toHaveLength(1);

    const form = screen.getByRole('form', { name: 'Add a filter' });
    await user.click(within(form).getByRole('combobox', { name: 'Column' }));
    await user.click(await screen.findByRole('option', { name: 'Pages' }));
    await user.click(within(form).getByRole('combobox', { name: 'Condition' }));
    await user.click(await screen.findByRole('option', { name: 'is more than' }));
    await user.type(within(form).getByRole('textbox', { name: 'Value' }), '100');
    await user.click(within(form).getByRole('button', { name: 'Add filter' }));
    expect(await screen.findByText('Rows 1–2 of 2 matching')).toBeInTheDocument();
    expect(titles()).toEqual(['Dune', 'Ulysses']);
    expect(network.calls('database_rows_page').at(-1)).toMatchObject({ table_id: books.id, filters: [{ column: 'Pages', op: 'gt', value: '100' }], sort_column: 'Pages', sort_desc: false, with_total: false });
    // A filter counts once, without the sort.
    expect(network.calls('database_rows_count')).toHaveLength(2);
    expect(network.calls('database_rows_count').at(-1)).toEqual({ table_id: books.id, filters: [{ column: 'Pages', op: 'gt', value: '100' }] });
  });

  it('keeps the sort and the filters in the address, so a reload or a shared link shows the same rows', async () => {
    const { client, database } = await library(backend(), [
      { Title: 'Dune', Pages: 412 },
      { Title: 'Emma', Pages: 9 },
      { Title: 'Ulysses', Pages: 730 },
    ]);
    const user = userEvent.setup();
    const first = renderPage(`/database/${database.id}/data`, client);
    expect(await screen.findByText('Rows 1–3 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Pages/ }));
    await waitFor(() => expect(titles()).toEqual(['Emma', 'Dune', 'Ulysses']));
    const form = screen.getByRole('form', { name: 'Add a filter' });
    await user.click(within(form).getByRole('combobox', { name: 'Column' }));
    await user.click(await screen.findByRole('option', { name: 'Pages' }));
    await user.click(within(form).getByRole('combobox', { name: 'Condition' }));
    await user.click(await screen.findByRole('option', { name: 'is more than' }));
    await user.type(within(form).getByRole('textbox', { name: 'Value' }), '100');
    await user.click(within(form).getByRole('button', { name: 'Add filter' }));
    expect(await screen.findByText('Rows 1–2 of 2 matching')).toBeInTheDocument();
    const { pathname, search } = first.router.state.location;
    first.unmount();

    // The same address opened afresh (a reload, or the link sent to someone).
    renderPage(`${pathname}${search}`, client);
    expect(await screen.findByText('Rows 1–2 of 2 matching')).toBeInTheDocument();
    expect(titles()).toEqual(['Dune', 'Ulysses']);
    expect(screen.getByRole('columnheader', { name: /Pages/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('ignores a hand-made address with a bad sort or filter instead of breaking the page', async () => {
    const { client, database } = await library(backend(), [{ Title: 'Dune', Pages: 412 }]);
    const filters = encodeURIComponent('[{"column":"Nope","op":"drop table","value":1}]');
    renderPage(`/database/${database.id}/data?sort=${encodeURIComponent('<script>')}&filters=${filters}`, client);
    expect(await screen.findByText('Rows 1–1 of 1')).toBeInTheDocument();
    expect(titles()).toEqual(['Dune']);
  });

  it('edits a cell, refusing a value of the wrong type before sending it', async () => {
    const network = recordingNetwork();
    const { client, database, books } = await library(backend(), [{ Title: 'Dune', Pages: 412 }], { fetch: network.fetch });
    const user = userEvent.setup();
    renderPage(`/database/${database.id}/data`, client);
    const cell = await screen.findByRole('cell', { name: '412' });
    await user.dblClick(cell);
    const input = screen.getByRole('textbox', { name: 'Pages, row 1' });
    await user.clear(input);
    await user.type(input, 'lots{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('“lots” is not a number.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(network.calls('database_row_update')).toHaveLength(0);
    await user.clear(input);
    await user.type(input, '413{Enter}');
    expect(await screen.findByRole('cell', { name: '413' })).toBeInTheDocument();
    expect((await storedRows(backend(), books.id))[0]).toEqual({ Title: 'Dune', Pages: 413 });
  });

  it('opens a cell’s editor from the keyboard (Enter or F2) and closes it with Escape, unchanged', async () => {
    const network = recordingNetwork();
    const { client, database, books } = await library(
      backend(),
      [
        { Title: 'Dune', Pages: 412 },
        { Title: 'Emma', Pages: 9 },
      ],
      { fetch: network.fetch },
    );
    const user = userEvent.setup();
    renderPage(`/database/${database.id}/data`, client);
    const emma = await screen.findByRole('cell', { name: 'Emma' });
    emma.focus();
    await user.keyboard('{Enter}');
    const title = screen.getByRole('textbox', { name: 'Title, row 2' });
    expect(title).toHaveFocus();
    expect(title).toHaveValue('Emma');
    await user.keyboard('{Escape}');
    expect(within(screen.getByRole('table', { name: 'Books' })).queryByRole('textbox')).not.toBeInTheDocument();
    const pages = screen.getByRole('cell', { name: '412' });
    pages.focus();
    await user.keyboard('{F2}');
    expect(screen.getByRole('textbox', { name: 'Pages, row 1' })).toHaveValue('412');
    await user.keyboard('{Escape}');
    // Another key on a cell does not open it.
    screen.getByRole('cell', { name: 'Dune' }).focus();
    await user.keyboard('x');
    expect(within(screen.getByRole('table', { name: 'Books' })).queryByRole('textbox')).not.toBeInTheDocument();
    expect(network.calls('database_row_update')).toHaveLength(0);
    expect(await storedRows(backend(), books.id)).toEqual([
      { Title: 'Dune', Pages: 412 },
      { Title: 'Emma', Pages: 9 },
    ]);
  });

  it('shows a conflict when the row changed in another tab while its cell was being edited, and keeps the other tab’s value', async () => {
    const { client, owner, database, books } = await library(backend(), [{ Title: 'Dune', Pages: 412 }]);
    const user = userEvent.setup();
    const { queryClient } = renderPage(`/database/${database.id}/data`, client);
    await user.dblClick(await screen.findByRole('cell', { name: 'Dune' }));
    const input = screen.getByRole('textbox', { name: 'Title, row 1' });

    // Another tab (the same person, signed in elsewhere) saves the row while the editor is open.
    const other = backend().client();
    const signedIn = await other.supabase.auth.signInWithPassword({ email: owner.email, password: owner.password });
    if (signedIn.error) throw signedIn.error;
    const [row] = (await other.databases.rowsPage({ tableId: books.id })).rows;
    if (!row) throw new Error('no row');
    await other.databases.updateRow(row.id, { Title: 'Dune Messiah' }, row.updated_at);
    // The server tells the page (live) and the page reloads its rows under the open editor. The
    // fake client had no live reload; with it, the save below went through against the reloaded
    // row and silently overwrote the other tab's title.
    const reloadedTitles = () =>
      queryClient
        .getQueriesData<{ pages: { rows: { data: Record<string, unknown> }[] }[] }>({})
        .flatMap(([, data]) => (data && 'pages' in data ? data.pages.flatMap((page) => page.rows.map((r) => r.data.Title)) : []));
    await waitFor(() => expect(reloadedTitles()).toContain('Dune Messiah'));
    expect(input).toHaveValue('Dune');

    await user.clear(input);
    await user.type(input, 'Children of Dune{Enter}');
    expect(await screen.findByText(/Not saved: this row was changed somewhere else .* Title is now “Dune Messiah”/)).toBeInTheDocument();
    expect((await storedRows(backend(), books.id))[0]?.Title).toBe('Dune Messiah');
  });

  it('deletes selected rows after a confirmation, with an undo that keeps them', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { client, database, books } = await library(backend(), [{ Title: 'Dune' }, { Title: 'Emma' }, { Title: 'Ulysses' }]);
      const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
      renderPage(`/database/${database.id}/data`, client);
      await user.click(await screen.findByRole('checkbox', { name: 'Select row 2' }));
      // The header's box follows the selection: one of three is "some".
      expect(screen.getByRole('checkbox', { name: 'Select all loaded rows' })).toBePartiallyChecked();
      await user.click(screen.getByRole('button', { name: 'Delete 1 selected' }));
      await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('1 row deleted.')).toBeInTheDocument();
      expect(titles()).toEqual(['Dune', 'Ulysses']);
      await user.click(screen.getByRole('button', { name: 'Undo' }));
      expect(titles()).toEqual(['Dune', 'Emma', 'Ulysses']);
      vi.advanceTimersByTime(10_000);
      expect(await storedRows(backend(), books.id)).toHaveLength(3);

      expect(screen.getByRole('checkbox', { name: 'Select all loaded rows' })).not.toBeChecked();
      await user.click(screen.getByRole('checkbox', { name: 'Select all loaded rows' }));
      expect(screen.getByRole('checkbox', { name: 'Select all loaded rows' })).toBeChecked();
      await user.click(screen.getByRole('button', { name: 'Delete 3 selected' }));
      await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
      vi.advanceTimersByTime(7_000);
      await waitFor(async () => expect(await storedRows(backend(), books.id)).toHaveLength(0));
      expect(await screen.findByText(/This table has no rows yet/)).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('adds a row through a form checked by type, and hides a column', async () => {
    const { client, database, books } = await library(backend());
    const user = userEvent.setup();
    renderPage(`/database/${database.id}/data`, client);
    await user.click(await screen.findByRole('button', { name: 'Add row' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a row' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title (Text)' }), 'Dune');
    await user.type(within(dialog).getByRole('textbox', { name: 'Finished (Date)' }), 'last week');
    await user.click(within(dialog).getByRole('button', { name: 'Add the row' }));
    expect(within(dialog).getByText('“last week” is not a date (yyyy-mm-dd).')).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Finished (Date)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Finished (Date)' }), '2024-01-05');
    await user.click(within(dialog).getByRole('button', { name: 'Add the row' }));
    expect(await screen.findByRole('cell', { name: '2024-01-05' })).toBeInTheDocument();
    expect((await storedRows(backend(), books.id))[0]).toEqual({ Title: 'Dune', Finished: '2024-01-05' });

    fireEvent.click(screen.getByText('Columns'));
    await user.click(screen.getByRole('checkbox', { name: 'Finished' }));
    expect(screen.queryByRole('columnheader', { name: /Finished/ })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Title/ })).toBeInTheDocument();
  });

  it('asks yes or no for a yes/no column in the Add-row dialog, not free text', async () => {
    const { client, database, books } = await library(backend(), [], { columns: [...BOOK_COLUMNS, { name: 'Owned', type: 'boolean' }] });
    const user = userEvent.setup();
    renderPage(`/database/${database.id}/data`, client);
    await user.click(await screen.findByRole('button', { name: 'Add row' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a row' });
    expect(within(dialog).queryByRole('textbox', { name: /^Owned/ })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Title (Text)' }), 'Dune');
    await user.click(within(dialog).getByRole('combobox', { name: /^Owned/ }));
    await user.click(await screen.findByRole('option', { name: 'Yes' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add the row' }));
    await waitFor(async () => expect((await storedRows(backend(), books.id))[0]).toEqual({ Title: 'Dune', Owned: true }));
  });

  it('renders only the rows in view, however many are loaded', async () => {
    const rows = Array.from({ length: 100 }, (_, i) => ({ Title: `Book ${String(i + 1)}`, Pages: i }));
    const { client, database } = await library(backend(), rows);
    renderPage(`/database/${database.id}/data`, client);
    expect(await screen.findByText('Rows 1–100 of 100')).toBeInTheDocument();
    const shown = titles();
    expect(shown[0]).toBe('Book 1');
    expect(shown.length).toBeGreaterThan(10);
    expect(shown.length).toBeLessThan(60);
    expect(screen.getByRole('table', { name: 'Books' })).toHaveAttribute('aria-rowcount', '101');
  });

  it('shows every row in its place while scrolling, and never moves the focus onto another row', async () => {
    const rows = Array.from({ length: 100 }, (_, i) => ({ Title: `Book ${String(i + 1)}`, Pages: i }));
    const { client, database } = await library(backend(), rows);
    renderPage(`/database/${database.id}/data`, client);
    expect(await screen.findByText('Rows 1–100 of 100')).toBeInTheDocument();
    const grid = screen.getByRole('table', { name: 'Books' });
    const box = grid.parentElement as HTMLElement;
    const third = screen.getByRole('cell', { name: 'Book 3' });
    third.focus();
    // Each shown row's title, checkbox and position agree, wherever the rows came from.
    const consistent = () => {
      const shown = within(grid)
        .getAllByRole('row')
        .filter((row) => row.hasAttribute('aria-rowindex') && row.closest('tbody'));
      for (const row of shown) {
        const n = Number(row.getAttribute('aria-rowindex')) - 1;
        expect(within(row).getAllByRole('cell')[1]).toHaveTextContent(`Book ${String(n)}`);
        expect(within(row).getByRole('checkbox')).toHaveAccessibleName(`Select row ${String(n)}`);
      }
      return shown.map((row) => Number(row.getAttribute('aria-rowindex')) - 1);
    };
    box.scrollTop = 36 * 4;
    fireEvent.scroll(box);
    await waitFor(() => expect(consistent()).toContain(25));
    expect(document.activeElement).toBe(third);
    expect(third).toHaveTextContent('Book 3');

    box.scrollTop = 36 * 60;
    fireEvent.scroll(box);
    await waitFor(() => expect(consistent()).toContain(70));
    expect(titles()).not.toContain('Book 3');
    // The focused row scrolled away: the focus went with it, not onto a row that came into view.
    expect(grid.contains(document.activeElement)).toBe(false);

    box.scrollTop = 0;
    fireEvent.scroll(box);
    await waitFor(() => expect(consistent()[0]).toBe(1));
  });

  it('loads the next 500 rows as the person scrolls toward the last loaded one, keeping the server’s sort', async () => {
    const rows = Array.from({ length: 1_200 }, (_, i) => ({ Title: `Book ${String(i + 1)}`, Pages: 1_200 - i }));
    const { client, database } = await library(backend(), rows);
    renderPage(`/database/${database.id}/data`, client);
    expect(await screen.findByText('Rows 1–500 of 1,200')).toBeInTheDocument();
    const grid = screen.getByRole('table', { name: 'Books' });
    expect(grid).toHaveAttribute('aria-rowcount', '1201');
    const box = grid.parentElement as HTMLElement;
    box.scrollTop = 36 * 450;
    fireEvent.scroll(box);
    expect(await screen.findByText('Rows 1–1,000 of 1,200')).toBeInTheDocument();
    box.scrollTop = 36 * 950;
    fireEvent.scroll(box);
    expect(await screen.findByText('Rows 1–1,200 of 1,200')).toBeInTheDocument();
    expect(titles()).toContain('Book 960');
    fireEvent.click(screen.getByRole('button', { name: /^Pages/ }));
    // Sorted by Pages ascending on the server: the last book comes first, from a fresh first page.
    expect(await screen.findByText('Rows 1–500 of 1,200')).toBeInTheDocument();
    box.scrollTop = 0;
    fireEvent.scroll(box);
    await waitFor(() => expect(titles()[0]).toBe('Book 1200'));
  });
});
