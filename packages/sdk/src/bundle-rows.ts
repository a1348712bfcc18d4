// Bundles, access and plans as the SDK returns them, with the schemas that check what the backend
// sends (outside input like any other) and what a person types.
import { z } from 'zod';
import { appPriceSchema, appVisibilitySchema, DEFAULT_PRICE } from './app-rows';
import type { AppPrice, AppVisibility } from './app-rows';

const priceOrFree = z.preprocess((value) => (value === null || value === undefined ? { ...DEFAULT_PRICE } : value), appPriceSchema);

export const bundleNameSchema = z
  .string()
  .trim()
  .min(1, { message: 'Give the bundle a name.' })
  .max(120, { message: 'A bundle name has at most 120 characters.' });

export const bundlePatchSchema = z
  .object({
    name: bundleNameSchema,
    description: z.string().trim().max(2000, { message: 'The description has at most 2,000 characters.' }).nullable(),
    visibility: appVisibilitySchema,
    price: appPriceSchema,
  })
  .partial();
export type BundlePatch = z.infer<typeof bundlePatchSchema>;

export interface BundleSummary {
  id: string;
  name: string;
  description: string | null;
  visibility: AppVisibility;
  price: AppPrice;
  app_count: number;
  updated_at: string;
}

export interface BundleAppEntry {
  id: string;
  name: string;
  description: string | null;
  icon_path: string | null;
  deployed: boolean;
  price: AppPrice;
}

/** The owner's view of a bundle. */
export interface BundleDetail extends Omit<BundleSummary, 'app_count'> {
  owner_id: string;
  apps: BundleAppEntry[];
}

/** What the caller may do with an app or bundle: null means "see the price and Get access". */
export type Access = 'owner' | 'allowed' | 'purchase' | 'free' | null;

/** The public bundle page (no sign-in needed). */
export interface BundlePage {
  id: string;
  name: string;
  description: string | null;
  visibility: AppVisibility;
  price: AppPrice;
  is_owner: boolean;
  access: Access;
  apps: BundleAppEntry[];
}

export const accessSchema = z.enum(['owner', 'allowed', 'purchase', 'free']).nullable();

/** A paid bundle holding an app, offered on the app's own pages ("Get it with …"). */
export interface PaidBundleOffer {
  id: string;
  name: string;
  price: AppPrice;
}

export const paidBundleOffersSchema = z.array(z.object({ id: z.string(), name: z.string(), price: priceOrFree })) satisfies z.ZodType<PaidBundleOffer[], unknown>;

const bundleAppEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  icon_path: z.string().nullable(),
  deployed: z.boolean(),
  price: priceOrFree,
});

export const bundlePageSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  visibility: appVisibilitySchema,
  price: priceOrFree,
  is_owner: z.boolean(),
  access: accessSchema,
  apps: z.array(bundleAppEntrySchema),
}) satisfies z.ZodType<BundlePage>;

export const BUNDLE_COLUMNS = 'id, owner_id, name, description, visibility, price, updated_at';

export const bundleRowSchema = z.object({
  id: z.string(),
  owner_id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  visibility: appVisibilitySchema,
  price: priceOrFree,
  updated_at: z.string(),
});

export const bundleAppRowSchema = z.object({
  position: z.number(),
  App: z.object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    icon_path: z.string().nullable(),
    deployed_version_id: z.string().nullable(),
    price: priceOrFree,
  }),
});

export type AllowedItem = { kind: 'bundle' | 'app'; id: string };

export interface AllowedUserRow {
  id: string;
  entry: string;
  invited_at: string | null;
  created_at: string;
}

export const allowedUserRowSchema = z.object({
  id: z.string(),
  entry: z.string(),
  invited_at: z.string().nullable(),
  created_at: z.string(),
}) satisfies z.ZodType<AllowedUserRow>;

export interface AddAllowedUsersResult {
  added: string[];
  already_listed: string[];
  duplicates: string[];
  invalid: { line: number; value: string; reason: string }[];
  invited: number;
}

export const addAllowedUsersResultSchema = z.object({
  added: z.array(z.string()),
  already_listed: z.array(z.string()),
  duplicates: z.array(z.string()),
  invalid: z.array(z.object({ line: z.number(), value: z.string(), reason: z.string() })),
  invited: z.number(),
}) satisfies z.ZodType<AddAllowedUsersResult>;

export const MAX_ALLOWED_USERS_PER_ADD = 10_000;

