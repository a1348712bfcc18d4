// On the real backend (@appforge/test-backend): a bundle's settings form asks before an in-app link
// drops what was typed (issue 29), and what "Leave" drops is really not saved.
import { setupAppforgeBackend } from '@appforge/test-backend';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderBundles } from '../../test/render';

const backend = setupAppforgeBackend();

async function settingsOfKit() {
  const { client } = await backend().signedInUser('ada');
  const bundle = await client.bundles.create({ name: 'Study kit' });
  const rendered = renderBundles(`/bundle/${bundle.id}/settings`, client);
  const name = await screen.findByRole('textbox', { name: /^Name/ });
  return { bundle, name, ...rendered };
}

describe('/bundle/:bundleId/settings: unsaved edits', () => {
  it('asks before a link drops a typed name: "Stay" keeps it, "Leave" opens the page and saves nothing', async () => {
    const user = userEvent.setup();
    const { client, bundle, name, router } = await settingsOfKit();
    await user.type(name, ' for Monday');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Quizzes and flash cards');

    await user.click(screen.getByRole('link', { name: 'Apps' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe(`/bundle/${bundle.id}/settings`);
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Study kit for Monday');
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('Quizzes and flash cards');

    await user.click(screen.getByRole('link', { name: 'Apps' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Apps' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/bundle/${bundle.id}/edit-apps`);

    await user.click(screen.getByRole('link', { name: 'Settings' }));
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toHaveValue('Study kit');
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('');
    expect(await client.bundles.get(bundle.id)).toMatchObject({ name: 'Study kit', description: null });
  });

  it('does not ask once the edit is saved', async () => {
    const user = userEvent.setup();
    const { client, bundle, name, router } = await settingsOfKit();
    await user.clear(name);
    await user.type(name, 'Reading kit');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Apps' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Apps' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/bundle/${bundle.id}/edit-apps`);
    expect((await client.bundles.get(bundle.id)).name).toBe('Reading kit');
  });

  it('refuses an empty name under the field and saves nothing', async () => {
    const user = userEvent.setup();
    const { client, bundle, name } = await settingsOfKit();
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('Give the bundle a name.'));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect((await client.bundles.get(bundle.id)).name).toBe('Study kit');
  });
});
