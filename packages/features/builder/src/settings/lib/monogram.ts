// Generated icons: the app's initials on its theme colour, drawn as SVG for the preview and on a
// canvas (the same geometry) for the PNG that is uploaded.
import { canvasOf, encodeIcon, ICON_SIZE } from './icon-image';

export type MonogramStyle = 'square' | 'circle' | 'tint' | 'gradient';

export const MONOGRAM_STYLES: readonly { value: MonogramStyle; label: string }[] = [
  { value: 'square', label: 'Rounded square' },
  { value: 'circle', label: 'Circle' },
  { value: 'tint', label: 'Soft tint' },
  { value: 'gradient', label: 'Gradient' },
];

export interface Monogram {
  letters: string;
  style: MonogramStyle;
  background: string;
  /** Second colour of the gradient style (same as background otherwise). */
  backgroundEnd: string;
  foreground: string;
}

/** Up to two letters: the first of the first two words ("Recipe Finder" → "RF", "chat" → "C"). */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/[\s\-_/.]+/)
    .map((word) => Array.from(word.replace(/^[^\p{L}\p{N}]+/u, ''))[0])
    .filter((letter): letter is string => letter !== undefined);
  const letters = words.slice(0, 2).join('').toLocaleUpperCase();
  return letters === '' ? '?' : letters;
}

function channels(hex: string): [number, number, number] {
  const value = /^#([0-9a-f]{6})$/i.exec(hex)?.[1] ?? '4f46e5';
  return [0, 2, 4].map((index) => parseInt(value.slice(index, index + 2), 16)) as [number, number, number];
}

function toHex([r, g, b]: readonly number[]): string {
  return `#${[r, g, b].map((channel) => Math.round(Math.max(0, Math.min(255, channel ?? 0))).toString(16).padStart(2, '0')).join('')}`;
}

/** `colour` moved towards `towards` by `amount` (0..1). */
export function mix(colour: string, towards: string, amount: number): string {
  const a = channels(colour);
  const b = channels(towards);
  return toHex(a.map((channel, index) => channel + ((b[index] ?? 0) - channel) * amount));
}

/** WCAG relative luminance. */
export function luminance(colour: string): number {
  const [r, g, b] = channels(colour).map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** White or near-black, whichever reads better on `background`. */
export function readableOn(background: string): string {
  return contrastRatio(background, '#ffffff') >= contrastRatio(background, '#111827') ? '#ffffff' : '#111827';
}

export function monogramOf(name: string, themeColor: string, style: MonogramStyle): Monogram {
  const letters = initialsOf(name);
  if (style === 'tint') {
    const background = mix(themeColor, '#ffffff', 0.82);
    // The theme colour itself when it reads on the tint, else a darker shade of it.
    const foreground = contrastRatio(themeColor, background) >= 4.5 ? themeColor : mix(themeColor, '#000000', 0.45);
    return { letters, style, background, backgroundEnd: background, foreground };
  }
  if (style === 'gradient') {
    const backgroundEnd = mix(themeColor, '#000000', 0.35);
    return { letters, style, background: themeColor, backgroundEnd, foreground: readableOn(mix(themeColor, backgroundEnd, 0.5)) };
  }
  return { letters, style, background: themeColor, backgroundEnd: themeColor, foreground: readableOn(themeColor) };
}

/** Geometry shared by the SVG and the canvas drawing, for a square of side `size`. */
export function monogramGeometry(monogram: Monogram, size: number) {
  return {
    radius: monogram.style === 'circle' ? size / 2 : size * 0.22,
    fontSize: size * (monogram.letters.length > 1 ? 0.4 : 0.5),
  };
}

const FONT_STACK = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

/** Draws the monogram on a 512 px canvas and encodes it as PNG. */
export async function renderMonogramPng(monogram: Monogram): Promise<Blob> {
  const { canvas, context } = canvasOf(ICON_SIZE);
  const { radius, fontSize } = monogramGeometry(monogram, ICON_SIZE);
  const fill = context.createLinearGradient(0, 0, ICON_SIZE, ICON_SIZE);
  fill.addColorStop(0, monogram.background);
  fill.addColorStop(1, monogram.backgroundEnd);
  context.fillStyle = fill;
  context.beginPath();
  context.roundRect(0, 0, ICON_SIZE, ICON_SIZE, radius);
  context.fill();
  context.fillStyle = monogram.foreground;
  context.font = `600 ${fontSize}px ${FONT_STACK}`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(monogram.letters, ICON_SIZE / 2, ICON_SIZE / 2 + fontSize * 0.04);
  return encodeIcon(canvas);
}

export { FONT_STACK };
