// The design tokens as data. src/styles/tokens.css declares the same values as CSS custom
// properties (tokens.test.ts keeps the two in step and checks WCAG AA contrast of every pairing).

const brand = {
  50: '#f5f3ff',
  100: '#ede9fe',
  200: '#ddd6fe',
  300: '#c4b5fd',
  400: '#a78bfa',
  500: '#8b5cf6',
  600: '#7c3aed',
  700: '#6d28d9',
  800: '#5b21b6',
  900: '#4c1d95',
  950: '#2e1065',
} as const;

const neutral = {
  0: '#ffffff',
  50: '#fafafa',
  100: '#f4f4f5',
  200: '#e4e4e7',
  300: '#d4d4d8',
  400: '#a1a1aa',
  500: '#71717a',
  600: '#52525b',
  700: '#3f3f46',
  800: '#27272a',
  900: '#18181b',
  950: '#0c0c0f',
} as const;

const success = { 50: '#ecfdf5', 100: '#dcfce7', 300: '#86efac', 700: '#15803d', 800: '#166534', 950: '#052e16' } as const;
const warning = { 50: '#fffbeb', 100: '#fef3c7', 300: '#fcd34d', 700: '#b45309', 800: '#92400e', 950: '#451a03' } as const;
const danger = { 50: '#fef2f2', 100: '#fee2e2', 300: '#fca5a5', 600: '#dc2626', 700: '#b91c1c', 800: '#991b1b', 950: '#450a0a' } as const;

/** Semantic colours, one set per theme. Components only ever use these. */
export interface ThemeColors {
  bg: string;
  surface: string;
  surfaceSunken: string;
  surfaceHover: string;
  text: string;
  textMuted: string;
  border: string;
  borderStrong: string;
  primary: string;
  primaryHover: string;
  onPrimary: string;
  primarySubtle: string;
  primaryText: string;
  danger: string;
  dangerHover: string;
  onDanger: string;
  dangerSubtle: string;
  dangerText: string;
  successSubtle: string;
  successText: string;
  warningSubtle: string;
  warningText: string;
  neutralSubtle: string;
  neutralText: string;
  focus: string;
  overlay: string;
}

const light: ThemeColors = {
  bg: neutral[50],
  surface: neutral[0],
  surfaceSunken: neutral[100],
  surfaceHover: neutral[100],
  text: neutral[900],
  textMuted: neutral[600],
  border: neutral[200],
  borderStrong: neutral[500],
  primary: brand[700],
  primaryHover: brand[800],
  onPrimary: neutral[0],
  primarySubtle: brand[100],
  primaryText: brand[800],
  danger: danger[700],
  dangerHover: danger[800],
  onDanger: neutral[0],
  dangerSubtle: danger[100],
  dangerText: danger[800],
  successSubtle: success[100],
  successText: success[800],
  warningSubtle: warning[100],
  warningText: warning[800],
  neutralSubtle: neutral[100],
  neutralText: neutral[700],
  focus: brand[600],
  overlay: 'rgb(12 12 15 / 0.55)',
};

const dark: ThemeColors = {
  bg: neutral[950],
  surface: neutral[900],
  surfaceSunken: '#111114',
  surfaceHover: neutral[800],
  text: neutral[50],
  textMuted: neutral[400],
  border: neutral[700],
  borderStrong: '#8e8e98',
  primary: brand[600],
  primaryHover: brand[700],
  onPrimary: neutral[0],
  primarySubtle: brand[950],
  primaryText: brand[300],
  danger: danger[700],
  dangerHover: danger[800],
  onDanger: neutral[0],
  dangerSubtle: danger[950],
  dangerText: danger[300],
  successSubtle: success[950],
  successText: success[300],
  warningSubtle: warning[950],
  warningText: warning[300],
  neutralSubtle: neutral[800],
  neutralText: neutral[300],
  focus: brand[400],
  overlay: 'rgb(0 0 0 / 0.7)',
};

export const tokens = {
  color: { brand, neutral, success, warning, danger },
  theme: { light, dark },
  space: {
    0: '0',
    1: '0.25rem',
    2: '0.5rem',
    3: '0.75rem',
    4: '1rem',
    5: '1.25rem',
    6: '1.5rem',
    8: '2rem',
    10: '2.5rem',
    12: '3rem',
    16: '4rem',
  },
  radius: { sm: '4px', md: '6px', lg: '10px', xl: '16px', full: '9999px' },
  font: {
    sans: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    mono: 'ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace',
  },
  fontSize: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.25rem',
    '2xl': '1.5rem',
    '3xl': '1.875rem',
  },
  fontWeight: { regular: '400', medium: '500', semibold: '600', bold: '700' },
  lineHeight: { tight: '1.25', normal: '1.5', relaxed: '1.7' },
  shadow: {
    sm: '0 1px 2px rgb(0 0 0 / 0.06)',
    md: '0 4px 12px rgb(0 0 0 / 0.1)',
    lg: '0 12px 32px rgb(0 0 0 / 0.18)',
  },
  focusRing: '0 0 0 2px var(--af-color-bg), 0 0 0 4px var(--af-color-focus)',
  breakpoint: { narrow: '768px' },
} as const;

export type Tokens = typeof tokens;
export type ThemeName = keyof Tokens['theme'];
