// `@appforge/sdk/values`: a database cell's conversion and comparison by column type, without the
// client (zod, supabase-js) — for code that runs where only these are needed, such as the CSV
// import's Web Worker. The main entry exports the same functions.
export { DATABASE_FILTER_OPS, TYPE_NOUNS, convertValue, isEmptyCell, storedText, valueMatches, valueText } from '../database-values';
export type { Converted, DatabaseFilterOp } from '../database-values';
