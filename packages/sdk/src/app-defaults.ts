// What an app's JSON columns read as when never set: kept apart from app-rows.ts (zod) so the
// light visitor client (visitor-lite) can use them without loading zod.
// (No imports: app-rows.ts types them as AppDesign and AppPrice, which checks they fit.)
export const DEFAULT_DESIGN = Object.freeze({
  theme_color: '#4f46e5',
  font: 'system',
  layout: 'centered',
  welcome_text: '',
} as const);
export const DEFAULT_PRICE = Object.freeze({ kind: 'free', amount_cents: 0, currency: 'USD' } as const);
