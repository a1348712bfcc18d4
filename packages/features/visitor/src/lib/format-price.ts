export interface PriceLike {
  readonly kind: 'free' | 'one_time' | 'monthly';
  /** In the currency's minor unit (ISO 4217): cents for USD, yen for JPY (which has none). */
  readonly amount_cents: number;
  readonly currency: string;
}

export interface PriceText {
  /** "Free", "$4.99", "€9.00" */
  readonly amount: string;
  /** "", "one-time payment", "per month" */
  readonly period: string;
  /** One phrase for screen readers and titles: "Free", "$4.99, one-time payment", "$4.99 per month". */
  readonly label: string;
}

/**
 * An app's price in the visitor's language and the price's currency. Intl chooses the symbol and
 * the fraction digits (none for JPY), so the text always matches local conventions.
 */
export function formatPrice(price: PriceLike, locale?: string): PriceText {
  if (price.kind === 'free' || price.amount_cents <= 0) return { amount: 'Free', period: '', label: 'Free' };
  let amount: string;
  try {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency: price.currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    amount = format.format(price.amount_cents / 10 ** digits);
  } catch {
    // An unknown currency code: show the number with the code rather than nothing.
    amount = `${(price.amount_cents / 100).toFixed(2)} ${price.currency}`;
  }
  return price.kind === 'monthly'
    ? { amount, period: 'per month', label: `${amount} per month` }
    : { amount, period: 'one-time payment', label: `${amount}, one-time payment` };
}
