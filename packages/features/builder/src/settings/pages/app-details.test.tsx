import { AppforgeError } from '@appforge/sdk';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderSettings, signedInWithApp } from '../test/render';

describe('/app-details/:appId', () => {
  it('explains the four visibility levels and saves name, description and visibility', async () => {
    const { client, app } = signedInWithApp();
    const user = userEvent.setup();
    renderSettings({ client, path: `/app-details/${app.id}` });
    const name = await screen.findByRole('textbox', { name: /Name/ });
    expect(name).toHaveValue('Recipe Finder');
    const publicLevel = screen.getByRole('radio', { name: 'Public' });
    expect(publicLevel).toBeChecked();
    expect(publicLevel).toHaveAccessibleDescription(/Anyone can open the app without signing in/);
    expect(screen.getByRole('radio', { name: 'Unlisted' })).toHaveAccessibleDescription(/Anyone who has the link/);
    expect(screen.getByRole('radio', { name: 'Signed-in people' })).toHaveAccessibleDescription(/Only people signed in to Appforge/);
    expect(screen.getByRole('radio', { name: 'Only people you allow' })).toHaveAccessibleDescription(/Only you and the people you give access to/);

    await user.clear(name);
    await user.type(name, 'Fridge Chef');
    await user.clear(screen.getByRole('textbox', { name: 'Description' }));
    await user.click(screen.getByRole('radio', { name: 'Signed-in people' }));
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
    // Closing the tab now asks first.
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(client.fake.data.apps[app.id]).toMatchObject({ name: 'Fridge Chef', description: null, visibility: 'signed_in' });
    const afterSave = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(afterSave);
    expect(afterSave.defaultPrevented).toBe(false);
  });

  it('issue 26: shows the budget of runs without sign-in (50 by default), refuses bad numbers in words, and saves a new one', async () => {
    const { client, app } = signedInWithApp();
    const user = userEvent.setup();
    renderSettings({ client, path: `/app-details/${app.id}` });
    const budget = await screen.findByRole('textbox', { name: 'Runs without sign-in per day' });
    expect(budget).toHaveValue('50');
    expect(budget).toHaveAccessibleDescription(/at most a fifth; 0 asks everyone to sign in first/);
    for (const [typed, words] of [
      ['-1', /whole number of runs, 0 or more/],
      ['2.5', /whole number of runs, 0 or more/],
      ['lots', /whole number of runs, 0 or more/],
      ['100001', /At most 100,000 runs a day/],
    ] as const) {
      await user.clear(budget);
      await user.type(budget, typed);
      await user.click(screen.getByRole('button', { name: 'Save details' }));
      expect(budget).toHaveAttribute('aria-invalid', 'true');
      expect(budget).toHaveAccessibleDescription(words);
    }
    expect(client.fake.calls('apps.update')).toHaveLength(0);
    await user.clear(budget);
    await user.type(budget, '0');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(client.fake.data.apps[app.id]).toMatchObject({ anonymous_runs_per_day: 0 });
  });

  it('refuses an empty name in words and sends nothing', async () => {
    const { client, app } = signedInWithApp();
    const user = userEvent.setup();
    renderSettings({ client, path: `/app-details/${app.id}` });
    const name = await screen.findByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, '   ');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(/Give the app a name\./);
    expect(client.fake.calls('apps.update')).toHaveLength(0);
  });

  it('shows the server’s refusal, rolls back the saved value and keeps what was typed', async () => {
    const { client, app } = signedInWithApp();
    client.fake.fail('apps.update', new AppforgeError({ code: 'conflict', message: 'You already have an app with this name.', status: 409 }));
    const user = userEvent.setup();
    renderSettings({ client, path: `/app-details/${app.id}` });
    const name = await screen.findByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, 'Taken Name');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not saved: You already have an app with this name.');
    expect(name).toHaveValue('Taken Name');
    expect(client.fake.data.apps[app.id]?.name).toBe('Recipe Finder');
    // The page went back to the saved name, so the typed one is still an unsaved change.
    await waitFor(() => expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument());
  });

  it('moves between visibility levels with the arrow keys', async () => {
    const { client, app } = signedInWithApp();
    const user = userEvent.setup();
    renderSettings({ client, path: `/app-details/${app.id}` });
    const publicLevel = await screen.findByRole('radio', { name: 'Public' });
    publicLevel.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Unlisted' })).toBeChecked();
  });
});
