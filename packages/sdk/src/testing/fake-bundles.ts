/* eslint-disable @typescript-eslint/require-await -- the in-memory methods are async like the real
   ones so that a throw arrives as a rejected promise, exactly as callers will see it. */
// The in-memory bundles, access, checkout and plan of the fake client, with the rules a person
// would notice: only the owner sees and edits a bundle; a paid bundle's apps need a purchase, a
// listing or ownership; the test checkout turns into a purchase; usage shows against the plan.
import { invalidInput, UUID_PATTERN } from '../app-rows';
import type { AppDetail } from '../app-rows';
import { bundleNameSchema, bundlePatchSchema, MAX_ALLOWED_USERS_PER_ADD, usageCapInputSchema } from '../bundle-rows';
import type {
  Access,
  AllowedUserRow,
  BundleDetail,
  MyPlan,
  MySales,
  PlanInfo,
  PlanUsage,
  PurchaseRow,
  TestCheckoutSession,
  UsageCapRow,
} from '../bundle-rows';
import { AppforgeError } from '../errors';
import type { BillingApi, BundlesApi, Session } from '../types';

export interface FakeBundlesData {
  session: Session | null;
  apps: Record<string, AppDetail>;
  /** Every bundle by id, whoever owns it (see makeBundle). */
  bundles: Record<string, BundleDetail>;
  /** Allowed people by bundle or app id. */
  allowedUsers: Record<string, AllowedUserRow[]>;
  /** Everyone's purchases, with the buyer's id (and, for flagged sales, the price they disagreed with). */
  purchases: (PurchaseRow & { buyer_id: string; price_mismatch?: boolean; expected_amount_cents?: number | null; expected_currency?: string | null })[];
  /** Open test checkouts by id. */
  testCheckouts: Record<string, TestCheckoutSession & { buyer_id: string; item_id: string; success_url: string }>;
  /** What /checkout answers: the test checkout (default), Stripe, or "cannot be bought yet". */
  checkoutMode: 'test' | 'stripe' | 'off';
  plan: 'free' | 'pro';
  plans: PlanInfo[];
  usage: PlanUsage[];
  notices: MyPlan['notices'];
  /** Caps by bundle or app id. */
  caps: Record<string, UsageCapRow[]>;
}

const FREE_LIMITS = { apps: 5, runs: 500, ai_tokens: 200000, database_rows: 100000, api_calls: 1000, custom_domains: 0 };
export const FAKE_PLANS: PlanInfo[] = [
  { id: 'free', name: 'Free', amount_cents: 0, currency: 'USD', limits: FREE_LIMITS },
  { id: 'pro', name: 'Pro', amount_cents: 1900, currency: 'USD', limits: { apps: 100, runs: 20000, ai_tokens: 5000000, database_rows: 2000000, api_calls: 50000, custom_domains: 5 } },
];

function err(code: string, message: string, status: number): AppforgeError {
  return new AppforgeError({ code, message, status });
}
const bundleNotFound = (): AppforgeError => err('not_found', 'This bundle was not found.', 404);

