import { describe, expect, it } from 'vitest';
import { RestError } from './errors.js';
import { randomQuery, rng } from '../../test/rest/random.js';
import { MAX_LOGIC_DEPTH, parseFilter, parseLogic, parseOrder, parseQuery, parseSelect } from './parser.js';

describe('select parser', () => {
  it('reads columns, aliases, casts, JSON paths, embeds with hints and spreads', () => {
    expect(parseSelect('id, n:name::text, data->a->>b, x:authors!fk!inner(name), ...rel(c)')).toEqual([
      { kind: 'column', field: { name: 'id', path: [] }, alias: undefined, cast: undefined },
      { kind: 'column', field: { name: 'name', path: [] }, alias: 'n', cast: 'text' },
      {
        kind: 'column',
        field: {
          name: 'data',
          path: [
            { arrow: '->', key: 'a', index: false },
            { arrow: '->>', key: 'b', index: false },
          ],
        },
        alias: undefined,
        cast: undefined,
      },
      {
        kind: 'embed',
        name: 'authors',
        alias: 'x',
        hint: 'fk',
        join: 'inner',
        spread: false,
        items: [{ kind: 'column', field: { name: 'name', path: [] }, alias: undefined, cast: undefined }],
      },
      {
        kind: 'embed',
        name: 'rel',
        alias: undefined,
        hint: undefined,
        join: undefined,
        spread: true,
        items: [{ kind: 'column', field: { name: 'c', path: [] }, alias: undefined, cast: undefined }],
      },
    ]);
  });

  it('keeps spaces inside quoted names and reads array indexes', () => {
    expect(parseSelect('"my col",arr->0')).toEqual([
      { kind: 'column', field: { name: 'my col', path: [] }, alias: undefined, cast: undefined },
      { kind: 'column', field: { name: 'arr', path: [{ arrow: '->', key: '0', index: true }] }, alias: undefined, cast: undefined },
    ]);
  });

  it('refuses unbalanced parentheses and stray characters with PGRST100', () => {
    for (const bad of ['a(b', 'a,b)', 'a;b', '(', 'x::', 'x::te-xt', 'a!', '...a']) {
      expect(() => parseSelect(bad), bad).toThrow(RestError);
    }
  });
});

describe('filter parser', () => {
  it('reads operators, negation, modifiers, fts configs and quoted in-lists', () => {
    const field = { name: 'c', path: [] };
    expect(parseFilter(field, 'not.eq.a.b')).toMatchObject({ negate: true, op: 'eq', value: 'a.b' });
    expect(parseFilter(field, 'like(any).{a*,b*}')).toMatchObject({ op: 'like', quantifier: 'any', value: '{a*,b*}' });
    expect(parseFilter(field, 'wfts(english).cat or dog')).toMatchObject({ op: 'wfts', config: 'english', value: 'cat or dog' });
    expect(parseFilter(field, 'in.(1,"a,b","q\\"x",)')).toMatchObject({ op: 'in', list: ['1', 'a,b', 'q"x', ''] });
    expect(parseFilter(field, 'is.NULL')).toMatchObject({ op: 'is', value: 'null' });
  });

  it('refuses unknown operators and bad is values', () => {
    const field = { name: 'c', path: [] };
    for (const bad of ['noop.1', 'eq', 'eq(some).1', 'is.maybe', 'in.(1,2', 'fts().x']) {
      expect(() => parseFilter(field, bad), bad).toThrow(RestError);
    }
  });

  it('reads nested logic trees with quoted values containing reserved characters', () => {
    const tree = parseLogic('or', false, '(a.eq.1,and(b.gt.2,not.or(c.is.null,d.eq."x,(y)")),e.not.in.(1,2))');
    expect(tree).toMatchObject({
      op: 'or',
      children: [
        { kind: 'filter', op: 'eq', value: '1' },
        {
          kind: 'logic',
          op: 'and',
          children: [
            { op: 'gt' },
            { kind: 'logic', op: 'or', negate: true, children: [{ op: 'is' }, { op: 'eq', value: 'x,(y)' }] },
          ],
        },
        { kind: 'filter', op: 'in', negate: true, list: ['1', '2'] },
      ],
    });
  });

  it(`caps logic nesting at ${MAX_LOGIC_DEPTH} levels`, () => {
    const nest = (depth: number): string => `(${'or('.repeat(depth - 1)}a.eq.1${')'.repeat(depth - 1)})`;
    expect(() => parseLogic('or', false, nest(MAX_LOGIC_DEPTH))).not.toThrow();
    expect(() => parseLogic('or', false, nest(MAX_LOGIC_DEPTH + 1))).toThrow(RestError);
  });
});

describe('order and query parser', () => {
  it('reads directions, nulls placement, JSON paths and related orders', () => {
    expect(parseOrder('a.desc.nullslast,b,rel(c).asc,d->>e.desc')).toEqual([
      { relation: undefined, field: { name: 'a', path: [] }, direction: 'desc', nulls: 'last' },
      { relation: undefined, field: { name: 'b', path: [] }, direction: undefined, nulls: undefined },
      { relation: 'rel', field: { name: 'c', path: [] }, direction: 'asc', nulls: undefined },
      { relation: undefined, field: { name: 'd', path: [{ arrow: '->>', key: 'e', index: false }] }, direction: 'desc', nulls: undefined },
    ]);
    expect(() => parseOrder('a.sideways')).toThrow(RestError);
  });

  it('routes embedded filters, orders and limits by path and keeps RPC arguments apart', () => {
    const parts = parseQuery(
      new URLSearchParams('select=*&a=eq.1&rel.b=gt.2&rel.sub.order=c.desc&rel.limit=3&not.or=(x.eq.1)&arg=5'),
      new Set(['arg']),
    );
    expect([...parts.conditions.keys()]).toEqual(['', 'rel']);
    expect(parts.order.get('rel\u0000sub')?.[0]?.direction).toBe('desc');
    expect(parts.limit.get('rel')).toBe(3);
    expect(parts.leftovers.get('arg')).toBe('5');
    expect(parts.conditions.get('')?.[1]).toMatchObject({ kind: 'logic', op: 'or', negate: true });
  });
});

describe('parser fuzzing', () => {
  it('never throws anything but a RestError on 20 000 random query strings', () => {
    for (let seed = 1; seed <= 20_000; seed += 1) {
      const params = randomQuery(rng(seed));
      try {
        parseQuery(params);
      } catch (error) {
        if (!(error instanceof RestError)) {
          throw new Error(`seed ${seed}: ${params.toString()} threw ${String(error)}`, { cause: error });
        }
        expect(error.status, `seed ${seed}`).toBe(400);
      }
    }
  });
});
