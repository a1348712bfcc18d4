import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tokens, type ThemeColors } from './tokens';

// Read from disk: Vitest does not process CSS, so a ?raw import would come back empty.
const css = readFileSync(resolve(import.meta.dirname, '../styles/tokens.css'), 'utf8');

function block(selector: string): Map<string, string> {
  const start = css.indexOf(selector);
  if (start === -1) throw new Error(`tokens.css has no block for ${selector}`);
  const open = css.indexOf('{', start);
  const close = css.indexOf('}', open);
  const declarations = new Map<string, string>();
  for (const match of css.slice(open + 1, close).matchAll(/(--[\w-]+):\s*([^;]+);/g)) {
    const [, name, value] = match;
    if (name !== undefined && value !== undefined) declarations.set(name, value.trim());
  }
  return declarations;
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

function expectTheme(declarations: Map<string, string>, theme: ThemeColors) {
  for (const [key, value] of Object.entries(theme)) {
    expect(declarations.get(`--af-color-${kebab(key)}`), key).toBe(value);
  }
}

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((offset) => parseInt(hex.slice(offset, offset + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

// [foreground, background, minimum ratio]: 4.5 for text (WCAG AA), 3 for borders and focus rings.
const pairings: [keyof ThemeColors, keyof ThemeColors, number][] = [
  ['text', 'bg', 4.5],
  ['text', 'surface', 4.5],
  ['text', 'surfaceSunken', 4.5],
  ['text', 'surfaceHover', 4.5],
  ['textMuted', 'bg', 4.5],
  ['textMuted', 'surface', 4.5],
  ['textMuted', 'surfaceSunken', 4.5],
  ['primaryText', 'bg', 4.5],
  ['primaryText', 'surface', 4.5],
  ['primaryText', 'primarySubtle', 4.5],
  ['onPrimary', 'primary', 4.5],
  ['onPrimary', 'primaryHover', 4.5],
  ['onDanger', 'danger', 4.5],
  ['onDanger', 'dangerHover', 4.5],
  ['dangerText', 'dangerSubtle', 4.5],
  ['dangerText', 'surface', 4.5],
  ['successText', 'successSubtle', 4.5],
  ['warningText', 'warningSubtle', 4.5],
  ['neutralText', 'neutralSubtle', 4.5],
  ['borderStrong', 'surface', 3],
  ['borderStrong', 'bg', 3],
  ['focus', 'bg', 3],
  ['focus', 'surface', 3],
];

describe('design tokens', () => {
  it('uses a purple primary around #6d28d9 on a 50–900 brand scale', () => {
    expect(tokens.theme.light.primary).toBe('#6d28d9');
    expect(Object.keys(tokens.color.brand)).toEqual(expect.arrayContaining(['50', '100', '500', '900']));
  });

  it('declares the light theme in tokens.css exactly as in tokens.ts', () => {
    expectTheme(block(":root,\n[data-theme='light'] {"), tokens.theme.light);
  });

  it('declares the dark theme for data-theme="dark" and for a dark system preference', () => {
    expectTheme(block("[data-theme='dark'] {"), tokens.theme.dark);
    expectTheme(block(':root:not([data-theme]) {'), tokens.theme.dark);
  });

  it('declares every scale (colours, spacing, radii, type, shadows) as a custom property', () => {
    const root = block(':root {');
    for (const [scale, values] of Object.entries(tokens.color)) {
      for (const [step, value] of Object.entries(values)) expect(root.get(`--af-color-${scale}-${step}`)).toBe(value);
    }
    for (const [step, value] of Object.entries(tokens.space)) expect(root.get(`--af-space-${step}`)).toBe(value);
    for (const [step, value] of Object.entries(tokens.radius)) expect(root.get(`--af-radius-${step}`)).toBe(value);
    for (const [step, value] of Object.entries(tokens.fontSize)) expect(root.get(`--af-font-size-${step}`)).toBe(value);
    for (const [step, value] of Object.entries(tokens.fontWeight)) expect(root.get(`--af-font-weight-${step}`)).toBe(value);
    for (const [step, value] of Object.entries(tokens.lineHeight)) expect(root.get(`--af-line-height-${step}`)).toBe(value);
    for (const [step, value] of Object.entries(tokens.shadow)) expect(root.get(`--af-shadow-${step}`)).toBe(value);
    expect(root.get('--af-font-sans')).toBe(tokens.font.sans);
    expect(root.get('--af-font-mono')).toBe(tokens.font.mono);
    expect(root.get('--af-focus-ring')).toBe(tokens.focusRing);
  });

  for (const [name, theme] of Object.entries(tokens.theme)) {
    it(`meets WCAG AA contrast for every text/background pairing in the ${name} theme`, () => {
      const failures = pairings
        .map(([fg, bg, minimum]) => ({ pair: `${fg} on ${bg}`, ratio: contrast(theme[fg], theme[bg]), minimum }))
        .filter(({ ratio, minimum }) => ratio < minimum)
        .map(({ pair, ratio }) => `${pair}: ${ratio.toFixed(2)}`);
      expect(failures).toEqual([]);
    });
  }

  it('declares every custom property the stylesheets use, and index.css imports every stylesheet', () => {
    const stylesDir = resolve(import.meta.dirname, '../styles');
    const componentFiles = readdirSync(resolve(stylesDir, 'components')).map((file) => `components/${file}`);
    const files = ['base.css', ...componentFiles];
    const index = readFileSync(resolve(stylesDir, 'index.css'), 'utf8');
    const notImported = ['tokens.css', ...files].filter((file) => !index.includes(`@import './${file}';`));
    expect(notImported).toEqual([]);

    const declared = new Set([...css.matchAll(/(--af-[\w-]+):/g)].map((match) => match[1]));
    const undeclared = files.flatMap((file) =>
      [...readFileSync(resolve(stylesDir, file), 'utf8').matchAll(/var\((--af-[\w-]+)/g)]
        .map((match) => match[1])
        .filter((name) => !declared.has(name))
        .map((name) => `${file}: ${name}`),
    );
    expect(undeclared).toEqual([]);
  });

  it('computes contrast like WCAG does (black on white is 21:1)', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeLessThan(4.5);
  });
});
