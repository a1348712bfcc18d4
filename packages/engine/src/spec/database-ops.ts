// A module of its own, without zod: the CSV import's worker (through @appforge/sdk's value
// conversion) needs only these names, and a module with zod schemas would pull zod into it.

/** How a database step's read compares a column with a variable's value. */
export const DATABASE_FILTER_OPS = ['eq', 'neq', 'contains', 'gt', 'lt', 'gte', 'lte'] as const;
export type DatabaseFilterOp = (typeof DATABASE_FILTER_OPS)[number];
