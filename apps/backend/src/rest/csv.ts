function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'boolean') text = String(value);
  else text = JSON.stringify(value) ?? '';
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A JSON array of objects as CSV: a header line with the keys, then one line per row. */
export function rowsToCsv(rows: readonly Record<string, unknown>[], keys: readonly string[]): string {
  const header = keys.map((key) => cell(key)).join(',');
  if (rows.length === 0) return header;
  return [header, ...rows.map((row) => keys.map((key) => cell(row[key])).join(','))].join('\n');
}
