import type { AppPrice } from '@appforge/sdk';

export type Currency = AppPrice['currency'];

export const CURRENCIES: readonly { value: Currency; label: string }[] = [
  { value: 'USD', label: 'US dollar (USD)' },
  { value: 'EUR', label: 'Euro (EUR)' },
  { value: 'GBP', label: 'British pound (GBP)' },
  { value: 'CAD', label: 'Canadian dollar (CAD)' },
  { value: 'AUD', label: 'Australian dollar (AUD)' },
  { value: 'INR', label: 'Indian rupee (INR)' },
  { value: 'JPY', label: 'Japanese yen (JPY)' },
];

/** Digits after the decimal point (ISO 4217): the yen has no minor unit, so its "cents" are yen. */
export function minorDigits(currency: Currency): number {
  return currency === 'JPY' ? 0 : 2;
}

/** Highest price a creator may set, in major units (checkout providers cap single charges too). */
export const MAX_PRICE_MAJOR = 100_000;

/** "4.99" for 499 cents in USD; "500" for 500 yen. */
export function centsToAmount(cents: number, currency: Currency): string {
  const digits = minorDigits(currency);
  return (cents / 10 ** digits).toFixed(digits);
}

/**
 * The amount a person typed, in minor units, or null when it is not a plain amount. Accepts
 * "4.99", "4,99" and "1 000"; refuses more decimals than the currency has, signs and exponents.
 */
export function amountToCents(text: string, currency: Currency): number | null {
  const cleaned = text.trim().replace(/[\s\u00a0]/g, '').replace(',', '.');
  const digits = minorDigits(currency);
  const pattern = digits === 0 ? /^\d+$/ : new RegExp(`^\\d+(\\.\\d{1,${digits}})?$`);
  if (!pattern.test(cleaned)) return null;
  const [whole = '0', fraction = ''] = cleaned.split('.');
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/** "€4.99", "¥500" in the reader's locale. */
export function formatMoney(cents: number, currency: Currency, locale?: string): string {
  const digits = minorDigits(currency);
  return new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    cents / 10 ** digits,
  );
}

/** "Free", "€4.99 once", "$5.00 a month". */
export function describePrice(price: AppPrice, locale?: string): string {
  if (price.kind === 'free') return 'Free';
  const amount = formatMoney(price.amount_cents, price.currency, locale);
  return price.kind === 'monthly' ? `${amount} a month` : `${amount} once`;
}
