// A small per-process cache of rows read on every public API request (keys, apps): each entry
// lives `ttlMs`; concurrent misses for one key share one read (when an entry expires under load,
// 64 waiting requests make one database read, not 64); `forget` drops an entry at once, and a read
// that was already in flight when it was forgotten is answered but not kept.

export interface TtlCache<V> {
  /** The cached value, or the one `load` reads (shared with concurrent callers for the same key). */
  get(key: string, load: () => Promise<V>): Promise<V>;
  forget(key: string): void;
  /** Drops every entry whose value matches (e.g. a key row by its id). */
  forgetWhere(match: (value: V) => boolean): void;
}

/** `keep`: which read values are kept (others are answered but read again next time). */
export function createTtlCache<V>(ttlMs: number, options: { maxEntries?: number; keep?: (value: V) => boolean } = {}): TtlCache<V> {
  const maxEntries = options.maxEntries ?? 10_000;
  const keep = options.keep ?? (() => true);
  const entries = new Map<string, { value: V; at: number }>();
  const loading = new Map<string, Promise<V>>();
  let generation = 0;
  return {
    get(key, load) {
      const hit = entries.get(key);
      if (hit && Date.now() - hit.at < ttlMs) return Promise.resolve(hit.value);
      const pending = loading.get(key);
      if (pending) return pending;
      const started = generation;
      const at = Date.now();
      const read = load()
        .then((value) => {
          if (generation === started && keep(value)) {
            if (entries.size >= maxEntries) entries.clear();
            entries.set(key, { value, at });
          }
          return value;
        })
        .finally(() => {
          if (loading.get(key) === read) loading.delete(key);
        });
      loading.set(key, read);
      return read;
    },
    forget(key) {
      generation += 1;
      entries.delete(key);
      loading.delete(key);
    },
    forgetWhere(match) {
      generation += 1;
      for (const [key, entry] of entries) if (match(entry.value)) entries.delete(key);
      loading.clear();
    },
  };
}
