import type { AppPrice } from './app-rows';

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

/** What a price form holds: the kind, the amount as typed, the currency. */
export interface PriceInput {
  kind: AppPrice['kind'];
  amount: string;
  currency: Currency;
}

export function priceInputOf(price: AppPrice): PriceInput {
  return { kind: price.kind, amount: price.kind === 'free' ? '' : centsToAmount(price.amount_cents, price.currency), currency: price.currency };
}

/**
 * The price a form describes, or what is wrong with its amount in words: -1, NaN, "1e12",
 * more decimals than the currency has, 0 for a paid item, or more than 100,000 are refused.
 */
export function parsePriceInput(values: PriceInput): { ok: true; value: AppPrice } | { ok: false; error: string } {
  if (!CURRENCIES.some((currency) => currency.value === values.currency)) return { ok: false, error: 'Choose a currency from the list.' };
  if (values.kind === 'free') return { ok: true, value: { kind: 'free', amount_cents: 0, currency: values.currency } };
  const digits = minorDigits(values.currency);
  if (values.amount.trim() === '') return { ok: false, error: 'Enter the price, for example 4.99.' };
  const cents = amountToCents(values.amount, values.currency);
  if (cents === null) {
    return {
      ok: false,
      error: digits === 0 ? `Enter a whole number of ${values.currency}, without decimals.` : `Enter a number with at most ${digits} decimals, for example 4.99.`,
    };
  }
  if (cents === 0) return { ok: false, error: 'A paid item costs more than 0. Choose Free to give it away.' };
  const maxCents = MAX_PRICE_MAJOR * 10 ** digits;
  if (cents > maxCents) return { ok: false, error: `The price is at most ${formatMoney(maxCents, values.currency)}.` };
  return { ok: true, value: { kind: values.kind, amount_cents: cents, currency: values.currency } };
}
