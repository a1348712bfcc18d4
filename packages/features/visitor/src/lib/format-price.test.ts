import { describe, expect, it } from 'vitest';
import { formatPrice } from './format-price';

describe('formatPrice', () => {
  it('says Free for a free app', () => {
    expect(formatPrice({ kind: 'free', amount_cents: 0, currency: 'USD' }, 'en-US').label).toBe('Free');
  });

  it('formats one-time and monthly prices in the currency’s own style', () => {
    expect(formatPrice({ kind: 'one_time', amount_cents: 499, currency: 'USD' }, 'en-US')).toEqual({
      amount: '$4.99',
      period: 'one-time payment',
      label: '$4.99, one-time payment',
    });
    expect(formatPrice({ kind: 'monthly', amount_cents: 900, currency: 'EUR' }, 'de-DE').label).toBe('9,00\u00a0€ per month');
  });

  it('treats yen as having no minor unit', () => {
    expect(formatPrice({ kind: 'one_time', amount_cents: 500, currency: 'JPY' }, 'en-US').amount).toBe('¥500');
  });
});
