// Seeded random request text for the fuzz tests (replay a failure from its seed).

/** Deterministic PRNG (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALPHABET = [
  'a', 'b', 'id', 'title', 'tags', 'data', 'authors', 'reviews', ',', '.', '(', ')', '"', '\\', ':', '::', '!',
  '->', '->>', '*', '...', 'eq', 'neq', 'cs', 'fts', 'not', 'or', 'and', 'in', 'is', 'null', ' ', '{', '}', '%',
  "'", ';', '-', '0', '1', '9', 'inner', 'english', '\u0000', 'é', 'desc', 'nullsfirst',
];

export function pick<T>(next: () => number, items: readonly T[]): T {
  const item = items[Math.floor(next() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

export function randomString(next: () => number, maxTokens = 24): string {
  let out = '';
  const count = Math.floor(next() * maxTokens);
  for (let i = 0; i < count; i += 1) out += pick(next, ALPHABET);
  return out;
}

export const QUERY_KEYS = ['select', 'order', 'limit', 'offset', 'or', 'and', 'not.or', 'id', 'title', 'data->>lang',
  'reviews.stars', 'reviews.order', 'authors.limit', 'columns', 'on_conflict'];

export function randomQuery(next: () => number): URLSearchParams {
  const params = new URLSearchParams();
  const pairs = 1 + Math.floor(next() * 3);
  for (let i = 0; i < pairs; i += 1) {
    const key = next() < 0.8 ? pick(next, QUERY_KEYS) : randomString(next, 4);
    params.append(key, randomString(next));
  }
  return params;
}