// Plans, usage and purchases ---------------------------------------------------------------------

export const PLAN_LIMIT_KEYS = ['apps', 'runs', 'ai_tokens', 'database_rows', 'api_calls', 'custom_domains'] as const;
export type PlanLimitKey = (typeof PLAN_LIMIT_KEYS)[number];

export interface PlanInfo {
  id: 'free' | 'pro';
  name: string;
  amount_cents: number;
  currency: string;
  limits: Record<PlanLimitKey, number | null>;
}

export const planInfoSchema = z.object({
  id: z.enum(['free', 'pro']),
  name: z.string(),
  amount_cents: z.number(),
  currency: z.string(),
  limits: z.object(
    Object.fromEntries(PLAN_LIMIT_KEYS.map((key) => [key, z.number().nullable().default(null)])) as Record<
      PlanLimitKey,
      z.ZodDefault<z.ZodNullable<z.ZodNumber>>
    >,
  ),
}) satisfies z.ZodType<PlanInfo, unknown>;

export interface PurchaseRow {
  id: string;
  item_kind: 'app' | 'bundle' | 'plan';
  app_id: string | null;
  bundle_id: string | null;
  plan_id: string | null;
  provider: 'stripe' | 'test';
  mode: 'one_time' | 'monthly';
  amount_cents: number;
  currency: string;
  status: 'active' | 'past_due' | 'canceled' | 'refunded';
  cancel_at_period_end: boolean;
  period_start: string | null;
  period_end: string | null;
  created_at: string;
}

export const PURCHASE_COLUMNS =
  'id, item_kind, app_id, bundle_id, plan_id, provider, mode, amount_cents, currency, status, cancel_at_period_end, period_start, period_end, created_at';

export const purchaseRowSchema = z.object({
  id: z.string(),
  item_kind: z.enum(['app', 'bundle', 'plan']),
  app_id: z.string().nullable(),
  bundle_id: z.string().nullable(),
  plan_id: z.string().nullable(),
  provider: z.enum(['stripe', 'test']),
  mode: z.enum(['one_time', 'monthly']),
  amount_cents: z.coerce.number(),
  currency: z.string(),
  status: z.enum(['active', 'past_due', 'canceled', 'refunded']),
  cancel_at_period_end: z.boolean(),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  created_at: z.string(),
}) satisfies z.ZodType<PurchaseRow, unknown>;

/**
 * A sale of the seller's app or bundle whose paid amount or currency disagreed with the item's
 * price when the payment was recorded (issue 26): the buyer kept access, the seller may refund.
 */
export interface FlaggedSale extends PurchaseRow {
  /** The item's price then; null when it had no paid price any more. */
  expected_amount_cents: number | null;
  expected_currency: string | null;
}

export const FLAGGED_SALE_COLUMNS = `${PURCHASE_COLUMNS}, expected_amount_cents, expected_currency`;

export const flaggedSaleSchema = purchaseRowSchema.extend({
  expected_amount_cents: z.coerce.number().nullable(),
  expected_currency: z.string().nullable(),
}) satisfies z.ZodType<FlaggedSale, unknown>;

/**
 * A sale of the seller's app or bundle (newest first). The buyer is a number, in the order they
 * first bought from this seller: no product rule lets a seller see a buyer's name or e-mail.
 * The currency is upper case ("USD").
 */
export interface MySale extends PurchaseRow {
  buyer_number: number;
}

export const mySaleSchema = purchaseRowSchema.extend({
  buyer_number: z.coerce.number().int().positive(),
}) satisfies z.ZodType<MySale, unknown>;

/** Revenue in one currency from real (not test) sales: each sale at the price paid, less refunds. */
export interface SalesRevenue {
  currency: string;
  net_cents: number;
  last_30_days_cents: number;
  refunded_cents: number;
}

/** The seller's sales and the figures over all of them (all their items, or one bundle). */
export interface MySales {
  /** The latest sales, newest first, test sales included (their provider is `test`). */
  sales: MySale[];
  /** Real sales only, one entry per currency, sorted by currency. */
  revenue: SalesRevenue[];
  /** Real sales, refunded ones included. */
  sale_count: number;
  sales_last_30_days: number;
  refund_count: number;
  /** Test checkouts: no money moved, kept out of every other figure. */
  test_sale_count: number;
  /** Distinct buyers whose real purchase is active now. */
  active_buyers: number;
}

