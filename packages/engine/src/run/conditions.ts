import type { Condition } from '../spec/next';
import { formatValue, lookupReference } from '../template/template';

function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value.trim());
    return Number.isFinite(number) ? number : null;
  }
  return null;
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

function normalise(value: unknown): string {
  return formatValue(value).trim().toLowerCase();
}

function equals(actual: unknown, expected: string | number | boolean): boolean {
  if (typeof expected === 'number' || typeof actual === 'number') {
    const a = asNumber(actual);
    const b = asNumber(expected);
    if (a !== null && b !== null) return a === b;
  }
  if (typeof expected === 'boolean' || typeof actual === 'boolean') {
    const truthy = (v: unknown): boolean | null => {
      const t = normalise(v);
      if (t === 'true' || t === 'yes') return true;
      if (t === 'false' || t === 'no') return false;
      return null;
    };
    const a = truthy(actual);
    const b = truthy(expected);
    if (a !== null && b !== null) return a === b;
  }
  return normalise(actual) === normalise(expected);
}

/**
 * Evaluates one condition against the run's variables. Text compares without case or surrounding
 * spaces; gt/lt/gte/lte compare numbers (false when either side is not a number); `contains`
 * looks into text or lists; a variable that is not set counts as empty.
 */
export function evaluateCondition(condition: Condition, variables: Readonly<Record<string, unknown>>): boolean {
  const { found, value } = lookupReference(variables, condition.variable);
  const actual = found ? value : undefined;
  const expected = condition.value;
  switch (condition.op) {
    case 'empty':
      return isEmpty(actual);
    case 'not_empty':
      return !isEmpty(actual);
    case 'eq':
      return expected !== undefined && actual !== undefined && equals(actual, expected);
    case 'neq':
      return expected !== undefined && !(actual !== undefined && equals(actual, expected));
    case 'contains': {
      if (expected === undefined || actual === undefined) return false;
      const needle = normalise(expected);
      if (Array.isArray(actual)) return actual.some((item) => normalise(item) === needle);
      return normalise(actual).includes(needle);
    }
    case 'gt':
    case 'lt':
    case 'gte':
    case 'lte': {
      const a = asNumber(actual);
      const b = asNumber(expected);
      if (a === null || b === null) return false;
      if (condition.op === 'gt') return a > b;
      if (condition.op === 'lt') return a < b;
      if (condition.op === 'gte') return a >= b;
      return a <= b;
    }
  }
}
