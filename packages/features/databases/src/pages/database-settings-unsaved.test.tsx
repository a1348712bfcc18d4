// A database's settings form asks before an in-app link drops what was typed (issue 29), and what
// "Leave" drops is really not saved.
import { setupAppforgeBackend } from '@appforge/test-backend';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { library, renderPage, storedDatabase } from '../../test/render';

const backend = setupAppforgeBackend();

describe('/database/:databaseId/settings: unsaved edits', () => {
  it('asks before a link drops a typed name: "Stay" keeps it, "Leave" opens the page and saves nothing', async () => {
    const { client, database } = await library(backend());
    const user = userEvent.setup();
    const { router } = renderPage(`/database/${database.id}/settings`, client);
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await user.type(name, ' at home');

    await user.click(screen.getByRole('link', { name: 'Structure' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe(`/database/${database.id}/settings`);
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Library at home');

    await user.click(screen.getByRole('link', { name: 'Structure' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Structure: Library' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/database/${database.id}/structure`);
    expect((await storedDatabase(backend(), database.id))?.name).toBe('Library');

    await user.click(screen.getByRole('link', { name: 'Settings' }));
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toHaveValue('Library');
  });

  it('does not ask once the edit is saved', async () => {
    const { client, database } = await library(backend());
    const user = userEvent.setup();
    const { router } = renderPage(`/database/${database.id}/settings`, client);
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Home library');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings: Home library' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Structure' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Structure: Home library' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/database/${database.id}/structure`);
  });

  it('refuses an empty name under the field and saves nothing', async () => {
    const { client, database } = await library(backend());
    const user = userEvent.setup();
    renderPage(`/database/${database.id}/settings`, client);
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('Give the database a name.'));
    expect((await storedDatabase(backend(), database.id))?.name).toBe('Library');
  });
});
