import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDns } from './fake-dns.ts';
import type { FakeDnsServer } from './fake-dns.ts';
import { blockedAddressReason, DEFAULT_OUTBOUND_POLICY, OutboundError, outboundFetch } from './outbound.ts';
import type { OutboundPolicy } from './outbound.ts';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

let server: Server;
let port = 0;
const routes = new Map<string, Handler>();
const seen: IncomingMessage[] = [];
let dns: FakeDnsServer;

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req);
    const handler = routes.get(new URL(req.url ?? '/', 'http://x').pathname);
    if (handler) handler(req, res);
    else res.writeHead(404).end('no');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  dns = await startFakeDns({
    'internal.test': '10.0.0.1',
    'metadata.test': '169.254.169.254',
    'cgn.test': '100.64.0.7',
    'me.test': '127.0.0.1',
    // Rebinding: the first answer is the (test-allowed) loopback, every later one a private address.
    'rebind.test': (times) => (times === 1 ? '127.0.0.1' : '10.0.0.1'),
  });
  routes.set('/hello', (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"hi":"there"}'));
  routes.set('/to-metadata', (_req, res) => res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end());
  routes.set('/loop', (_req, res) => res.writeHead(302, { location: '/loop' }).end());
  routes.set('/hop', (_req, res) => res.writeHead(307, { location: '/hello' }).end());
  routes.set('/to-other-origin', (_req, res) => res.writeHead(302, { location: `http://localhost:${port}/echo-auth` }).end());
  routes.set('/echo-auth', (req, res) => res.writeHead(200).end(req.headers.authorization ?? 'none'));
  routes.set('/huge', (_req, res) => {
    // Streams without a content-length until the client hangs up (stands in for a 1 GB answer).
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    const chunk = Buffer.alloc(64 * 1024, 1);
    const pump = (): void => {
      while (!res.destroyed && res.write(chunk));
      if (!res.destroyed) res.once('drain', pump);
    };
    res.on('close', () => undefined);
    pump();
  });
  routes.set('/declared-huge', (_req, res) => res.writeHead(200, { 'content-length': String(1024 ** 3) }).write('x'));
  routes.set('/silent', () => undefined);
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await dns.close();
});

const strict = (over: Partial<OutboundPolicy> = {}): OutboundPolicy => ({
  ...DEFAULT_OUTBOUND_POLICY,
  allowedPorts: [...DEFAULT_OUTBOUND_POLICY.allowedPorts, port],
  dnsServers: [dns.server],
  ...over,
});
const testing = (over: Partial<OutboundPolicy> = {}): OutboundPolicy => strict({ allowLoopbackForTests: true, ...over });

async function refusal(promise: Promise<unknown>): Promise<OutboundError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof OutboundError) return error;
    throw error;
  }
  throw new Error('the call was not refused');
}

