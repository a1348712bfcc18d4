/** Double-quotes an identifier taken from the schema cache (never raw request text). */
export function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function qualified(schema: string, name: string): string {
  return `${ident(schema)}.${ident(name)}`;
}

/** A string literal for catalogue-derived text only (e.g. a sequence name). */
export function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** Collects positional parameters; every request value goes through here. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** A Postgres array literal (`{"a","b"}`), every element quoted so no element is parsed as syntax. */
export function arrayLiteral(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
}
