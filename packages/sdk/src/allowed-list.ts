// A pasted list or CSV of people to let in: one address or @domain per line or cell. Checked here
// so the owner sees what is wrong before anything is sent; the server checks again.
import Papa from 'papaparse';
import { MAX_ALLOWED_USERS_PER_ADD } from './bundle-rows';

export interface ParsedAllowedList {
  entries: string[];
  invalid: { line: number; value: string }[];
  duplicates: string[];
  /** More than MAX_ALLOWED_USERS_PER_ADD entries: nothing is sent. */
  tooMany: boolean;
}

const ENTRY = /^([a-z0-9!#$%&'*+/=?^_`{|}~.-]+)?@[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** `Ada <ADA@Example.org>`, `mailto:ada@example.org`, `ada@example.org` → `ada@example.org`. */
export function normaliseAllowedEntry(raw: string): string | null {
  const bracketed = /<([^>]+)>/.exec(raw)?.[1] ?? raw;
  const value = bracketed.trim().replace(/^mailto:/i, '').toLowerCase();
  if (value.length > 254 || !ENTRY.test(value)) return null;
  const local = value.slice(0, value.lastIndexOf('@'));
  if (local.startsWith('.') || local.endsWith('.') || local.includes('..')) return null;
  return value;
}

/** Reads the text as CSV (commas, semicolons or tabs; quoted cells) or one entry per line. */
export function parseAllowedList(text: string): ParsedAllowedList {
  const parsed = Papa.parse<string[]>(text.trim(), { skipEmptyLines: 'greedy', delimitersToGuess: [',', ';', '\t'] });
  const entries: string[] = [];
  const invalid: ParsedAllowedList['invalid'] = [];
  const duplicates: string[] = [];
  const seen = new Set<string>();
  parsed.data.forEach((row, index) => {
    for (const cell of row) {
      const trimmed = cell.trim();
      // A header row ("email", "name") or an empty cell is not an entry.
      if (trimmed === '' || (index === 0 && !trimmed.includes('@'))) continue;
      const entry = normaliseAllowedEntry(trimmed);
      if (entry === null) {
        // Other columns of a CSV (names, notes) are not addresses; only cells that try to be count.
        if (trimmed.includes('@') || row.length === 1) invalid.push({ line: index + 1, value: trimmed.slice(0, 200) });
      } else if (seen.has(entry)) duplicates.push(entry);
      else {
        seen.add(entry);
        entries.push(entry);
      }
    }
  });
  return { entries, invalid, duplicates, tooMany: entries.length > MAX_ALLOWED_USERS_PER_ADD };
}