describe('blockedAddressReason', () => {
  it.each([
    ['127.0.0.1'],
    ['127.8.9.10'],
    ['::1'],
    ['10.0.0.1'],
    ['172.16.5.4'],
    ['192.168.1.1'],
    ['fc00::1'],
    ['fd12:3456::1'],
    ['169.254.169.254'],
    ['fd00:ec2::254'],
    ['fe80::1'],
    ['100.64.0.1'],
    ['224.0.0.1'],
    ['ff02::1'],
    ['0.0.0.0'],
    ['::'],
    ['255.255.255.255'],
    ['::ffff:127.0.0.1'],
    ['::ffff:10.0.0.1'],
    ['::ffff:169.254.169.254'],
    ['64:ff9b::a00:1'],
    ['2002:a00:1::'],
    // IPv4-compatible (::/96, deprecated): some stacks still route ::127.0.0.1 to 127.0.0.1.
    ['::127.0.0.1'],
    ['[::127.0.0.1]'],
    ['::7f00:1'],
    ['::10.0.0.1'],
    ['::169.254.169.254'],
    ['::8.8.8.8'],
    // NAT64, both the well-known prefix and the local-use one, carrying private and public v4.
    ['64:ff9b::127.0.0.1'],
    ['64:ff9b::169.254.169.254'],
    ['64:ff9b:1::a00:1'],
    ['64:ff9b:1::808:808'],
    // 6to4 embedding loopback, private and metadata addresses.
    ['2002:7f00:1::1'],
    ['2002:c0a8:101::'],
    ['2002:a9fe:a9fe::1'],
    // Teredo: the client address is obfuscated, the relay is someone else's.
    ['2001::1'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2'],
    // IPv4-translated (SIIT) and the discard prefix.
    ['::ffff:0:127.0.0.1'],
    ['100::1'],
    // Site-local (deprecated, still routed inside some networks), documentation, benchmarking, ORCHID.
    ['fec0::1'],
    ['feff::1'],
    ['2001:db8::1'],
    ['2001:2::1'],
    ['2001:20::1'],
    // Multicast of every scope, unspecified and loopback spelled out.
    ['ff05::1'],
    ['ff0e::1'],
    ['0:0:0:0:0:0:0:0'],
    ['0:0:0:0:0:0:0:1'],
    ['::ffff:0.0.0.0'],
    // Outside global unicast 2000::/3 altogether.
    ['4000::1'],
    ['::1:2:3'],
  ])('refuses %s', (address) => {
    expect(blockedAddressReason(address)).not.toBeNull();
  });

  it.each([['93.184.216.34'], ['8.8.8.8'], ['2606:4700:4700::1111'], ['::ffff:8.8.8.8'], ['2a00:1450:4001:80b::200e'], ['64:ff9b::808:808'], ['2002:808:808::1']])('lets public %s through', (address) => {
    expect(blockedAddressReason(address)).toBeNull();
  });

  it('the test hatch opens loopback only, never private or metadata addresses', () => {
    expect(blockedAddressReason('127.0.0.1', { allowLoopbackForTests: true })).toBeNull();
    expect(blockedAddressReason('::1', { allowLoopbackForTests: true })).toBeNull();
    expect(blockedAddressReason('10.0.0.1', { allowLoopbackForTests: true })).not.toBeNull();
    expect(blockedAddressReason('169.254.169.254', { allowLoopbackForTests: true })).not.toBeNull();
    // Loopback spelled as an IPv4-compatible or NAT64 address stays refused: the hatch is for ::1 and 127/8 only.
    expect(blockedAddressReason('::127.0.0.1', { allowLoopbackForTests: true })).not.toBeNull();
    expect(blockedAddressReason('64:ff9b::127.0.0.1', { allowLoopbackForTests: true })).not.toBeNull();
  });
});

describe('outboundFetch refuses hostile targets before connecting', () => {
  it.each([
    ['http://127.0.0.1/'],
    ['http://[::1]/'],
    ['http://0x7f000001/'],
    ['http://2130706433/'],
    ['http://0177.0.0.1/'],
    ['http://127.1/'],
    ['http://0.0.0.0/'],
    ['http://[::ffff:127.0.0.1]/'],
    ['http://[::ffff:7f00:1]/'],
    ['http://10.0.0.1/'],
    ['http://169.254.169.254/latest/meta-data/'],
    ['http://[fd00:ec2::254]/'],
    ['http://100.64.0.1/'],
    ['http://224.0.0.1/'],
    ['http://[::127.0.0.1]/'],
    ['http://[::a9fe:a9fe]/latest/meta-data/'],
    ['http://[64:ff9b::7f00:1]/'],
    ['http://[2002:7f00:1::]/'],
    ['http://[2001::1]/'],
    ['http://[fec0::1]/'],
  ])('%s', async (url) => {
    const error = await refusal(outboundFetch({ url, method: 'GET' }, strict()));
    expect(error.code).toBe('blocked_address');
    expect(error.message).toMatch(/only public internet addresses/);
  });

  it.each([
    ['internal.test', /internal\.test resolves to 10\.0\.0\.1, which is a private network address/],
    ['metadata.test', /link-local/],
    ['cgn.test', /carrier-grade NAT/],
    ['me.test', /loopback/],
  ])('a host name that resolves to a private address (%s)', async (host, message) => {
    const error = await refusal(outboundFetch({ url: `http://${host}/`, method: 'GET' }, strict()));
    expect(error.code).toBe('blocked_address');
    expect(error.message).toMatch(message);
  });

  it('refuses the loopback test server itself without the hatch, and nothing reaches it', async () => {
    const before = seen.length;
    const error = await refusal(outboundFetch({ url: `http://127.0.0.1:${port}/hello`, method: 'GET' }, strict()));
    expect(error.code).toBe('blocked_address');
    const byName = await refusal(outboundFetch({ url: `http://localhost:${port}/hello`, method: 'GET' }, { ...strict(), dnsServers: [] }));
    expect(byName.code).toBe('blocked_address');
    expect(seen.length).toBe(before);
  });

  it('refuses other schemes, other ports, credentials in the URL and hosts off the allowlist', async () => {
    expect((await refusal(outboundFetch({ url: 'file:///etc/passwd', method: 'GET' }, strict()))).code).toBe('blocked_scheme');
    expect((await refusal(outboundFetch({ url: 'gopher://example.com/', method: 'GET' }, strict()))).code).toBe('blocked_scheme');
    expect((await refusal(outboundFetch({ url: 'http://example.com:22/', method: 'GET' }, strict()))).message).toMatch(/Port 22 cannot be called/);
    expect((await refusal(outboundFetch({ url: 'http://user:pw@example.com/', method: 'GET' }, strict()))).code).toBe('invalid_url');
    const listed = strict({ allowHosts: ['api.weather.test', '*.school.test'] });
    expect((await refusal(outboundFetch({ url: 'http://evil.test/', method: 'GET' }, listed))).code).toBe('host_not_allowed');
    expect((await refusal(outboundFetch({ url: 'http://school.test.evil.test/', method: 'GET' }, listed))).code).toBe('host_not_allowed');
  });

  it('refuses CR/LF in a header value (header injection) and an oversized request body', async () => {
    const before = seen.length;
    const injected = await refusal(
      outboundFetch({ url: `http://127.0.0.1:${port}/hello`, method: 'GET', headers: { 'x-city': 'Paris\r\nX-Admin: yes' } }, testing()),
    );
    expect(injected.code).toBe('header_injection');
    const big = await refusal(outboundFetch({ url: `http://127.0.0.1:${port}/hello`, method: 'POST', body: 'x'.repeat(2048) }, testing({ maxRequestBytes: 1024 })));
    expect(big.code).toBe('request_too_large');
    expect(seen.length).toBe(before);
  });
});

describe('outboundFetch through the test hatch (loopback only)', () => {
  it('calls a loopback server and returns status, headers, body and timing', async () => {
    const answer = await outboundFetch({ url: `http://127.0.0.1:${port}/hello`, method: 'GET' }, testing());
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json');
    expect(new TextDecoder().decode(answer.body)).toBe('{"hi":"there"}');
    expect(answer.durationMs).toBeGreaterThan(0);
  });

  it('checks every redirect: a redirect to 169.254.169.254 is refused', async () => {
    const error = await refusal(outboundFetch({ url: `http://127.0.0.1:${port}/to-metadata`, method: 'GET' }, testing()));
    expect(error.code).toBe('blocked_address');
    expect(error.message).toContain('169.254.169.254');
  });

  it('follows at most 3 redirects', async () => {
    expect((await outboundFetch({ url: `http://127.0.0.1:${port}/hop`, method: 'GET' }, testing())).redirects).toBe(1);
    const error = await refusal(outboundFetch({ url: `http://127.0.0.1:${port}/loop`, method: 'GET' }, testing()));
    expect(error.code).toBe('too_many_redirects');
  });

  it('drops the credentials when a redirect leaves the origin', async () => {
    const answer = await outboundFetch(
      { url: `http://127.0.0.1:${port}/to-other-origin`, method: 'GET', headers: { authorization: 'Bearer s3cret-token' } },
      { ...testing(), dnsServers: [] },
    );
    expect(new TextDecoder().decode(answer.body)).toBe('none');
  });

  it('stops reading an endless answer at the size cap, and refuses a declared 1 GB answer at once', async () => {
    const endless = await refusal(outboundFetch({ url: `http://127.0.0.1:${port}/huge`, method: 'GET' }, testing({ maxResponseBytes: 256 * 1024 })));
    expect(endless.code).toBe('response_too_large');
    const declared = await refusal(outboundFetch({ url: `http://127.0.0.1:${port}/declared-huge`, method: 'GET' }, testing()));
    expect(declared.code).toBe('response_too_large');
  });

  it('gives up on a server that never answers at the deadline', async () => {
    const error = await refusal(outboundFetch({ url: `http://127.0.0.1:${port}/silent`, method: 'GET' }, testing({ timeoutMs: 300 })));
    expect(error.code).toBe('timeout');
  });

  it('pins the checked address: DNS is asked once per hop, a rebinding answer is never used', async () => {
    const answer = await outboundFetch({ url: `http://rebind.test:${port}/hello`, method: 'GET' }, testing());
    expect(answer.status).toBe(200);
    expect(dns.asked.get('rebind.test')).toBe(1);
    // The next call sees the rebound (private) answer and is refused.
    expect((await refusal(outboundFetch({ url: `http://rebind.test:${port}/hello`, method: 'GET' }, testing()))).code).toBe('blocked_address');
  });
});
