import { describe, expect, it } from 'vitest';
import { allowedHostSchema, allowedHostsSchema, MAX_ALLOWED_HOSTS, parseAllowedHostLines } from './allowed-hosts';

const refused = (value: string): string => {
  const parsed = allowedHostSchema.safeParse(value);
  expect(parsed.success, value).toBe(false);
  return parsed.error?.issues[0]?.message ?? '';
};

describe('the per-app list of hosts API steps may call', () => {
  it('normalises host names and subdomain wildcards as URLs carry them', () => {
    expect(allowedHostSchema.parse('  API.Example.COM. ')).toBe('api.example.com');
    expect(allowedHostSchema.parse('*.School.example')).toBe('*.school.example');
    expect(allowedHostSchema.parse('bücher.example')).toBe('xn--bcher-kva.example');
    expect(allowedHostsSchema.parse(['a.example', 'A.example', '*.b.example'])).toEqual(['a.example', '*.b.example']);
  });

  it('refuses what could never match a called host, saying what to type instead', () => {
    expect(refused('https://api.example.com')).toMatch(/Leave out “https:\/\/”/);
    expect(refused('api.example.com:8443')).toMatch(/without a port/);
    expect(refused('api.example.com/v1')).toMatch(/without a path/);
    expect(refused('user@api.example.com')).toMatch(/without a user name/);
    expect(refused('[::1]')).toMatch(/IPv6/);
    expect(refused('api.*.example')).toMatch(/leading “\*\.”/);
    expect(refused('*')).toMatch(/leading “\*\.”|not a full host name/);
    expect(refused('localhost')).toMatch(/not a full host name/);
    expect(refused('api example.com')).toMatch(/no spaces/);
    expect(refused('bad_host.example')).toMatch(/letters, digits, hyphens and dots/);
    expect(refused(`${'a'.repeat(64)}.example`)).toMatch(/letters, digits/);
    expect(refused(`${'a.'.repeat(130)}example`)).toMatch(/253/);
    expect(refused('')).toMatch(/Enter a host name/);
  });

  it('reads a typed list line by line and names the first bad line', () => {
    expect(parseAllowedHostLines('a.example\n\n  *.b.example  \r\na.example\n')).toEqual({ ok: true, hosts: ['a.example', '*.b.example'] });
    expect(parseAllowedHostLines('a.example\nhttp://b.example')).toEqual({ ok: false, message: expect.stringMatching(/^Line 2: Leave out “http:\/\/”/) });
    expect(parseAllowedHostLines(Array.from({ length: MAX_ALLOWED_HOSTS + 1 }, (_, i) => `h${i}.example`).join('\n'))).toMatchObject({ ok: false });
  });
});
