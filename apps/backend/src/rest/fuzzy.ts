// The fuzzy string set PostgREST uses for its "Perhaps you meant …" hints (the fuzzyset
// algorithm: character 3-grams then 2-grams, cosine similarity, re-scored by Levenshtein
// distance, nothing under 0.33).

const MIN_SCORE = 0.33;
const NON_WORD = /[^a-zA-Z0-9\u00C0-\u00FF, ]+/g;

function grams(value: string, size: number): Map<string, number> {
  let padded = `-${value.toLowerCase().replace(NON_WORD, '')}-`;
  while (padded.length < size) padded += '-';
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
  const unique = [...new Set(entries)];
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
    if (candidates.length === 0) continue;
    const rescored = candidates
      .map((candidate) => ({ entry: candidate.entry, score: similarity(query, candidate.entry) }))
      .filter((candidate) => candidate.score >= MIN_SCORE)
      .sort((a, b) => b.score - a.score);
    return rescored[0]?.entry;
  }
  return undefined;
}
