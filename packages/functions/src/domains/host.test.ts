import { describe, expect, it } from 'vitest';
import { customHostSchema, parseCustomHost } from './host.ts';

const production = { appHost: 'appforge.example', schoolsHost: 'schools.appforge.example', development: false };
const development = { appHost: 'localhost:5173', schoolsHost: 'schools.localhost', development: true };
const parse = (input: string, platform = production) => parseCustomHost(input, platform);

describe('parseCustomHost', () => {
  it('stores upper case without it, drops a trailing dot, stores unicode as punycode and shows it as unicode', () => {
    expect(parse('  Shop.Example.COM. ')).toEqual({ ok: true, host: 'shop.example.com', display: 'shop.example.com' });
    expect(parse('Bücher.Example')).toEqual({ ok: true, host: 'xn--bcher-kva.example', display: 'bücher.example' });
    expect(parse('xn--bcher-kva.example')).toEqual({ ok: true, host: 'xn--bcher-kva.example', display: 'bücher.example' });
  });

  it.each([
    ['https://shop.example.com/', 'scheme', 'shop.example.com'],
    ['shop.example.com:8443', 'port', 'shop.example.com'],
    ['shop.example.com/pricing', 'path', 'shop.example.com'],
    ['*.example.com', 'wildcard', 'Wildcard'],
    ['203.0.113.9', 'ip_address', 'IP address'],
    ['[2001:db8::1]', 'ip_address', 'IP address'],
    ['example', 'single_label', 'dot'],
    ['', 'empty', 'Enter a domain'],
    ['shop_1.example.com', 'invalid', 'not a valid domain'],
    ['-shop.example.com', 'invalid', 'not a valid domain'],
    ['appforge.example', 'platform_host', 'own hosts'],
    ['SCHOOLS.appforge.example', 'platform_host', 'own hosts'],
    ['evil.appforge.example', 'platform_host', 'own hosts'],
    ['quiz.localhost', 'localhost_in_production', 'localhost'],
    ['someone@example.com', 'invalid', 'e-mail'],
  ])('refuses %s (%s) with a message that says what to do', (input, problem, words) => {
    const result = parse(input);
    expect(result).toMatchObject({ ok: false, problem });
    expect(result.ok || result.message).toContain(words);
  });

  it('refuses names over 253 characters and labels over 63', () => {
    const long = `${'a'.repeat(60)}.`.repeat(5) + 'example.com';
    expect(long.length).toBeGreaterThan(253);
    expect(parse(long)).toMatchObject({ ok: false, problem: 'too_long' });
    expect(parse(`${'a'.repeat(300)}`)).toMatchObject({ ok: false, problem: 'too_long' });
    expect(parse(`${'a'.repeat(64)}.example.com`)).toMatchObject({ ok: false, problem: 'too_long' });
  });

  it('in development accepts *.localhost but not the main or schools host itself', () => {
    expect(parse('quiz-1.localhost', development)).toEqual({ ok: true, host: 'quiz-1.localhost', display: 'quiz-1.localhost' });
    expect(parse('schools.localhost', development)).toMatchObject({ ok: false, problem: 'platform_host' });
    expect(parse('localhost', development)).toMatchObject({ ok: false });
  });

  it('as a zod schema gives the stored form or an issue carrying the message', () => {
    const schema = customHostSchema(production);
    expect(schema.parse('WWW.Example.com')).toBe('www.example.com');
    const failed = schema.safeParse('http://x.example.com');
    expect(failed.success).toBe(false);
    expect(failed.error?.issues[0]?.message).toMatch(/Leave out/);
  });
});
