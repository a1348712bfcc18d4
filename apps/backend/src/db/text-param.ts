/**
 * A query parameter as the text Postgres reads for an untyped parameter — the conversions
 * node-postgres applies, so a statement binds the same on PGlite's batched path as on PostgreSQL.
 */
export function textParam(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
  if (Array.isArray(value)) return arrayLiteral(value);
  return JSON.stringify(value);
}

/** `{…}` with every element quoted (or NULL), nested arrays as sub-arrays, as node-postgres writes them. */
function arrayLiteral(values: readonly unknown[]): string {
  const elements = values.map((element) => {
    if (Array.isArray(element)) return arrayLiteral(element);
    const text = textParam(element);
    if (text === null) return 'NULL';
    return `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
  });
  return `{${elements.join(',')}}`;
}
