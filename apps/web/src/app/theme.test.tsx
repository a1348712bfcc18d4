import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAppAt } from '../../test/render-app';
import { readStoredPreference, resolveTheme, THEME_STORAGE_KEY } from './theme';

describe('theme', () => {
  it('applies the chosen theme to <html data-theme> and remembers it across visits', async () => {
    const first = renderAppAt('/system-status');
    const select = await screen.findByRole('combobox', { name: 'Theme' });
    expect(document.documentElement.dataset.theme).toBe('light');

    await userEvent.selectOptions(select, 'dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    first.unmount();

    renderAppAt('/system-status');
    expect(await screen.findByRole('combobox', { name: 'Theme' })).toHaveValue('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('falls back to the system theme when storage holds garbage or throws', () => {
    expect(readStoredPreference({ getItem: () => '"><script>' })).toBe('system');
    expect(
      readStoredPreference({
        getItem: () => {
          throw new DOMException('denied', 'SecurityError');
        },
      }),
    ).toBe('system');
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
  });
});
