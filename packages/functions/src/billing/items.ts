// What can be bought (an app, a bundle, or the pro plan) and at what price, read with the service
// role from the database: prices never come from the browser.
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';

export type ItemKind = 'app' | 'bundle' | 'plan';

export const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'INR', 'JPY'] as const;

/** The stored price of an app or bundle (the same rules as public.price_is_valid). */
export const priceSchema = z
  .object({
    kind: z.enum(['free', 'one_time', 'monthly']),
    amount_cents: z.number().int().min(0).max(10_000_000),
    currency: z.enum(CURRENCIES),
  })
  .nullable();

export interface PaidPrice {
  mode: 'one_time' | 'monthly';
  amountCents: number;
  currency: (typeof CURRENCIES)[number];
}

export interface SellableItem {
  kind: ItemKind;
  id: string;
  name: string;
  /** The seller; null for the platform's own plan. */
  ownerId: string | null;
  /** null: free, nothing to buy. */
  price: PaidPrice | null;
}

function paid(price: z.infer<typeof priceSchema>): PaidPrice | null {
  if (!price || price.kind === 'free' || price.amount_cents <= 0) return null;
  return { mode: price.kind, amountCents: price.amount_cents, currency: price.currency };
}

export const itemRefSchema = z.discriminatedUnion('item_kind', [
  z.object({ item_kind: z.literal('app'), item_id: z.uuid({ message: 'item_id must be a UUID' }) }),
  z.object({ item_kind: z.literal('bundle'), item_id: z.uuid({ message: 'item_id must be a UUID' }) }),
  z.object({ item_kind: z.literal('plan'), item_id: z.literal('pro', { message: 'The only plan to buy is pro' }) }),
]);
export type ItemRef = z.infer<typeof itemRefSchema>;

/** The item and its price, or null when there is no such item (or its price is unreadable). */
export async function loadItem(supabase: SupabaseClient, kind: ItemKind, id: string): Promise<SellableItem | null> {
  if (kind === 'plan') {
    const { data, error } = await supabase
    .from('Plan')
    .select('id, name, amount_cents, currency')
    .eq('id', id)
    .maybeSingle<{ id: string; name: string; amount_cents: number; currency: string }>();
    if (error) throw new Error(`Reading the plan failed: ${error.message}`);
    if (!data || data.id === 'free') return null;
    const price = priceSchema.safeParse({ kind: 'monthly', amount_cents: data.amount_cents, currency: data.currency });
    return price.success ? { kind, id, name: `Appforge ${data.name}`, ownerId: null, price: paid(price.data) } : null;
  }
  const table = kind === 'app' ? 'App' : 'Bundle';
  const { data, error } = await supabase
    .from(table)
    .select('id, name, owner_id, price')
    .eq('id', id)
    .maybeSingle<{ id: string; name: string; owner_id: string; price: unknown }>();
  if (error) throw new Error(`Reading the ${kind} failed: ${error.message}`);
  if (!data) return null;
  const price = priceSchema.safeParse(data.price);
  if (!price.success) return null;
  return { kind, id, name: data.name, ownerId: data.owner_id, price: paid(price.data) };
}
