import { describe, expect, it } from 'vitest';
import { contrastRatio, designStyle, textOn } from './design-style';

describe('designStyle', () => {
  it('makes the theme colour the primary colour with readable text on it', () => {
    const style = designStyle({ theme_color: '#0F766E', font: 'mono', layout: 'wide', welcome_text: '' }) as Record<string, string>;
    expect(style['--af-color-primary']).toBe('#0f766e');
    expect(style['--af-color-on-primary']).toBe('#ffffff');
    expect(style['--visitor-app-font']).toBe('var(--af-font-mono)');
  });

  it('puts dark text on a light theme colour', () => {
    expect(textOn('#fde047')).toBe('#18181b');
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21);
  });

  it('falls back to Appforge’s colour when the stored colour is not a #rrggbb value', () => {
    const style = designStyle({ theme_color: 'red; background: url(x)', font: 'system', layout: 'centered', welcome_text: '' }) as Record<string, string>;
    expect(style['--af-color-primary']).toBe('#6d28d9');
  });
});
