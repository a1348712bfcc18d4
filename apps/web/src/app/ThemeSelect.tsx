import { useId } from 'react';
import { parseThemePreference, THEME_PREFERENCES } from './theme';
import { useTheme } from './ThemeProvider';

const LABELS = { system: 'System', light: 'Light', dark: 'Dark' } as const;

export function ThemeSelect() {
  const { preference, setPreference } = useTheme();
  const id = useId();
  return (
    <div className="shell-theme-select">
      <label htmlFor={id}>Theme</label>
      <select id={id} value={preference} onChange={(event) => setPreference(parseThemePreference(event.target.value))}>
        {THEME_PREFERENCES.map((option) => (
          <option key={option} value={option}>
            {LABELS[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
