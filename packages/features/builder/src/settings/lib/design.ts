import type { AppDesign } from '@appforge/sdk';

export const FONTS: readonly { value: AppDesign['font']; label: string; stack: string }[] = [
  { value: 'system', label: 'System (the device’s own font)', stack: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
  { value: 'serif', label: 'Serif', stack: "Georgia, Cambria, 'Times New Roman', serif" },
  { value: 'rounded', label: 'Rounded', stack: "ui-rounded, 'SF Pro Rounded', 'Nunito', 'Varela Round', system-ui, sans-serif" },
  { value: 'mono', label: 'Monospace', stack: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace" },
];

export const LAYOUTS: readonly { value: AppDesign['layout']; label: string; description: string }[] = [
  { value: 'centered', label: 'Centred', description: 'A narrow column in the middle: best for forms and short answers.' },
  { value: 'wide', label: 'Wide', description: 'Uses the width of the screen: best for long answers and tables.' },
];

export function fontStack(font: AppDesign['font']): string {
  return FONTS.find((entry) => entry.value === font)?.stack ?? FONTS[0]?.stack ?? 'system-ui, sans-serif';
}

export function fontLabel(font: AppDesign['font']): string {
  return FONTS.find((entry) => entry.value === font)?.label.replace(/ \(.*\)$/, '') ?? font;
}

export function layoutLabel(layout: AppDesign['layout']): string {
  return LAYOUTS.find((entry) => entry.value === layout)?.label ?? layout;
}

/** True when `value` is a #rrggbb colour a colour input can show. */
export function isHexColour(value: string): boolean {
  return /^#[0-9a-f]{6}$/i.test(value.trim());
}
