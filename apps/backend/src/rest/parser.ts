// PostgREST query-string grammar (supabase-wire §2.2–2.4) parsed into plain data. Nothing here
// touches SQL: names are checked against the schema cache and values become parameters later.
import type { RestError} from './errors.js';
import { parseError } from './errors.js';

export type JsonArrow = '->' | '->>';
export interface JsonStep {
  arrow: JsonArrow;
  key: string;
  /** True for an integer array index (`arr->0`). */
  index: boolean;
}

/** A column reference, optionally followed by a JSON path. */
export interface Field {
  name: string;
  path: JsonStep[];
}

export const AGGREGATES = ['count', 'sum', 'avg', 'min', 'max'] as const;
export type AggregateName = (typeof AGGREGATES)[number];

export type SelectItem =
  | { kind: 'star' }
  | {
      /** `count()`, or `field[::inputCast].fn()[::cast]` (PostgREST's aggregate grammar). */
      kind: 'aggregate';
      fn: AggregateName;
      field: Field | undefined;
      inputCast: string | undefined;
      alias: string | undefined;
      cast: string | undefined;
    }
  | { kind: 'column'; field: Field; alias: string | undefined; cast: string | undefined }
  | {
      kind: 'embed';
      name: string;
      alias: string | undefined;
      hint: string | undefined;
      join: 'left' | 'inner' | undefined;
      spread: boolean;
      items: SelectItem[];
    };