export function createFakeBundles(data: FakeBundlesData): { bundles: Omit<BundlesApi, 'getName' | 'getSignInIcon'>; billing: BillingApi } {
  const now = (): string => new Date().toISOString();
  const userId = (): string => {
    const id = data.session?.user.id;
    if (id === undefined) throw err('not_authenticated', 'Sign in first.', 401);
    return id;
  };
  const own = (bundleId: string): BundleDetail => {
    const bundle = UUID_PATTERN.test(bundleId) ? data.bundles[bundleId] : undefined;
    if (!bundle || bundle.owner_id !== data.session?.user.id) throw bundleNotFound();
    return bundle;
  };
  const copy = (bundle: BundleDetail): BundleDetail => structuredClone(bundle);
  /** Someone else's bundle or app looks like none at all (as the server answers). */
  const ownItem = (item: { kind: 'bundle' | 'app'; id: string }): void => {
    if (item.kind === 'bundle') {
      own(item.id);
      return;
    }
    const app = UUID_PATTERN.test(item.id) ? data.apps[item.id] : undefined;
    if (!app || app.owner_id !== data.session?.user.id) throw err('app_not_found', 'There is no such app of yours', 404);
  };
  const email = (): string => data.session?.user.email?.toLowerCase() ?? '';
  const listed = (itemId: string): boolean =>
    (data.allowedUsers[itemId] ?? []).some((row) => row.entry === email() || row.entry === `@${email().split('@')[1] ?? ''}`);
  const bought = (kind: 'app' | 'bundle', id: string): boolean =>
    data.purchases.some(
      (p) => p.buyer_id === data.session?.user.id && p.status === 'active' && (kind === 'app' ? p.app_id === id : p.bundle_id === id) && (p.period_end === null || p.period_end > now()),
    );

  function bundleAccess(bundle: BundleDetail): Access {
    if (!data.session) return bundle.price.kind === 'free' && bundle.visibility !== 'allowed_users' ? 'free' : null;
    if (bundle.owner_id === data.session.user.id) return 'owner';
    if (listed(bundle.id)) return 'allowed';
    if (bought('bundle', bundle.id)) return 'purchase';
    return bundle.price.kind === 'free' && bundle.visibility !== 'allowed_users' ? 'free' : null;
  }

  const bundles: Omit<BundlesApi, 'getName' | 'getSignInIcon'> = {
    async listMine() {
      const owner = userId();
      return Object.values(data.bundles)
        .filter((bundle) => bundle.owner_id === owner)
        .sort((a, b) => b.updated_at.localeCompare(a.updated_at))
        .map(({ apps, owner_id: _owner, ...rest }) => ({ ...structuredClone(rest), app_count: apps.length }));
    },
    async get(bundleId) {
      return copy(own(bundleId));
    },
    async page(bundleId) {
      const bundle = UUID_PATTERN.test(bundleId) ? data.bundles[bundleId] : undefined;
      if (!bundle) throw bundleNotFound();
      const isOwner = bundle.owner_id === data.session?.user.id;
      const access = bundleAccess(bundle);
      if (!isOwner && ((bundle.visibility === 'signed_in' && !data.session) || (bundle.visibility === 'allowed_users' && access === null))) throw bundleNotFound();
      const { owner_id: _owner, updated_at: _updated, ...rest } = copy(bundle);
      return { ...rest, apps: rest.apps.filter((app) => app.deployed || isOwner), is_owner: isOwner, access };
    },
    async create(input) {
      const owner = userId();
      const name = bundleNameSchema.safeParse(input.name);
      if (!name.success) throw invalidInput(name.error.issues[0]?.message ?? 'The name is not valid.');
      const bundle: BundleDetail = {
        id: crypto.randomUUID(),
        owner_id: owner,
        name: name.data,
        description: input.description?.trim() || null,
        visibility: 'public',
        price: { kind: 'free', amount_cents: 0, currency: 'USD' },
        updated_at: now(),
        apps: [],
      };
      data.bundles[bundle.id] = bundle;
      return copy(bundle);
    },
    async update(bundleId, patch) {
      const bundle = own(bundleId);
      const parsed = bundlePatchSchema.safeParse(patch);
      if (!parsed.success) throw invalidInput(parsed.error.issues[0]?.message ?? 'The input is not valid.');
      Object.assign(bundle, parsed.data, { updated_at: now() });
      return copy(bundle);
    },
    async remove(bundleId) {
      own(bundleId);
      delete data.bundles[bundleId];
    },
    async setApps(bundleId, appIds) {
      const bundle = own(bundleId);
      if (new Set(appIds).size !== appIds.length) throw invalidInput('An app is in the bundle only once.');
      bundle.apps = appIds.map((appId) => {
        const app = data.apps[appId];
        if (!app || app.owner_id !== bundle.owner_id) throw err('forbidden', 'Only your own apps can go into your bundles.', 403);
        return { id: app.id, name: app.name, description: app.description, icon_path: app.icon_path, deployed: app.deployed_version_id !== null, price: app.price };
      });
      bundle.updated_at = now();
      return copy(bundle);
    },
    async allowedUsers(item) {
      ownItem(item);
      return structuredClone(data.allowedUsers[item.id] ?? []).sort((a, b) => a.entry.localeCompare(b.entry));
    },
    async addAllowedUsers(item, entries) {
      ownItem(item);
      if (entries.length === 0) throw invalidInput('Add at least one address.');
      if (entries.length > MAX_ALLOWED_USERS_PER_ADD) throw invalidInput('Add at most 10,000 addresses at once.');
      const list = (data.allowedUsers[item.id] ??= []);
      const result = { added: [] as string[], already_listed: [] as string[], duplicates: [] as string[], invalid: [] as { line: number; value: string; reason: string }[], invited: 0 };
      const seen = new Set<string>();
      entries.forEach((raw, index) => {
        const entry = raw.trim().toLowerCase();
        if (!/^([^@\s]+)?@[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(entry)) result.invalid.push({ line: index + 1, value: raw, reason: 'not an e-mail address or @domain' });
        else if (seen.has(entry)) result.duplicates.push(entry);
        else if (list.some((row) => row.entry === entry)) {
          seen.add(entry);
          result.already_listed.push(entry);
        } else {
          seen.add(entry);
          const invited = !entry.startsWith('@');
          list.push({ id: crypto.randomUUID(), entry, invited_at: invited ? now() : null, created_at: now() });
          result.added.push(entry);
          if (invited) result.invited += 1;
        }
      });
      return result;
    },
    async caps(item) {
      ownItem(item);
      return structuredClone(data.caps[item.id] ?? []);
    },
    async setCap(item, cap) {
      ownItem(item);
      const parsed = usageCapInputSchema.safeParse(cap);
      if (!parsed.success) throw invalidInput(parsed.error.issues[0]?.message ?? 'The cap is not valid.');
      const list = (data.caps[item.id] ??= []);
      const existing = list.find((row) => row.scope === parsed.data.scope && row.period === parsed.data.period);
      if (existing) existing.max_runs = parsed.data.max_runs;
      else list.push({ id: crypto.randomUUID(), ...parsed.data });
      return structuredClone(existing ?? list[list.length - 1] ?? { id: '', ...parsed.data });
    },
    async removeCap(id) {
      for (const list of Object.values(data.caps)) {
        const index = list.findIndex((row) => row.id === id);
        if (index >= 0) list.splice(index, 1);
      }
    },
    async removeAllowedUser(id) {
      for (const list of Object.values(data.allowedUsers)) {
        const index = list.findIndex((row) => row.id === id);
        if (index >= 0) list.splice(index, 1);
      }
    },
  };

  const billing: BillingApi = {
    async access(kind, id) {
      if (kind === 'bundle') {
        const bundle = data.bundles[id];
        return bundle ? bundleAccess(bundle) : null;
      }
      const app = data.apps[id];
      if (!app) return null;
      const holders = Object.values(data.bundles).filter((bundle) => bundle.apps.some((entry) => entry.id === id));
      if (app.owner_id === data.session?.user.id) return 'owner';
      if (data.session && (listed(id) || holders.some((bundle) => listed(bundle.id)))) return 'allowed';
      if (data.session && (bought('app', id) || holders.some((bundle) => bought('bundle', bundle.id)))) return 'purchase';
      return app.price.kind === 'free' && holders.every((bundle) => bundle.price.kind === 'free') ? 'free' : null;
    },
    async paidBundlesOf(appId) {
      const app = UUID_PATTERN.test(appId) ? data.apps[appId] : undefined;
      if (!app?.deployed_version_id) return [];
      return Object.values(data.bundles)
        .filter(
          (bundle) =>
            bundle.price.kind !== 'free' &&
            bundle.apps.some((entry) => entry.id === appId) &&
            (bundle.visibility === 'public' || bundle.visibility === 'unlisted' || (bundle.visibility === 'signed_in' && data.session !== null) || bundle.owner_id === data.session?.user.id),
        )
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((bundle) => ({ id: bundle.id, name: bundle.name, price: structuredClone(bundle.price) }));
    },
    async checkout(input) {
      const buyer = userId();
      if (data.checkoutMode === 'off') throw err('payments_unavailable', 'This cannot be bought yet: payments are not set up on this server', 503);
      const bundle = input.item_kind === 'bundle' ? data.bundles[input.item_id] : undefined;
      const app = input.item_kind === 'app' ? data.apps[input.item_id] : undefined;
      const price = input.item_kind === 'plan' ? { kind: 'monthly' as const, amount_cents: 1900, currency: 'USD' as const } : (bundle ?? app)?.price;
      if (!price) throw err('item_not_found', 'There is no such item', 404);
      if (price.kind === 'free') throw err('nothing_to_pay', 'This is free', 409);
      if (data.checkoutMode === 'stripe') return { provider: 'stripe', url: 'https://checkout.stripe.com/c/pay/cs_test_fake' };
      const id = crypto.randomUUID();
      data.testCheckouts[id] = {
        id,
        item_kind: input.item_kind,
        item_id: input.item_id,
        item_name: input.item_kind === 'plan' ? 'Appforge Pro' : ((bundle ?? app)?.name ?? ''),
        mode: price.kind,
        amount_cents: price.amount_cents,
        currency: price.currency,
        status: 'open',
        buyer_id: buyer,
        cancel_url: `${globalThis.location?.origin ?? 'http://localhost:5173'}${input.return_path}?checkout=canceled`,
        success_url: `${globalThis.location?.origin ?? 'http://localhost:5173'}${input.return_path}?checkout=success`,
      };
      return { provider: 'test', url: `${globalThis.location?.origin ?? 'http://localhost:5173'}/test-checkout/${id}` };
    },
    async testCheckout(sessionId) {
      const session = data.testCheckouts[sessionId];
      if (!session || session.buyer_id !== data.session?.user.id) throw err('checkout_not_found', 'There is no such checkout', 404);
      const { buyer_id: _buyer, item_id: _item, success_url: _success, ...view } = session;
      return { ...view };
    },
    async finishTestCheckout(sessionId, action) {
      const session = data.testCheckouts[sessionId];
      if (!session || session.buyer_id !== data.session?.user.id) throw err('checkout_not_found', 'There is no such checkout', 404);
      if (session.status !== 'open') throw err('checkout_closed', 'This checkout is closed; start again from the page you came from', 409);
      if (action === 'cancel') {
        session.status = 'canceled';
        return session.cancel_url;
      }
      session.status = 'complete';
      data.purchases.unshift({
        id: crypto.randomUUID(),
        buyer_id: session.buyer_id,
        item_kind: session.item_kind,
        app_id: session.item_kind === 'app' ? session.item_id : null,
        bundle_id: session.item_kind === 'bundle' ? session.item_id : null,
        plan_id: session.item_kind === 'plan' ? 'pro' : null,
        provider: 'test',
        mode: session.mode,
        amount_cents: session.amount_cents,
        currency: session.currency,
        status: 'active',
        cancel_at_period_end: false,
        period_start: now(),
        period_end: session.mode === 'monthly' ? new Date(Date.now() + 30 * 86_400_000).toISOString() : null,
        created_at: now(),
      });
      if (session.item_kind === 'plan') data.plan = 'pro';
      return session.success_url;
    },
    async managePurchase(purchaseId, action) {
      const purchase = data.purchases.find((p) => p.id === purchaseId && p.buyer_id === data.session?.user.id);
      if (!purchase) throw err('purchase_not_found', 'There is no such purchase of yours', 404);
      if (action === 'portal') {
        if (purchase.provider !== 'stripe') throw err('no_portal', 'Test purchases have no billing portal: their receipts are on your Plan page', 409);
        return { url: 'https://billing.stripe.com/p/session/test_fake' };
      }
      if (purchase.mode !== 'monthly') throw err('not_a_subscription', 'A one-time purchase has nothing to cancel', 409);
      purchase.cancel_at_period_end = true;
      return { cancel_at_period_end: true };
    },
    async flaggedSales() {
      const seller = userId();
      const owns = (p: PurchaseRow): boolean =>
        (p.app_id !== null && data.apps[p.app_id]?.owner_id === seller) || (p.bundle_id !== null && data.bundles[p.bundle_id]?.owner_id === seller);
      return data.purchases
        .filter((p) => p.price_mismatch === true && p.buyer_id !== seller && owns(p))
        .map(({ buyer_id: _buyer, price_mismatch: _flag, ...row }) => ({ expected_amount_cents: null, expected_currency: null, ...row }));
    },
    async mySales(options = {}) {
      const seller = userId();
      if (options.bundleId !== undefined && !UUID_PATTERN.test(options.bundleId)) throw invalidInput('The bundle is not a valid id.', { value: options.bundleId });
      const owns = (p: PurchaseRow): boolean =>
        (p.app_id !== null && data.apps[p.app_id]?.owner_id === seller) || (p.bundle_id !== null && data.bundles[p.bundle_id]?.owner_id === seller);
      const mine = data.purchases.filter((p) => p.buyer_id !== seller && p.item_kind !== 'plan' && owns(p));
      const firsts = new Map<string, string>();
      for (const p of mine) if (!firsts.has(p.buyer_id) || (firsts.get(p.buyer_id) ?? '') > p.created_at) firsts.set(p.buyer_id, p.created_at);
      const order = [...firsts].sort(([a, at], [b, bt]) => at.localeCompare(bt) || a.localeCompare(b)).map(([buyer]) => buyer);
      const sales = mine
        .filter((p) => options.bundleId === undefined || p.bundle_id === options.bundleId)
        .sort((a, b) => b.created_at.localeCompare(a.created_at));
      const live = sales.filter((p) => p.provider !== 'test');
      const recent = (p: PurchaseRow) => Date.now() - Date.parse(p.created_at) <= 30 * 24 * 3600 * 1000;
      const revenue = new Map<string, MySales['revenue'][number]>();
      for (const p of live) {
        const currency = p.currency.toUpperCase();
        const entry = revenue.get(currency) ?? { currency, net_cents: 0, last_30_days_cents: 0, refunded_cents: 0 };
        if (p.status === 'refunded') entry.refunded_cents += p.amount_cents;
        else {
          entry.net_cents += p.amount_cents;
          if (recent(p)) entry.last_30_days_cents += p.amount_cents;
        }
        revenue.set(currency, entry);
      }
      return {
        sales: sales.slice(0, options.limit ?? 50).map(({ buyer_id, price_mismatch: _flag, expected_amount_cents: _amount, expected_currency: _currency, ...row }) => ({
          ...row,
          currency: row.currency.toUpperCase(),
          buyer_number: order.indexOf(buyer_id) + 1,
        })),
        revenue: [...revenue.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
        sale_count: live.length,
        sales_last_30_days: live.filter(recent).length,
        refund_count: live.filter((p) => p.status === 'refunded').length,
        test_sale_count: sales.length - live.length,
        active_buyers: new Set(live.filter((p) => p.status === 'active').map((p) => p.buyer_id)).size,
      };
    },
    async myPlan() {
      const buyer = userId();
      return {
        plan: data.plan,
        renews_at: data.purchases.find((p) => p.buyer_id === buyer && p.item_kind === 'plan' && p.status === 'active')?.period_end ?? null,
        plans: structuredClone(data.plans),
        usage: structuredClone(data.usage),
        purchases: data.purchases.filter((p) => p.buyer_id === buyer).map(({ buyer_id: _buyer, ...row }) => ({ ...row })),
        notices: structuredClone(data.notices),
      };
    },
  };
  return { bundles, billing };
}
