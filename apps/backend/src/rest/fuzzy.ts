// The fuzzy string set PostgREST uses for its "Perhaps you meant …" hints (Haskell's
// Data.FuzzySet with its defaults: character 3-grams then 2-grams, cosine similarity, the best 50
// re-scored by Levenshtein distance, nothing under 0.33; a gram size whose candidates all score
// under that leaves the answer to the next smaller size).

const MIN_SCORE = 0.33;
/** What the set keeps of a string for its grams: letters, digits, white space and commas. */
const NON_WORD = /[^\p{L}\p{N}\s,]+/gu;

function grams(value: string, size: number): Map<string, number> {
  // No padding: a string shorter than the gram size (with its two hyphens) has no grams of it.
  const padded = `-${value.toLowerCase().replace(NON_WORD, '')}-`;
  const counts = new Map<string, number>();
  for (let i = 0; i + size <= padded.length; i += 1) {
    const gram = padded.slice(i, i + size);
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return counts;
}

function norm(counts: Map<string, number>): number {
  let sum = 0;
  for (const count of counts.values()) sum += count * count;
  return Math.sqrt(sum);
}

function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

function similarity(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  const longest = Math.max(x.length, y.length);
  return longest === 0 ? 1 : 1 - levenshtein(x, y) / longest;
}

/** The entry closest to `query`, or undefined when nothing scores at least 0.33. */
export function closestMatch(query: string, entries: readonly string[]): string | undefined {
  const byKey = new Map<string, string>();
  for (const entry of entries) if (!byKey.has(entry.toLowerCase())) byKey.set(entry.toLowerCase(), entry);
  const exact = byKey.get(query.toLowerCase());
  if (exact !== undefined) return exact;
  const unique = [...byKey.values()];
  for (const size of [3, 2]) {
    const wanted = grams(query, size);
    const wantedNorm = norm(wanted);
    const candidates = unique
      .map((entry) => {
        const have = grams(entry, size);
        let dot = 0;
        for (const [gram, count] of wanted) dot += count * (have.get(gram) ?? 0);
        return { entry, score: dot / (wantedNorm * norm(have) || 1) };
      })
      .filter((candidate) => candidate.score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, 50);
    const rescored = candidates
      .map((candidate) => ({ entry: candidate.entry, score: similarity(query, candidate.entry) }))
      .filter((candidate) => candidate.score >= MIN_SCORE)
      .sort((a, b) => b.score - a.score);
    if (rescored[0]) return rescored[0].entry;
  }
  return undefined;
}
