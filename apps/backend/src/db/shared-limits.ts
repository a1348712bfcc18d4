// The shared limits (@appforge/functions' postgresLimits) on this backend's database.
import { AsyncLocalStorage } from 'node:async_hooks';
import { postgresLimits } from '@appforge/functions';
import type { Limits } from '@appforge/functions';
import type { Database, Queryable } from './database.js';

/**
 * PostgreSQL: the counters go through the pool, each statement on its own (a try counts even when
 * the request's transaction rolls back). PGlite has one session, which a request's transaction
 * holds until it ends: a limit taken inside one (an auth mail's cap) would wait for itself. There
 * the limit's statement runs in that transaction, found through the async context, and the
 * returned database marks its transactions for it; everything else about it is the same object.
 */
export function sharedLimitsFor<D extends Database>(db: D): { db: D; limits: Limits; current: () => Queryable | undefined } {
  if (db.kind !== 'pglite') {
    return { db, limits: postgresLimits({ query: (text, values) => db.query(text, values) }), current: () => undefined };
  }
  const current = new AsyncLocalStorage<Queryable>();
  // The database's own transaction, taken once: whoever replaces `transaction` on the returned
  // object later (a test observing statements, say) wraps this marked one, never itself.
  const original = db.transaction.bind(db);
  let transaction: Database['transaction'] = (fn, options) => original((tx) => current.run(tx, () => fn(tx)), options);
  const marked = new Proxy(db, {
    get(target, property) {
      if (property === 'transaction') return transaction;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
    set(target, property, value) {
      if (property === 'transaction') {
        transaction = value as Database['transaction'];
        return true;
      }
      return Reflect.set(target, property, value, target);
    },
  });
  const limits = postgresLimits({ query: (text, values) => (current.getStore() ?? db).query(text, values) });
  // `current`: the request transaction running this code on PGlite (where a statement sent beside
  // it would wait for it), for other shared work that must run in it (queued mail).
  return { db: marked, limits, current: () => current.getStore() };
}
