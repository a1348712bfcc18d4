import type { CSSProperties } from 'react';

export interface DesignLike {
  readonly theme_color: string;
  readonly font: 'system' | 'serif' | 'rounded' | 'mono';
  readonly layout: 'centered' | 'wide';
  readonly welcome_text: string;
}

const HEX = /^#([0-9a-f]{6})$/i;
const FALLBACK = '#6d28d9';

const FONTS: Readonly<Record<DesignLike['font'], string>> = {
  system: 'var(--af-font-sans)',
  serif: 'Charter, "Bitstream Charter", "Sitka Text", Cambria, Georgia, "Times New Roman", serif',
  rounded: 'ui-rounded, "SF Pro Rounded", "Hiragino Maru Gothic ProN", Quicksand, Nunito, "Arial Rounded MT Bold", system-ui, sans-serif',
  mono: 'var(--af-font-mono)',
};

function channel(hex: string, offset: number): number {
  const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a #rrggbb colour. */
export function luminance(color: string): number {
  const hex = HEX.exec(color)?.[1] ?? FALLBACK.slice(1);
  return 0.2126 * channel(hex, 0) + 0.7152 * channel(hex, 2) + 0.0722 * channel(hex, 4);
}

/** WCAG contrast ratio of two #rrggbb colours (1 … 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Black or white text on the theme colour, whichever reads better. */
export function textOn(color: string): '#ffffff' | '#18181b' {
  return contrastRatio(color, '#ffffff') >= contrastRatio(color, '#18181b') ? '#ffffff' : '#18181b';
}

/**
 * The app's design as CSS custom properties on the app's root element: the design system's
 * primary colour (buttons, focus ring, links) becomes the theme colour, with a readable text
 * colour on it; the font and the layout width follow the creator's choice. A malformed colour
 * (the value is stored data, so treated as outside input) falls back to Appforge's own.
 */
export function designStyle(design: DesignLike): CSSProperties {
  const theme = HEX.test(design.theme_color) ? design.theme_color.toLowerCase() : FALLBACK;
  const on = textOn(theme);
  // Focus rings and theme-coloured text must stand out from the page in light and dark mode
  // alike, whatever colour the creator chose: the theme is mixed towards the page's text colour.
  const focus = `color-mix(in srgb, ${theme} 65%, var(--af-color-text))`;
  return {
    '--af-color-primary': theme,
    '--af-color-primary-hover': `color-mix(in srgb, ${theme} 82%, ${on === '#ffffff' ? '#000000' : '#ffffff'})`,
    '--af-color-on-primary': on,
    '--af-color-focus': focus,
    // --af-focus-ring and the subtle tint are computed where the design system defines them
    // (:root), so they are restated here for the theme colour to reach them.
    '--af-focus-ring': `0 0 0 2px var(--af-color-bg), 0 0 0 4px ${focus}`,
    '--af-color-primary-subtle': `color-mix(in srgb, ${theme} 14%, var(--af-color-surface))`,
    // Theme-coloured text (links, accents) needs contrast with the page: darkened on light pages.
    '--af-color-primary-text': `color-mix(in srgb, ${theme} 70%, var(--af-color-text))`,
    '--visitor-app-theme': theme,
    '--visitor-app-font': FONTS[design.font] ?? FONTS.system,
  } as CSSProperties;
}
