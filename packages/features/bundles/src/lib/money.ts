import { formatMoney } from '@appforge/sdk';
import type { Currency } from '@appforge/sdk';

/** An amount a payment provider reported: it may say "usd"; the yen's lack of cents depends on the code. */
export const money = (cents: number, currency: string): string => formatMoney(cents, currency.toUpperCase() as Currency);
