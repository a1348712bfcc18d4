import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDomainDns, txtRecordName, txtRecordValue } from './dns-check.ts';
import { startFakeDnsServer } from './fake-dns-server.ts';
import type { FakeDnsServer } from './fake-dns-server.ts';

// node:dns asks a real authoritative server on loopback (dns2) that answers as scripted.
const TOKEN = '0123456789abcdef0123456789abcdef';
const target = { cname: 'domains.appforge.test', addresses: ['203.0.113.7'] };
let dns: FakeDnsServer;
const check = (host: string, token = TOKEN, development = false) =>
  checkDomainDns(host, token, { target, resolver: dns.address, timeoutMs: 300, development });

beforeAll(async () => {
  dns = await startFakeDnsServer({
    '_appforge.shop.example.org': { txt: [txtRecordValue(TOKEN)] },
    'shop.example.org': { cname: 'Domains.Appforge.test.' },
    '_appforge.apex.example.org': { txt: ['v=spf1 -all', txtRecordValue(TOKEN)] },
    'apex.example.org': { a: ['198.51.100.1', '203.0.113.7'] },
    '_appforge.wrong.example.org': { txt: [txtRecordValue('ffffffffffffffffffffffffffffffff')] },
    'wrong.example.org': { cname: 'domains.appforge.test' },
    '_appforge.elsewhere.example.org': { txt: [txtRecordValue(TOKEN)] },
    'elsewhere.example.org': { cname: 'other-host.example.net' },
    '_appforge.nowhere.example.org': { txt: [txtRecordValue(TOKEN)] },
    '_appforge.broken.example.org': { servfail: true },
    '_appforge.slow.example.org': { silent: true },
    '_appforge.halfway.example.org': { txt: [txtRecordValue(TOKEN)] },
    'halfway.example.org': { servfail: true },
  });
});
afterAll(() => dns.close());

describe('checkDomainDns against a DNS server on loopback', () => {
  it('verifies a TXT record with the token plus a CNAME to the platform (case and trailing dot do not matter)', async () => {
    expect(await check('shop.example.org')).toEqual({ ok: true, note: null });
    expect(dns.questions).toContain(`TXT ${txtRecordName('shop.example.org')}`);
  });

  it('verifies an apex domain through A records to one of the platform addresses', async () => {
    expect(await check('apex.example.org')).toEqual({ ok: true, note: null });
  });

  it('says the TXT record is missing when there is none', async () => {
    const result = await check('missing.example.org');
    expect(result).toMatchObject({ ok: false, code: 'txt_missing', transient: false });
    expect(result.ok || result.message).toContain('_appforge.missing.example.org');
  });

  it('refuses a TXT record with another token', async () => {
    const result = await check('wrong.example.org');
    expect(result).toMatchObject({ ok: false, code: 'txt_wrong_token', transient: false });
    expect(result.ok || result.message).toContain(`appforge-verify=${TOKEN}`);
  });

  it('names where the domain points when it is not the platform, and says what to create when it points nowhere', async () => {
    expect(await check('elsewhere.example.org')).toMatchObject({ ok: false, code: 'target_wrong' });
    const nowhere = await check('nowhere.example.org');
    expect(nowhere).toMatchObject({ ok: false, code: 'target_missing' });
    expect(nowhere.ok || nowhere.message).toContain('domains.appforge.test');
  });

  it('treats SERVFAIL and a server that never answers as passing problems, not as a verdict', async () => {
    expect(await check('broken.example.org')).toMatchObject({ ok: false, code: 'dns_error', transient: true });
    expect(await check('slow.example.org')).toMatchObject({ ok: false, code: 'dns_timeout', transient: true });
    expect(await check('halfway.example.org')).toMatchObject({ ok: false, code: 'dns_error', transient: true });
  });

  it('verifies *.localhost at once in development, and says so, without asking DNS', async () => {
    const before = dns.questions.length;
    const result = await check('quiz.localhost', TOKEN, true);
    expect(result.ok && result.note).toMatch(/development/);
    expect(dns.questions.length).toBe(before);
    expect(await check('quiz.localhost', TOKEN, false)).toMatchObject({ ok: false, code: 'txt_missing' });
  });
});
