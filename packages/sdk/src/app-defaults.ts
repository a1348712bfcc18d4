// What an app's JSON columns read as when never set: kept apart from app-rows.ts (zod) so the
// light visitor client (visitor-lite) can use them without loading zod.
import type { AppDesign, AppPrice } from './app-rows';

export const DEFAULT_DESIGN: Readonly<AppDesign> = Object.freeze({
  theme_color: '#4f46e5',
  font: 'system',
  layout: 'centered',
  welcome_text: '',
});
export const DEFAULT_PRICE: Readonly<AppPrice> = Object.freeze({ kind: 'free', amount_cents: 0, currency: 'USD' });
