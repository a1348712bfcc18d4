import { AppforgeError } from '@appforge/sdk';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderSettings, signedInWithApp } from '../test/render';

describe('/app-settings/:appId', () => {
  it('shows a skeleton, then every settings page with the current values', async () => {
    const { client, app } = signedInWithApp({
      visibility: 'unlisted',
      price: { kind: 'monthly', amount_cents: 500, currency: 'USD' },
      design: { theme_color: '#10b981', font: 'serif', layout: 'wide', welcome_text: 'Hello' },
      config: { model: 'gpt-4o-mini', temperature: 0.3, max_output_tokens: 1200, system_prompt: 'Be brief.' },
      api_access_enabled: true,
    });
    renderSettings({ client, path: `/app-settings/${app.id}` });
    expect(await screen.findByRole('status')).toHaveTextContent("Loading the app's settings…");
    const pages = await screen.findByRole('list', { name: 'Settings pages' });
    expect(screen.getByRole('heading', { level: 1, name: 'Recipe Finder' })).toBeInTheDocument();
    const link = (name: RegExp) => within(pages).getByRole('link', { name });
    expect(link(/Details/)).toHaveAttribute('href', `/app-details/${app.id}`);
    expect(link(/Details/)).toHaveTextContent('Recipe Finder · Unlisted');
    expect(link(/Price/)).toHaveTextContent(/\$5\.00 a month/);
    expect(link(/Design/)).toHaveTextContent('#10b981 · Serif font · Wide layout · welcome text set');
    expect(link(/Configuration/)).toHaveTextContent('gpt-4o-mini · temperature 0.3 · up to 1,200 tokens · system prompt set');
    expect(link(/Icon/)).toHaveAttribute('href', `/app-icon/${app.id}`);
    expect(link(/Runs and data/)).toHaveAttribute('href', `/app-data/${app.id}`);
    expect(link(/API access/)).toHaveTextContent('On: programs can run the app with an API key.');
    expect(link(/Custom domain/)).toHaveAttribute('href', `/custom-domain/${app.id}`);
    expect(link(/^Tests/)).toHaveAttribute('href', `/app-tests/${app.id}`);
    expect(screen.getByText('Draft: not deployed yet')).toBeInTheDocument();
  });

  it('says in words when the app cannot be loaded, and loads it on retry', async () => {
    const { client, app } = signedInWithApp();
    client.fake.fail('apps.get');
    const user = userEvent.setup();
    renderSettings({ client, path: `/app-settings/${app.id}` });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("This app's settings could not be loaded. Could not reach the server.");
    client.fake.heal('apps.get');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Settings pages' })).toBeInTheDocument();
  });

  it('says the app was not found for someone else’s app', async () => {
    const { client, app } = signedInWithApp();
    const other = { ...app, id: crypto.randomUUID(), owner_id: crypto.randomUUID() };
    client.fake.data.apps[other.id] = other;
    renderSettings({ client, path: `/app-settings/${other.id}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'This app was not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your apps' })).toHaveAttribute('href', '/');
  });

  it('refuses to delete until the exact name is typed, then deletes and goes home', async () => {
    const { client, app } = signedInWithApp();
    const user = userEvent.setup();
    renderSettings({ client, path: `/app-settings/${app.id}` });
    await user.click(await screen.findByRole('button', { name: 'Delete app…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Recipe Finder?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete app' });
    const typed = within(dialog).getByRole('textbox');
    await user.type(typed, 'recipe finder');
    expect(confirm).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(client.fake.calls('apps.remove')).toHaveLength(0);
    expect(client.fake.data.apps[app.id]).toBeDefined();

    await user.clear(typed);
    await user.type(typed, 'Recipe Finder');
    await user.click(confirm);
    expect(await screen.findByRole('heading', { name: 'Home at /' })).toBeInTheDocument();
    expect(client.fake.data.apps[app.id]).toBeUndefined();
  });

  it('keeps the dialog open with the server’s words when the delete is refused', async () => {
    const { client, app } = signedInWithApp();
    client.fake.fail('apps.remove', new AppforgeError({ code: 'permission_denied', message: 'You may not delete this app.', status: 403 }));
    const user = userEvent.setup();
    renderSettings({ client, path: `/app-settings/${app.id}` });
    await user.click(await screen.findByRole('button', { name: 'Delete app…' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByRole('textbox'), 'Recipe Finder');
    await user.click(within(dialog).getByRole('button', { name: 'Delete app' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You may not delete this app.');
    await waitFor(() => expect(client.fake.data.apps[app.id]).toBeDefined());
  });
});