export const OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'is',
  'isdistinct',
  'in',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxl',
  'nxr',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
] as const;
export type Operator = (typeof OPERATORS)[number];
const OPERATOR_SET: ReadonlySet<string> = new Set(OPERATORS);
const QUANTIFIABLE: ReadonlySet<string> = new Set(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']);
const FTS: ReadonlySet<string> = new Set(['fts', 'plfts', 'phfts', 'wfts']);

export interface Filter {
  kind: 'filter';
  field: Field;
  negate: boolean;
  op: Operator;
  quantifier: 'any' | 'all' | undefined;
  /** fts language configuration, e.g. `english`. */
  config: string | undefined;
  /** The raw value, or the list for `in`. */
  value: string;
  list: string[] | undefined;
}

export interface LogicTree {
  kind: 'logic';
  op: 'and' | 'or';
  negate: boolean;
  children: Condition[];
}

export type Condition = Filter | LogicTree;

export interface OrderTerm {
  /** Set for `order=rel(col)` (ordering by a to-one embedded column). */
  relation: string | undefined;
  field: Field;
  direction: 'asc' | 'desc' | undefined;
  nulls: 'first' | 'last' | undefined;
}

export const MAX_LOGIC_DEPTH = 32;
export const MAX_SELECT_DEPTH = 16;

/** A tiny cursor over the input with PostgREST-like error reporting. */
class Cursor {
  pos = 0;
  constructor(
    readonly input: string,
    readonly what: string,
  ) {}

  get done(): boolean {
    return this.pos >= this.input.length;
  }
  peek(offset = 0): string {
    return this.input.charAt(this.pos + offset);
  }
  startsWith(text: string): boolean {
    return this.input.startsWith(text, this.pos);
  }
  fail(expecting: string): RestError {
    const found = this.done ? 'end of input' : `"${this.peek()}"`;
    return parseError(
      this.what,
      this.input,
      `unexpected ${found} expecting ${expecting} (column ${this.pos + 1})`,
    );
  }
  expect(text: string, expecting = `"${text}"`): void {
    if (!this.startsWith(text)) throw this.fail(expecting);
    this.pos += text.length;
  }
}

function isNameChar(ch: string, next: string): boolean {
  if (ch === '') return false;
  if (ch === '-') return next !== '>';
  return /[\p{L}\p{N}_$ ]/u.test(ch);
}

function readQuoted(cursor: Cursor, escapes: boolean): string {
  cursor.expect('"');
  let out = '';
  for (;;) {
    if (cursor.done) throw cursor.fail('closing quote');
    const ch = cursor.peek();
    if (escapes && ch === '\\' && cursor.pos + 1 < cursor.input.length) {
      out += cursor.peek(1);
      cursor.pos += 2;
      continue;
    }
    cursor.pos += 1;
    if (ch === '"') return out;
    out += ch;
  }
}

function readName(cursor: Cursor, expecting = 'field name'): string {
  if (cursor.peek() === '"') return readQuoted(cursor, false);
  const start = cursor.pos;
  while (!cursor.done && isNameChar(cursor.peek(), cursor.peek(1))) cursor.pos += 1;
  const name = cursor.input.slice(start, cursor.pos).trim();
  if (name === '') throw cursor.fail(expecting);
  return name;
}

function readJsonPath(cursor: Cursor): JsonStep[] {
  const path: JsonStep[] = [];
  while (cursor.startsWith('->')) {
    const arrow: JsonArrow = cursor.startsWith('->>') ? '->>' : '->';
    cursor.pos += arrow.length;
    if (cursor.peek() === '"') {
      path.push({ arrow, key: readQuoted(cursor, false), index: false });
      continue;
    }
    const start = cursor.pos;
    if (cursor.peek() === '-' && /\d/.test(cursor.peek(1))) cursor.pos += 1;
    while (!cursor.done && isNameChar(cursor.peek(), cursor.peek(1))) cursor.pos += 1;
    const key = cursor.input.slice(start, cursor.pos).trim();
    if (key === '') throw cursor.fail('JSON key or array index');
    path.push({ arrow, key, index: /^-?\d{1,9}$/.test(key) });
  }
  return path;
}

function readField(cursor: Cursor): Field {
  const name = readName(cursor);
  return { name, path: readJsonPath(cursor) };
}

const CAST = /^[A-Za-z_][A-Za-z0-9_]*(\[\])?$/;

/** SQL spellings of built-in types → their pg_type names, so a cast can be a quoted identifier. */
const TYPE_ALIASES: Record<string, string> = {
  int: 'int4',
  integer: 'int4',
  smallint: 'int2',
  bigint: 'int8',
  boolean: 'bool',
  real: 'float4',
  float: 'float8',
  double: 'float8',
  decimal: 'numeric',
  char: 'bpchar',
  character: 'bpchar',
  timestamp: 'timestamp',
  timestamptz: 'timestamptz',
};

/** A cast as written (`int`, `text[]`) → pg_type name and array flag. */
export function castType(cast: string): { name: string; array: boolean } {
  const array = cast.endsWith('[]');
  const base = (array ? cast.slice(0, -2) : cast).toLowerCase();
  return { name: TYPE_ALIASES[base] ?? base, array };
}

function readCast(cursor: Cursor): string | undefined {
  if (!cursor.startsWith('::')) return undefined;
  cursor.pos += 2;
  const start = cursor.pos;
  while (!cursor.done && /[A-Za-z0-9_[\]]/.test(cursor.peek())) cursor.pos += 1;
  const cast = cursor.input.slice(start, cursor.pos);
  if (!CAST.test(cast)) throw cursor.fail('type name');
  return cast;
}

function readSelectItems(cursor: Cursor, depth: number): SelectItem[] {
  if (depth > MAX_SELECT_DEPTH) throw parseError(cursor.what, cursor.input, `embedding is nested deeper than ${MAX_SELECT_DEPTH} levels`);
  const items: SelectItem[] = [];
  for (;;) {
    items.push(readSelectItem(cursor, depth));
    if (cursor.peek() === ',') {
      cursor.pos += 1;
      continue;
    }
    return items;
  }
}

function readEmbedBody(
  cursor: Cursor,
  name: string,
  alias: string | undefined,
  spread: boolean,
  depth: number,
): SelectItem {
  let hint: string | undefined;
  let join: 'left' | 'inner' | undefined;
  while (cursor.peek() === '!') {
    cursor.pos += 1;
    const word = readName(cursor, 'embedding hint or join type');
    if (word === 'inner' || word === 'left') join = word;
    else if (hint === undefined) hint = word;
    else throw cursor.fail('"inner" or "left"');
  }
  cursor.expect('(', '"("');
  const items: SelectItem[] = cursor.peek() === ')' ? [] : readSelectItems(cursor, depth + 1);
  cursor.expect(')', '"," or ")"');
  return { kind: 'embed', name, alias, hint, join, spread, items };
}

function readSelectItem(cursor: Cursor, depth: number): SelectItem {
  if (cursor.peek() === '*') {
    cursor.pos += 1;
    return { kind: 'star' };
  }
  if (cursor.startsWith('...')) {
    cursor.pos += 3;
    const name = readName(cursor, 'embedded resource name');
    if (cursor.peek() !== '(' && cursor.peek() !== '!') throw cursor.fail('"(" after a spread resource');
    return readEmbedBody(cursor, name, undefined, true, depth);
  }
  let alias: string | undefined;
  let name = readName(cursor);
  if (cursor.peek() === ':' && cursor.peek(1) !== ':') {
    cursor.pos += 1;
    alias = name;
    if (cursor.startsWith('...')) throw cursor.fail('field name');
    name = readName(cursor);
  }
  if (cursor.peek() === '(' || cursor.peek() === '!') {
    if (cursor.peek() === '(' && cursor.peek(1) === ')' && name === 'count') {
      cursor.pos += 2;
      return { kind: 'aggregate', fn: 'count', field: undefined, inputCast: undefined, alias, cast: readCast(cursor) };
    }
    return readEmbedBody(cursor, name, alias, false, depth);
  }
  const path = readJsonPath(cursor);
  const cast = readCast(cursor);
  const aggregate = /^\.(count|sum|avg|min|max)\(\)/.exec(cursor.input.slice(cursor.pos));
  if (aggregate?.[1]) {
    cursor.pos += aggregate[0].length;
    const fn = aggregate[1] as AggregateName;
    return { kind: 'aggregate', fn, field: { name, path }, inputCast: cast, alias, cast: readCast(cursor) };
  }
  return { kind: 'column', field: { name, path }, alias, cast };
}

/** `select=` → items; whitespace outside double quotes is ignored as postgrest-js strips it. */
export function parseSelect(input: string): SelectItem[] {
  const cleaned = stripWhitespace(input);
  if (cleaned === '') return [{ kind: 'star' }];
  const cursor = new Cursor(cleaned, 'select parameter');
  const items = readSelectItems(cursor, 0);
  if (!cursor.done) throw cursor.fail('"," or end of input');
  return items;
}

function stripWhitespace(input: string): string {
  let out = '';
  let quoted = false;
  for (const ch of input) {
    if (ch === '"') quoted = !quoted;
    if (!quoted && /\s/.test(ch)) continue;
    out += ch;
  }
  return out;
}

/** In-list `(a,b,"c,d")` → values; quotes allow reserved characters, `\` escapes inside quotes. */
function readList(cursor: Cursor): string[] {
  cursor.expect('(', '"(" to open the list');
  const values: string[] = [];
  if (cursor.peek() === ')') {
    cursor.pos += 1;
    return values;
  }
  for (;;) {
    if (cursor.peek() === '"') values.push(readQuoted(cursor, true));
    else {
      const start = cursor.pos;
      while (!cursor.done && cursor.peek() !== ',' && cursor.peek() !== ')') cursor.pos += 1;
      values.push(cursor.input.slice(start, cursor.pos));
    }
    if (cursor.peek() === ',') {
      cursor.pos += 1;
      continue;
    }
    cursor.expect(')', '"," or ")"');
    return values;
  }
}

/** The `op.value` part of a filter. When `inLogic`, the value ends at `,` or `)` (depth 0). */
function readOperation(cursor: Cursor, field: Field, inLogic: boolean): Filter {
  let negate = false;
  if (cursor.startsWith('not.')) {
    negate = true;
    cursor.pos += 4;
  }
  const start = cursor.pos;
  while (!cursor.done && /[a-z]/.test(cursor.peek())) cursor.pos += 1;
  const op = cursor.input.slice(start, cursor.pos);
  if (!OPERATOR_SET.has(op)) {
    cursor.pos = start;
    throw cursor.fail('"not" or operator (eq, gt, ...)');
  }
  let quantifier: 'any' | 'all' | undefined;
  let config: string | undefined;
  if (cursor.peek() === '(') {
    cursor.pos += 1;
    const argStart = cursor.pos;
    while (!cursor.done && /[A-Za-z0-9_]/.test(cursor.peek())) cursor.pos += 1;
    const arg = cursor.input.slice(argStart, cursor.pos);
    cursor.expect(')', '")"');
    if (FTS.has(op)) {
      if (arg === '') throw cursor.fail('text search configuration');
      config = arg;
    } else if (QUANTIFIABLE.has(op) && (arg === 'any' || arg === 'all')) quantifier = arg;
    else {
      cursor.pos = argStart;
      throw cursor.fail('"any" or "all"');
    }
  }
  cursor.expect('.', '"."');
  const filter: Filter = {
    kind: 'filter',
    field,
    negate,
    op: op as Operator,
    quantifier,
    config,
    value: '',
    list: undefined,
  };
  if (op === 'in') {
    filter.list = readList(cursor);
    return filter;
  }
  if (!inLogic) {
    filter.value = cursor.input.slice(cursor.pos);
    cursor.pos = cursor.input.length;
  } else filter.value = readLogicValue(cursor);
  if (op === 'is') {
    const value = filter.value.toLowerCase();
    if (!['null', 'not_null', 'true', 'false', 'unknown'].includes(value)) {
      throw parseError(
        inLogic ? 'logic tree' : 'filter',
        cursor.input,
        'unexpected value expecting null or trilean value (unknown, true, false)',
      );
    }
    filter.value = value;
  }
  return filter;
}

function readLogicValue(cursor: Cursor): string {
  if (cursor.peek() === '"') {
    const value = readQuoted(cursor, true);
    if (!cursor.done && cursor.peek() !== ',' && cursor.peek() !== ')') throw cursor.fail('"," or ")"');
    return value;
  }
  const start = cursor.pos;
  let braces = 0;
  while (!cursor.done) {
    const ch = cursor.peek();
    if (ch === '{') braces += 1;
    else if (ch === '}') braces = Math.max(0, braces - 1);
    else if (braces === 0 && (ch === ',' || ch === ')')) break;
    cursor.pos += 1;
  }
  return cursor.input.slice(start, cursor.pos);
}

function readLogicChildren(cursor: Cursor, depth: number): Condition[] {
  if (depth > MAX_LOGIC_DEPTH) {
    throw parseError('logic tree', cursor.input, `logic trees may be nested at most ${MAX_LOGIC_DEPTH} levels deep`);
  }
  cursor.expect('(', '"("');
  const children: Condition[] = [];
  for (;;) {
    children.push(readLogicTerm(cursor, depth));
    if (cursor.peek() === ',') {
      cursor.pos += 1;
      continue;
    }
    cursor.expect(')', '"," or ")"');
    return children;
  }
}

function readLogicTerm(cursor: Cursor, depth: number): Condition {
  let negate = false;
  const save = cursor.pos;
  if (cursor.startsWith('not.')) {
    negate = true;
    cursor.pos += 4;
  }
  for (const op of ['and', 'or'] as const) {
    if (cursor.startsWith(`${op}(`)) {
      cursor.pos += op.length;
      return { kind: 'logic', op, negate, children: readLogicChildren(cursor, depth + 1) };
    }
  }
  cursor.pos = save;
  const field = readField(cursor);
  cursor.expect('.', '"." after the field name');
  return readOperation(cursor, field, true);
}

/** `col=op.value` (the key gives the field). */
export function parseFilter(field: Field, value: string): Filter {
  const cursor = new Cursor(value, 'filter');
  const filter = readOperation(cursor, field, false);
  if (!cursor.done) throw cursor.fail('end of input');
  return filter;
}

/** `or=(…)` / `and=(…)` values. */
export function parseLogic(op: 'and' | 'or', negate: boolean, value: string): LogicTree {
  const cursor = new Cursor(value, 'logic tree');
  const children = readLogicChildren(cursor, 1);
  if (!cursor.done) throw cursor.fail('end of input');
  return { kind: 'logic', op, negate, children };
}

/** A filter key's field: `name`, `data->>x`, `"quoted name"`. */
export function parseFieldKey(key: string): Field {
  const cursor = new Cursor(key, 'filter');
  const field = readField(cursor);
  if (!cursor.done) throw cursor.fail('end of input');
  return field;
}

/** `order=a.desc.nullslast,rel(b).asc` */
export function parseOrder(input: string): OrderTerm[] {
  const cursor = new Cursor(stripWhitespace(input), 'order');
  const terms: OrderTerm[] = [];
  if (cursor.done) return terms;
  for (;;) {
    let relation: string | undefined;
    let field: Field;
    const name = readName(cursor);
    if (cursor.peek() === '(') {
      cursor.pos += 1;
      relation = name;
      field = readField(cursor);
      cursor.expect(')', '")"');
    } else field = { name, path: readJsonPath(cursor) };
    let direction: OrderTerm['direction'];
    let nulls: OrderTerm['nulls'];
    while (cursor.peek() === '.') {
      cursor.pos += 1;
      if (cursor.startsWith('asc') && !cursor.startsWith('ascx')) {
        direction = 'asc';
        cursor.pos += 3;
      } else if (cursor.startsWith('desc')) {
        direction = 'desc';
        cursor.pos += 4;
      } else if (cursor.startsWith('nullsfirst')) {
        nulls = 'first';
        cursor.pos += 10;
      } else if (cursor.startsWith('nullslast')) {
        nulls = 'last';
        cursor.pos += 9;
      } else throw cursor.fail('"asc", "desc", "nullsfirst" or "nullslast"');
    }
    terms.push({ relation, field, direction, nulls });
    if (cursor.peek() === ',') {
      cursor.pos += 1;
      continue;
    }
    if (!cursor.done) throw cursor.fail('"," or end of input');
    return terms;
  }
}

/** `on_conflict=a,b` and `columns="a","b"` → names. */
export function parseColumnList(input: string, what: string): string[] {
  const cursor = new Cursor(stripWhitespace(input), what);
  const names: string[] = [];
  if (cursor.done) return names;
  for (;;) {
    names.push(readName(cursor));
    if (cursor.peek() === ',') {
      cursor.pos += 1;
      continue;
    }
    if (!cursor.done) throw cursor.fail('"," or end of input');
    return names;
  }
}

export function parseNonNegativeInt(input: string, what: string): number {
  if (!/^\d{1,15}$/.test(input.trim())) {
    throw parseError(what, input, `unexpected "${input.charAt(0) || ' '}" expecting a non-negative integer`);
  }
  return Number.parseInt(input.trim(), 10);
}

const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict']);

/** Query-string entries classified by where they apply (`rel.sub.col` → path ['rel','sub']). */
export interface QueryParts {
  select: SelectItem[];
  columns: string[] | undefined;
  onConflict: string[] | undefined;
  /** Conditions per embed path ('' = root; 'a\u0000b' = a → b). */
  conditions: Map<string, Condition[]>;
  order: Map<string, OrderTerm[]>;
  limit: Map<string, number>;
  offset: Map<string, number>;
  /** Params left for RPC arguments on GET (key → value, top level only). */
  leftovers: Map<string, string>;
}

export function pathKey(path: readonly string[]): string {
  return path.join('\u0000');
}

/**
 * Splits the query string. `argNames` (RPC GET) are kept as arguments instead of filters.
 * Repeated keys are allowed for filters (each adds a condition), as PostgREST does.
 */
export function parseQuery(params: URLSearchParams, argNames: ReadonlySet<string> = new Set()): QueryParts {
  const parts: QueryParts = {
    select: [{ kind: 'star' }],
    columns: undefined,
    onConflict: undefined,
    conditions: new Map(),
    order: new Map(),
    limit: new Map(),
    offset: new Map(),
    leftovers: new Map(),
  };
  const addCondition = (path: string[], condition: Condition): void => {
    const key = pathKey(path);
    const list = parts.conditions.get(key);
    if (list) list.push(condition);
    else parts.conditions.set(key, [condition]);
  };
  for (const [key, value] of params) {
    if (key === 'select') {
      parts.select = parseSelect(value);
      continue;
    }
    if (key === 'columns') {
      parts.columns = parseColumnList(value, 'columns parameter');
      continue;
    }
    if (key === 'on_conflict') {
      parts.onConflict = parseColumnList(value, 'on_conflict parameter');
      continue;
    }
    if (argNames.has(key)) {
      parts.leftovers.set(key, value);
      continue;
    }
    // Split "a.b.order" into embed path + final segment, keeping JSON paths intact.
    const arrow = key.indexOf('->');
    const head = arrow === -1 ? key : key.slice(0, arrow);
    const tail = arrow === -1 ? '' : key.slice(arrow);
    const segments = head.split('.');
    const last = `${segments.pop() ?? ''}${tail}`;
    let path = segments;
    if (last === 'or' || last === 'and') {
      let negate = false;
      if (path.at(-1) === 'not') {
        negate = true;
        path = path.slice(0, -1);
      }
      addCondition(path, parseLogic(last, negate, value));
      continue;
    }
    if (RESERVED.has(last)) {
      const key2 = pathKey(path);
      if (last === 'order') parts.order.set(key2, parseOrder(value));
      else if (last === 'limit') parts.limit.set(key2, parseNonNegativeInt(value, 'limit parameter'));
      else if (last === 'offset') parts.offset.set(key2, parseNonNegativeInt(value, 'offset parameter'));
      else if (path.length === 0) continue;
      else addCondition(path, parseFilter(parseFieldKey(last), value));
      continue;
    }
    addCondition(path, parseFilter(parseFieldKey(last), value));
  }
  return parts;
}