const count = z.coerce.number().int().nonnegative();

export const mySalesSchema = z.object({
  sales: z.array(mySaleSchema),
  revenue: z.array(
    z.object({ currency: z.string(), net_cents: z.coerce.number(), last_30_days_cents: z.coerce.number(), refunded_cents: z.coerce.number() }),
  ),
  sale_count: count,
  sales_last_30_days: count,
  refund_count: count,
  test_sale_count: count,
  active_buyers: count,
}) satisfies z.ZodType<MySales, unknown>;

/** Usage this month against the plan's limits (what was counted; null limit = unlimited). */
export interface PlanUsage {
  key: PlanLimitKey;
  used: number;
  limit: number | null;
}

export interface MyPlan {
  plan: 'free' | 'pro';
  renews_at: string | null;
  plans: PlanInfo[];
  usage: PlanUsage[];
  /** The person's purchases, newest first (receipts). */
  purchases: PurchaseRow[];
  /** Limits people hit on the person's apps this period ("told once"). */
  notices: { id: string; message: string; created_at: string }[];
}

export interface CheckoutStart {
  provider: 'stripe' | 'test';
  url: string;
}

export const checkoutStartSchema = z.object({ provider: z.enum(['stripe', 'test']), url: z.string().url() }) satisfies z.ZodType<CheckoutStart>;

export interface TestCheckoutSession {
  id: string;
  item_kind: 'app' | 'bundle' | 'plan';
  item_name: string;
  mode: 'one_time' | 'monthly';
  amount_cents: number;
  currency: string;
  status: 'open' | 'complete' | 'canceled' | 'expired';
  cancel_url: string;
}

export const testCheckoutSessionSchema = z.object({
  id: z.string(),
  item_kind: z.enum(['app', 'bundle', 'plan']),
  item_name: z.string(),
  mode: z.enum(['one_time', 'monthly']),
  amount_cents: z.coerce.number(),
  currency: z.string(),
  status: z.enum(['open', 'complete', 'canceled', 'expired']),
  cancel_url: z.string(),
}) satisfies z.ZodType<TestCheckoutSession, unknown>;

// Caps an owner sets ---------------------------------------------------------------------------

export interface UsageCapRow {
  id: string;
  scope: 'each_person' | 'everyone';
  period: 'day' | 'month';
  max_runs: number;
}

export const usageCapRowSchema = z.object({
  id: z.string(),
  scope: z.enum(['each_person', 'everyone']),
  period: z.enum(['day', 'month']),
  max_runs: z.number(),
}) satisfies z.ZodType<UsageCapRow>;

export const usageCapInputSchema = z.object({
  scope: z.enum(['each_person', 'everyone']),
  period: z.enum(['day', 'month']),
  max_runs: z
    .number({ message: 'Enter a whole number of runs.' })
    .int({ message: 'Enter a whole number of runs.' })
    .min(1, { message: 'A cap allows at least 1 run.' })
    .max(1_000_000, { message: 'A cap allows at most 1,000,000 runs.' }),
});
export type UsageCapInput = z.infer<typeof usageCapInputSchema>;

/** "Each person may run its apps 20 times a day" (a bundle) / "… may run it …" (an app). */
export function describeCap(cap: UsageCapInput, what: 'bundle' | 'app' = 'bundle'): string {
  const who = cap.scope === 'each_person' ? 'Each person' : 'Everyone together';
  const times = `${cap.max_runs.toLocaleString('en')} ${cap.max_runs === 1 ? 'time' : 'times'}`;
  return `${who} may run ${what === 'bundle' ? 'its apps' : 'it'} ${times} ${cap.period === 'day' ? 'a day' : 'a month'}`;
}

/** The number of runs an owner typed for a cap, or null unless it is a whole number from 1 to 1,000,000. */
export function parseCapRuns(text: string): number | null {
  const trimmed = text.trim();
  const runs = /^\d{1,7}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  return Number.isInteger(runs) && runs >= 1 && runs <= 1_000_000 ? runs : null;
}

/** The choices of a run-limit form, in the words describeCap uses. */
export const CAP_SCOPE_OPTIONS = [
  { value: 'each_person', label: 'Each person' },
  { value: 'everyone', label: 'Everyone together' },
];
export const CAP_PERIOD_OPTIONS = [
  { value: 'day', label: 'a day' },
  { value: 'month', label: 'a month' },
];
