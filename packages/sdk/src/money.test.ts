import { describe, expect, it } from 'vitest';
import { amountToCents, centsToAmount, describePrice } from './money';

describe('prices in words and minor units', () => {
  it('reads what a person types as cents, refusing what is not a plain amount', () => {
    expect(amountToCents('4.99', 'USD')).toBe(499);
    expect(amountToCents(' 4,5 ', 'EUR')).toBe(450);
    expect(amountToCents('1 000', 'GBP')).toBe(100000);
    expect(amountToCents('4.999', 'USD')).toBeNull();
    expect(amountToCents('-4', 'USD')).toBeNull();
    expect(amountToCents('1e3', 'USD')).toBeNull();
    expect(amountToCents('abc', 'USD')).toBeNull();
  });

  it('treats the yen as having no minor unit', () => {
    expect(amountToCents('500', 'JPY')).toBe(500);
    expect(amountToCents('500.5', 'JPY')).toBeNull();
    expect(centsToAmount(500, 'JPY')).toBe('500');
    expect(centsToAmount(499, 'USD')).toBe('4.99');
  });

  it('describes a price the way a visitor reads it', () => {
    expect(describePrice({ kind: 'free', amount_cents: 0, currency: 'USD' })).toBe('Free');
    expect(describePrice({ kind: 'monthly', amount_cents: 500, currency: 'USD' }, 'en-US')).toBe('$5.00 a month');
    expect(describePrice({ kind: 'one_time', amount_cents: 499, currency: 'EUR' }, 'en-US')).toBe('€4.99 once');
  });
});
