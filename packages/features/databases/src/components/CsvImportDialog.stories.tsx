import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { PageStory, WAIT, seedLibrary } from '../stories/story-kit';

// The CSV import dialog on the data page (opened by ?import=1), over the fake backend. In
// Storybook the file is parsed by the module worker; in the story tests (jsdom, no Worker) by the
// same parser on the page's thread. Each story closes the dialog at its end: a Radix dialog left
// open when the story harness empties the document breaks the next story's render.
const meta = {
  title: 'Databases/Components/CSV import',
  component: PageStory,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: { seed: (client) => `/database/${seedLibrary(client, 0).database.id}/data?import=1` },
} satisfies Meta<typeof PageStory>;

export default meta;
type Story = StoryObj<typeof meta>;

const csv = (parts: BlobPart[], name = 'books.csv') => new File(parts, name, { type: 'text/csv' });

export const PreviewMapAndSummary: Story = {
  play: async ({ canvasElement }) => {
    // The dialog renders in a portal, outside the story's canvas.
    const page = within(canvasElement.ownerDocument.body);
    const dialog = await page.findByRole('dialog', { name: 'Import a CSV into Books' }, WAIT);
    const file = csv(['\uFEFFTitle,Pages,Shelf\n"Dune, part one",412,A\nEmma,lots,B\n"=HYPERLINK(""x"")",3,C\n"Two\nlines",9,D\n']);
    await userEvent.upload(within(dialog).getByLabelText('CSV file'), file);
    const preview = await within(dialog).findByRole('table', { name: 'First rows of the file' }, WAIT);
    await expect(within(preview).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Title', 'Pages', 'Shelf']);
    await expect(within(dialog).getByRole('combobox', { name: '“Shelf” goes to' })).toHaveTextContent('Do not import');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import into Books' }));
    const summary = await within(dialog).findByRole('status', {}, WAIT);
    await expect(summary).toHaveTextContent('3 imported, 1 skipped: Row 2: “lots” is not a number (Pages).');
    // Closing the dialog shows the imported rows in the grid.
    await userEvent.keyboard('{Escape}');
    await expect(await page.findByText('Rows 1–3 of 3', {}, WAIT)).toBeInTheDocument();
  },
};

export const WrongEncoding: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    const dialog = await page.findByRole('dialog', { name: 'Import a CSV into Books' }, WAIT);
    // Valid UTF-8 for its first rows, then "Café" saved as Windows-1252.
    const file = csv([`Title,Pages\n${'Dune,1\n'.repeat(1_000)}`, new Uint8Array([0x43, 0x61, 0x66, 0xe9, 0x2c, 0x32, 0x0a])], 'cafes.csv');
    await userEvent.upload(within(dialog).getByLabelText('CSV file'), file);
    // A small file is read whole for its preview, so the problem shows before any import starts.
    await expect(await within(dialog).findByRole('alert', {}, WAIT)).toHaveTextContent(/^This file is not UTF-8 text \(near row 1001 .*Nothing was imported\.$/);
    await expect(within(dialog).queryByRole('button', { name: 'Import into Books' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await expect(await page.findByText(/This table has no rows yet/, {}, WAIT)).toBeInTheDocument();
  },
};
