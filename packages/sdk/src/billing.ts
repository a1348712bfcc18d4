// Access, checkout and the person's plan: what an app or bundle costs the caller, buying it, and
// /user-plan's plan, usage, receipts and notices.
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { invalidInput, requireUuid } from './app-rows';
import { invokeFunction, signedInUserId } from './request';
import {
  accessSchema,
  checkoutStartSchema,
  FLAGGED_SALE_COLUMNS,
  flaggedSaleSchema,
  mySalesSchema,
  paidBundleOffersSchema,
  PLAN_LIMIT_KEYS,
  planInfoSchema,
  PURCHASE_COLUMNS,
  purchaseRowSchema,
  testCheckoutSessionSchema,
} from './bundle-rows';
import type { PlanLimitKey } from './bundle-rows';
import type { Database } from './database.types';
import { fromPostgrest } from './errors';
import { parseResponse } from './rows';
import type { BillingApi } from './types';

/** Counters that are per month and kept by the server (the rest are counted from the tables: apps, custom domains, database rows). */
const METERED: Partial<Record<PlanLimitKey, string>> = { runs: 'runs', ai_tokens: 'ai_tokens', api_calls: 'api_calls' };

function monthStart(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString().slice(0, 10);
}

export function createBillingApi(supabase: SupabaseClient<Database>): BillingApi {
  async function countApps(ownerId: string): Promise<number> {
    const { count: total, error, status } = await supabase.from('App').select('*', { count: 'exact', head: true }).eq('owner_id', ownerId);
    if (error) throw fromPostgrest(error, status);
    return total ?? 0;
  }

  // A domain's owner column is the server's (issue 26): the database counts the caller's own.
  async function countDomains(): Promise<number> {
    const { data, error, status } = await supabase.rpc('my_custom_domain_count');
    if (error) throw fromPostgrest(error, status);
    return parseResponse(z.coerce.number().int().nonnegative(), data, 'your domains');
  }

  return {
    async access(kind, id) {
      requireUuid(id, kind === 'app' ? 'The app' : 'The bundle');
      const { data, error, status } = await supabase.rpc('my_access', { item_kind: kind, item_id: id });
      if (error) throw fromPostgrest(error, status);
      return parseResponse(accessSchema, data, 'your access');
    },

    async paidBundlesOf(appId) {
      requireUuid(appId, 'The app');
      const { data, error, status } = await supabase.rpc('app_paid_bundles', { app_id: appId });
      if (error) throw fromPostgrest(error, status);
      return parseResponse(paidBundleOffersSchema, data, 'the bundles holding the app');
    },

    async checkout(input) {
      const result = await invokeFunction(supabase, 'checkout', { ...input });
      return parseResponse(checkoutStartSchema, result, 'the checkout');
    },

    async testCheckout(sessionId) {
      requireUuid(sessionId, 'The checkout');
      const result = await invokeFunction(supabase, 'test-checkout', { session_id: sessionId, action: 'view' });
      return parseResponse(testCheckoutSessionSchema, result, 'the test checkout');
    },

    async finishTestCheckout(sessionId, action) {
      requireUuid(sessionId, 'The checkout');
      const result = await invokeFunction(supabase, 'test-checkout', { session_id: sessionId, action });
      return parseResponse(z.object({ redirect_url: z.string() }), result, 'the test checkout').redirect_url;
    },

    async managePurchase(purchaseId, action) {
      requireUuid(purchaseId, 'The purchase');
      const result = await invokeFunction(supabase, 'billing', { purchase_id: purchaseId, action });
      return parseResponse(z.object({ url: z.string().optional(), cancel_at_period_end: z.boolean().optional() }), result, 'the purchase');
    },

    async flaggedSales() {
      const userId = await signedInUserId(supabase);
      // RLS shows a person their own purchases and the purchases of their items: leaving out
      // their own purchases leaves their sales.
      const { data, error, status } = await supabase
        .from('Purchase')
        .select(FLAGGED_SALE_COLUMNS)
        .eq('price_mismatch', true)
        .neq('buyer_id', userId)
        .order('created_at', { ascending: false })
        .limit(200);
      if (error) throw fromPostgrest(error, status);
      return parseResponse(z.array(flaggedSaleSchema), data, 'your flagged sales');
    },

    async mySales(options = {}) {
      const input: { for_bundle?: string; max_rows?: number } = {};
      if (options.bundleId !== undefined) input.for_bundle = requireUuid(options.bundleId, 'The bundle');
      if (options.limit !== undefined) {
        if (!Number.isInteger(options.limit) || options.limit < 1 || options.limit > 200) {
          throw invalidInput('Ask for between 1 and 200 sales.', { limit: options.limit });
        }
        input.max_rows = options.limit;
      }
      // Signed out, the call would answer an empty list: say so instead.
      await signedInUserId(supabase);
      const { data, error, status } = await supabase.rpc('my_sales', input);
      if (error) throw fromPostgrest(error, status);
      return parseResponse(mySalesSchema, data, 'your sales');
    },

    async myPlan() {
      const userId = await signedInUserId(supabase);
      const [me, plans, counters, purchases, notices, apps, domains, rows] = await Promise.all([
        supabase.from('User').select('plan, plan_renews_at').eq('id', userId).maybeSingle(),
        supabase.from('Plan').select('id, name, amount_cents, currency, limits').order('position'),
        supabase.from('UsageCounter').select('metric, used').eq('owner_id', userId).eq('scope_key', 'owner').eq('period', 'month').eq('period_start', monthStart()),
        supabase.from('Purchase').select(PURCHASE_COLUMNS).eq('buyer_id', userId).order('created_at', { ascending: false }),
        supabase.from('CapNotice').select('id, message, created_at').eq('owner_id', userId).gte('period_start', monthStart()).order('created_at', { ascending: false }),
        countApps(userId),
        countDomains(),
        supabase.rpc('my_database_rows'),
      ]);
      for (const answer of [me, plans, counters, purchases, notices, rows]) if (answer.error) throw fromPostgrest(answer.error, answer.status);
      const databaseRows = parseResponse(z.coerce.number().int().nonnegative(), rows.data, 'your database rows');
      const planList = parseResponse(z.array(planInfoSchema), plans.data, 'the plans');
      const plan = me.data?.plan === 'pro' ? 'pro' : 'free';
      const limits = planList.find((entry) => entry.id === plan)?.limits;
      const used = new Map((parseResponse(z.array(z.object({ metric: z.string(), used: z.coerce.number() })), counters.data, 'your usage')).map((row) => [row.metric, row.used]));
      return {
        plan,
        renews_at: me.data?.plan_renews_at ?? null,
        plans: planList,
        usage: PLAN_LIMIT_KEYS.map((key) => {
          const metric = METERED[key];
          const counted: Partial<Record<PlanLimitKey, number>> = { apps, custom_domains: domains, database_rows: databaseRows };
          const value = metric ? (used.get(metric) ?? 0) : (counted[key] ?? null);
          return value === null ? null : { key, used: value, limit: limits?.[key] ?? null };
        }).filter((entry) => entry !== null),
        purchases: parseResponse(z.array(purchaseRowSchema), purchases.data, 'your purchases'),
        notices: parseResponse(z.array(z.object({ id: z.string(), message: z.string(), created_at: z.string() })), notices.data, 'your notices'),
      };
    },
  };
}
