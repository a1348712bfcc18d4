import { formatPrice } from '../lib/format-price';
import type { PriceLike } from '../lib/format-price';

export interface PriceTagProps {
  price: PriceLike;
  /** The visitor's language for number formatting (the browser's by default). */
  locale?: string;
}

/** An app's price: "Free", "$4.99 one-time payment" or "€9.00 per month". */
export function PriceTag({ price, locale }: PriceTagProps) {
  const text = formatPrice(price, locale);
  return (
    <p className="visitor-price" data-kind={price.kind}>
      <span className="visitor-price__amount">{text.amount}</span>
      {text.period ? <span className="visitor-price__period"> {text.period}</span> : null}
    </p>
  );
}
