import { describe, expect, it } from 'vitest';
import { normaliseAllowedEntry, parseAllowedList } from './allowed-list';

describe('pasted allowed-user lists', () => {
  it('reads one address per line, @domains, and "Name <address>" forms, lower-cased', () => {
    expect(parseAllowedList('Ada@Example.org\n@School.Example\nGrace Hopper <grace@navy.example>\n')).toEqual({
      entries: ['ada@example.org', '@school.example', 'grace@navy.example'],
      invalid: [],
      duplicates: [],
      tooMany: false,
    });
  });

  it('reads a CSV with a header and extra columns, reporting bad addresses by line and duplicates', () => {
    const csv = 'email,name\nada@example.org,Ada\n"bob@@example.org",Bob\nADA@example.org,Ada again\ncarol@example.org;x\n';
    const parsed = parseAllowedList(csv);
    expect(parsed.entries).toEqual(['ada@example.org']);
    expect(parsed.invalid).toEqual([{ line: 3, value: 'bob@@example.org' }, { line: 5, value: 'carol@example.org;x' }]);
    expect(parsed.duplicates).toEqual(['ada@example.org']);
  });

  it('refuses what is not an address: no domain, spaces, dots in the wrong place, overlong', () => {
    for (const value of ['ada', 'ada@', 'ada@localhost', 'a b@example.org', '.ada@example.org', 'a..b@example.org', `${'a'.repeat(250)}@example.org`, '<script>@x.org']) {
      expect(normaliseAllowedEntry(value), value).toBeNull();
    }
  });

  it('10,000 lines are fine; one more is too many (nothing is sent)', () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `person${i}@example.org`).join('\n');
    expect(parseAllowedList(lines(10_000))).toMatchObject({ tooMany: false });
    expect(parseAllowedList(lines(10_001))).toMatchObject({ tooMany: true });
  });
});
