// Matches found by several rules (two phone regions, a spaced-out word and its letters) are reported once.

/** Drops a match inside an earlier, longer one of the same kind (input sorted by start, longest first). */
export function withoutCovered<T extends { start: number; end: number }>(sorted: T[], kind: (match: T) => string = () => ''): T[] {
  const reach = new Map<string, number>();
  return sorted.filter((match) => {
    const key = kind(match);
    if ((reach.get(key) ?? -1) >= match.end) return false;
    reach.set(key, Math.max(reach.get(key) ?? -1, match.end));
    return true;
  });
}
