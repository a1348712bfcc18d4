// The SDK's bundles and billing APIs against the real embedded backend (real supabase-js, PGlite):
// an owner builds a paid bundle; a visitor sees its page; a buyer pays on the test checkout and
// gets access; an allowed person gets in free; the owner's caps and plan usage read back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend } from './backend';
import type { SdkTestBackend } from './backend';
import { deployTestVersion } from './helpers';

describe('bundles and billing through the SDK', () => {
  let backend: SdkTestBackend;
  beforeAll(async () => {
    backend = await startBackend();
  });
  afterAll(() => backend.stop());

  it('owner builds a paid bundle, a buyer pays on the test checkout, an allowed person gets in free', async () => {
    const owner = await backend.signedInUser('owner');
    const apps = [];
    for (const name of ['Essay tutor', 'Quiz maker']) {
      const id = crypto.randomUUID();
      const { error } = await backend.admin.from('App').insert({ id, owner_id: owner.id, name });
      if (error) throw new Error(error.message);
      await deployTestVersion(backend.admin, id);
      apps.push(id);
    }
    const created = await owner.client.bundles.create({ name: '  Study kit ' });
    expect(created).toMatchObject({ name: 'Study kit', apps: [], price: { kind: 'free' } });
    await expect(owner.client.bundles.create({ name: '' })).rejects.toMatchObject({ code: 'invalid_input' });
    const withApps = await owner.client.bundles.setApps(created.id, [apps[1] ?? '', apps[0] ?? '']);
    expect(withApps.apps.map((app) => app.name)).toEqual(['Quiz maker', 'Essay tutor']);
    await expect(owner.client.bundles.update(created.id, { price: { kind: 'monthly', amount_cents: -1, currency: 'EUR' } })).rejects.toMatchObject({ code: 'invalid_input' });
    await owner.client.bundles.update(created.id, { price: { kind: 'monthly', amount_cents: 900, currency: 'EUR' } });
    expect((await owner.client.bundles.listMine()).map((row) => [row.name, row.app_count])).toEqual([['Study kit', 2]]);
    expect(await owner.client.bundles.setCap({ kind: 'bundle', id: created.id }, { scope: 'each_person', period: 'day', max_runs: 20 })).toMatchObject({ max_runs: 20 });
    expect(await owner.client.bundles.setCap({ kind: 'bundle', id: created.id }, { scope: 'each_person', period: 'day', max_runs: 5 })).toMatchObject({ max_runs: 5 });
    expect(await owner.client.bundles.caps({ kind: 'bundle', id: created.id })).toHaveLength(1);

    // A visitor: the page, the price, no access; the owner's list is not theirs to read.
    const visitor = backend.client();
    expect(await visitor.bundles.page(created.id)).toMatchObject({ name: 'Study kit', access: null, is_owner: false, price: { kind: 'monthly', amount_cents: 900 } });
    const stranger = await backend.signedInUser('stranger');
    await expect(stranger.client.bundles.get(created.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(stranger.client.bundles.setApps(created.id, [])).rejects.toMatchObject({ code: 'not_found' });
    expect(await stranger.client.bundles.caps({ kind: 'bundle', id: created.id })).toEqual([]);

    // A buyer pays on the test checkout.
    const buyer = await backend.signedInUser('buyer');
    const started = await buyer.client.billing.checkout({ item_kind: 'bundle', item_id: created.id, return_path: `/bundle/${created.id}` });
    expect(started.provider).toBe('test');
    const sessionId = started.url.split('/').at(-1) ?? '';
    expect(await buyer.client.billing.testCheckout(sessionId)).toMatchObject({ item_name: 'Study kit', amount_cents: 900, currency: 'EUR', status: 'open' });
    await expect(stranger.client.billing.finishTestCheckout(sessionId, 'complete')).rejects.toMatchObject({ status: 404 });
    expect(await buyer.client.billing.finishTestCheckout(sessionId, 'complete')).toBe(`http://localhost:5173/bundle/${created.id}?checkout=success`);
    expect(await buyer.client.billing.access('app', apps[0] ?? '')).toBe('purchase');
    expect((await buyer.client.bundles.page(created.id)).access).toBe('purchase');
    const plan = await buyer.client.billing.myPlan();
    expect(plan.purchases).toMatchObject([{ item_kind: 'bundle', provider: 'test', status: 'active', amount_cents: 900 }]);
    expect(await buyer.client.billing.managePurchase(plan.purchases[0]?.id ?? '', 'cancel')).toEqual({ cancel_at_period_end: true });

    // An allowed person (by domain) gets in without paying; the invitation goes to listed addresses.
    const result = await owner.client.bundles.addAllowedUsers({ kind: 'bundle', id: created.id }, [stranger.email, stranger.email.toUpperCase(), 'nope', '@elsewhere.example']);
    expect(result).toMatchObject({ added: [stranger.email, '@elsewhere.example'], duplicates: [stranger.email], invalid: [{ line: 3, value: 'nope' }], invited: 1 });
    expect(backend.mailbox.search(`to:${stranger.email} tag:invitation`)).toHaveLength(1);
    expect(await stranger.client.billing.access('bundle', created.id)).toBe('allowed');
    await expect(stranger.client.bundles.addAllowedUsers({ kind: 'bundle', id: created.id }, ['x@example.org'])).rejects.toMatchObject({ status: 404 });
    const listed = await owner.client.bundles.allowedUsers({ kind: 'bundle', id: created.id });
    expect(listed.map((row) => row.entry)).toEqual(['@elsewhere.example', stranger.email].sort());

    // The owner's plan page reads their usage against the Free plan's limits.
    const ownerPlan = await owner.client.billing.myPlan();
    expect(ownerPlan.plan).toBe('free');
    expect(ownerPlan.usage.find((usage) => usage.key === 'apps')).toEqual({ key: 'apps', used: 2, limit: 5 });
    expect(ownerPlan.usage.find((usage) => usage.key === 'runs')).toEqual({ key: 'runs', used: 0, limit: 500 });
  });
  it('a sale paid at another price than the bundle’s is flagged to its seller, and only to them', async () => {
    const seller = await backend.signedInUser('seller');
    const bundle = await seller.client.bundles.create({ name: 'Exam pack' });
    await seller.client.bundles.update(bundle.id, { price: { kind: 'one_time', amount_cents: 900, currency: 'EUR' } });
    const buyer = await backend.signedInUser('buyer');
    const started = await buyer.client.billing.checkout({ item_kind: 'bundle', item_id: bundle.id, return_path: `/bundle/${bundle.id}` });
    // The seller raises the price while the buyer is on the checkout page quoting 9.00.
    await seller.client.bundles.update(bundle.id, { price: { kind: 'one_time', amount_cents: 1200, currency: 'EUR' } });
    await buyer.client.billing.finishTestCheckout(started.url.split('/').at(-1) ?? '', 'complete');
    expect(await buyer.client.billing.access('bundle', bundle.id)).toBe('purchase');

    expect(await seller.client.billing.flaggedSales()).toMatchObject([
      { bundle_id: bundle.id, amount_cents: 900, currency: 'EUR', expected_amount_cents: 1200, expected_currency: 'EUR', status: 'active' },
    ]);
    // The buyer's own purchase is not a sale of theirs; a stranger sees nothing; signed out is refused.
    expect(await buyer.client.billing.flaggedSales()).toEqual([]);
    const stranger = await backend.signedInUser('stranger');
    expect(await stranger.client.billing.flaggedSales()).toEqual([]);
    await expect(backend.client().billing.flaggedSales()).rejects.toMatchObject({ status: 401 });
  });

  it('offers the paid bundles holding an app to those who may open and buy them, never invite-only ones', async () => {
    const owner = await backend.signedInUser('seller');
    const appId = crypto.randomUUID();
    const hidden = crypto.randomUUID();
    for (const id of [appId, hidden]) {
      const { error } = await backend.admin.from('App').insert({ id, owner_id: owner.id, name: 'Flash cards' });
      if (error) throw new Error(error.message);
    }
    await deployTestVersion(backend.admin, appId);
    const paid = { kind: 'monthly' as const, amount_cents: 500, currency: 'USD' as const };
    const made: Record<string, string> = {};
    for (const [name, visibility, price] of [
      ['A public', 'public', paid],
      ['B unlisted', 'unlisted', paid],
      ['C signed in', 'signed_in', paid],
      ['D invite only', 'allowed_users', paid],
      ['E free', 'public', { kind: 'free' as const, amount_cents: 0, currency: 'USD' as const }],
    ] as const) {
      const bundle = await owner.client.bundles.create({ name });
      await owner.client.bundles.update(bundle.id, { visibility, price });
      await owner.client.bundles.setApps(bundle.id, [appId, hidden]);
      made[name] = bundle.id;
    }
    const names = (offers: { name: string }[]) => offers.map((offer) => offer.name);
    const visitor = backend.client();
    expect(names(await visitor.billing.paidBundlesOf(appId))).toEqual(['A public', 'B unlisted']);
    expect((await visitor.billing.paidBundlesOf(appId))[0]).toEqual({ id: made['A public'], name: 'A public', price: paid });
    expect(await visitor.billing.access('app', appId)).toBeNull();
    const stranger = await backend.signedInUser('window-shopper');
    expect(names(await stranger.client.billing.paidBundlesOf(appId))).toEqual(['A public', 'B unlisted', 'C signed in']);
    expect(names(await owner.client.billing.paidBundlesOf(appId))).toEqual(['A public', 'B unlisted', 'C signed in', 'D invite only']);
    // An app that is not deployed offers nothing; a malformed id is refused before any request.
    expect(await stranger.client.billing.paidBundlesOf(hidden)).toEqual([]);
    await expect(stranger.client.billing.paidBundlesOf('nope')).rejects.toMatchObject({ code: 'invalid_input' });
  });
  it('an owner caps an app and lists people on the app itself; nobody else reads or changes either', async () => {
    const owner = await backend.signedInUser('app-seller');
    const appId = crypto.randomUUID();
    const { error } = await backend.admin.from('App').insert({ id: appId, owner_id: owner.id, name: 'Paid quiz', price: { kind: 'one_time', amount_cents: 300, currency: 'USD' } });
    if (error) throw new Error(error.message);
    await deployTestVersion(backend.admin, appId);
    const item = { kind: 'app' as const, id: appId };
    expect(await owner.client.bundles.setCap(item, { scope: 'each_person', period: 'day', max_runs: 2 })).toMatchObject({ max_runs: 2 });
    const pupil = await backend.signedInUser('app-pupil');
    const stranger = await backend.signedInUser('app-stranger');
    expect(await pupil.client.billing.access('app', appId)).toBeNull();
    expect(await owner.client.bundles.addAllowedUsers(item, [pupil.email, 'bad'])).toMatchObject({ added: [pupil.email], invalid: [{ line: 2, value: 'bad' }], invited: 1 });
    expect(backend.mailbox.search(`to:${pupil.email} tag:invitation`)).toHaveLength(1);
    expect(await pupil.client.billing.access('app', appId)).toBe('allowed');
    expect(await stranger.client.billing.access('app', appId)).toBeNull();
    // Someone else's app: its list and caps are not theirs to read or change.
    await expect(stranger.client.bundles.addAllowedUsers(item, [stranger.email])).rejects.toMatchObject({ status: 404 });
    expect(await stranger.client.bundles.allowedUsers(item)).toEqual([]);
    expect(await stranger.client.bundles.caps(item)).toEqual([]);
    await expect(stranger.client.bundles.setCap(item, { scope: 'everyone', period: 'day', max_runs: 1 })).rejects.toMatchObject({ code: expect.any(String) });
    expect(await owner.client.bundles.caps(item)).toMatchObject([{ scope: 'each_person', period: 'day', max_runs: 2 }]);
    expect((await owner.client.bundles.allowedUsers(item)).map((row) => row.entry)).toEqual([pupil.email]);
  });
  it('/user-plan counts the rows of all of a person\'s databases against the plan, and only theirs', async () => {
    const owner = await backend.signedInUser('rows-owner');
    const other = await backend.signedInUser('rows-other');
    const before = (await owner.client.billing.myPlan()).usage.find((usage) => usage.key === 'database_rows');
    expect(before).toEqual({ key: 'database_rows', used: 0, limit: 100_000 });
    for (const [who, tables] of [
      [owner, [3, 2]],
      [other, [4]],
    ] as const) {
      const database = await backend.admin.from('Database').insert({ owner_id: who.id, name: 'Notes' }).select('id').single();
      if (database.error) throw new Error(database.error.message);
      for (const [position, rows] of tables.entries()) {
        const table = await backend.admin.from('DatabaseTable').insert({ database_id: database.data.id, name: `T${position}`, position }).select('id').single();
        if (table.error) throw new Error(table.error.message);
        const inserted = await backend.admin.from('DatabaseRow').insert(Array.from({ length: rows }, () => ({ table_id: table.data.id, data: {} })));
        if (inserted.error) throw new Error(inserted.error.message);
      }
    }
    expect((await owner.client.billing.myPlan()).usage.find((usage) => usage.key === 'database_rows')).toEqual({ key: 'database_rows', used: 5, limit: 100_000 });
    expect((await other.client.billing.myPlan()).usage.find((usage) => usage.key === 'database_rows')).toEqual({ key: 'database_rows', used: 4, limit: 100_000 });
    // Signed out, there is nothing to count (and no function to call).
    const { error } = await backend.client().supabase.rpc('my_database_rows');
    expect(error).not.toBeNull();
  });
});
