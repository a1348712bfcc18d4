import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderSettings, signedInWithApp } from '../test/render';

describe('/app-design/:appId', () => {
  it('previews colour, layout and welcome text live, then saves them', async () => {
    const { client, app } = signedInWithApp();
    const user = userEvent.setup();
    renderSettings({ client, path: `/app-design/${app.id}` });
    const preview = await screen.findByTestId('design-preview');
    expect(within(preview).getByText('Recipe Finder')).toBeInTheDocument();
    expect(preview).toHaveAttribute('data-layout', 'centered');

    const code = screen.getByRole('textbox', { name: 'Theme colour' });
    await user.clear(code);
    await user.type(code, '#10B981');
    expect(preview.style.getPropertyValue('--settings-preview-theme')).toBe('#10B981');
    fireEvent.change(screen.getByLabelText('Pick the theme colour'), { target: { value: '#0ea5e9' } });
    expect(code).toHaveValue('#0ea5e9');
    expect(preview.style.getPropertyValue('--settings-preview-theme')).toBe('#0ea5e9');

    await user.click(screen.getByRole('radio', { name: 'Wide' }));
    expect(preview).toHaveAttribute('data-layout', 'wide');
    await user.click(screen.getByRole('textbox', { name: 'Welcome text' }));
    await user.paste('Tell me **what is in your fridge**');
    expect(within(preview).getByText('what is in your fridge').tagName).toBe('STRONG');

    await user.click(screen.getByRole('button', { name: 'Save design' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(client.fake.data.apps[app.id]?.design).toEqual({
      theme_color: '#0ea5e9',
      font: 'system',
      layout: 'wide',
      welcome_text: 'Tell me **what is in your fridge**',
    });
  });

  it('refuses a colour that is not #rrggbb and shows raw HTML in the welcome text only as text', async () => {
    const { client, app } = signedInWithApp();
    const user = userEvent.setup();
    renderSettings({ client, path: `/app-design/${app.id}` });
    const code = await screen.findByRole('textbox', { name: 'Theme colour' });
    await user.clear(code);
    await user.type(code, 'purple');
    await user.click(screen.getByRole('textbox', { name: 'Welcome text' }));
    await user.paste('<img src=x onerror="alert(1)">Hi');
    expect(screen.getByTestId('design-preview').querySelector('[onerror]')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save design' }));
    expect(code).toHaveAccessibleDescription(/Use a colour like #4f46e5/);
    expect(client.fake.calls('apps.update')).toHaveLength(0);
  });

  it('shows a skeleton while loading and keeps the form after a refused save', async () => {
    const { client, app } = signedInWithApp();
    client.fake.fail('apps.update');
    const user = userEvent.setup();
    renderSettings({ client, path: `/app-design/${app.id}` });
    expect(await screen.findByRole('status')).toHaveTextContent("Loading the app's settings…");
    await user.click(await screen.findByRole('radio', { name: 'Wide' }));
    await user.click(screen.getByRole('button', { name: 'Save design' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not saved: Could not reach the server.');
    expect(screen.getByRole('radio', { name: 'Wide' })).toBeChecked();
    expect(client.fake.data.apps[app.id]?.design.layout).toBe('centered');
  });
});
