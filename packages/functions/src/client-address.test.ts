import { describe, expect, it } from 'vitest';
import { clientAddress, parseTrustedProxies } from './client-address.ts';

describe('clientAddress: forwarded addresses count only when a configured proxy sent them', () => {
  const none = parseTrustedProxies([]);
  const caddy = parseTrustedProxies(['127.0.0.1', '10.0.0.0/8', 'fd00::/8']);

  it('without trusted proxies the socket address is used, whatever X-Forwarded-For says', () => {
    for (const forged of ['1.2.3.4', '1.2.3.4, 5.6.7.8', 'garbage', '', 'unknown', '::1']) {
      expect(clientAddress({ socketAddress: '203.0.113.9', forwardedFor: forged, trusted: none })).toBe('203.0.113.9');
    }
    expect(clientAddress({ socketAddress: '::ffff:203.0.113.9', forwardedFor: null, trusted: none })).toBe('203.0.113.9');
  });

  it('a direct caller that is not a trusted proxy cannot choose its address', () => {
    expect(clientAddress({ socketAddress: '198.51.100.7', forwardedFor: '1.1.1.1', trusted: caddy })).toBe('198.51.100.7');
  });

  it('behind a trusted proxy, the right-most address the proxies did not add is the client', () => {
    expect(clientAddress({ socketAddress: '127.0.0.1', forwardedFor: '198.51.100.7', trusted: caddy })).toBe('198.51.100.7');
    // The client put a made-up address in front; Caddy appended the real one.
    expect(clientAddress({ socketAddress: '127.0.0.1', forwardedFor: '6.6.6.6, 198.51.100.7', trusted: caddy })).toBe('198.51.100.7');
    // Two proxies of ours in a row (a load balancer in 10/8 before Caddy).
    expect(clientAddress({ socketAddress: '::ffff:127.0.0.1', forwardedFor: '6.6.6.6, 198.51.100.7, 10.1.2.3', trusted: caddy })).toBe('198.51.100.7');
    expect(clientAddress({ socketAddress: '127.0.0.1', forwardedFor: '2001:db8::1', trusted: caddy })).toBe('2001:db8::1');
  });

  it('a trusted proxy that names no usable address stands for the client itself', () => {
    expect(clientAddress({ socketAddress: '127.0.0.1', forwardedFor: null, trusted: caddy })).toBe('127.0.0.1');
    expect(clientAddress({ socketAddress: '127.0.0.1', forwardedFor: 'not-an-ip', trusted: caddy })).toBe('127.0.0.1');
    expect(clientAddress({ socketAddress: '127.0.0.1', forwardedFor: '10.0.0.5, 10.0.0.6', trusted: caddy })).toBe('10.0.0.5');
    expect(clientAddress({ socketAddress: undefined, forwardedFor: '1.2.3.4', trusted: caddy })).toBe('unknown');
  });

  it('refuses entries that are not an IP address or a CIDR range, naming them', () => {
    expect(() => parseTrustedProxies(['caddy'])).toThrow(/caddy/);
    expect(() => parseTrustedProxies(['10.0.0.0/33'])).toThrow(/10\.0\.0\.0\/33/);
    expect(() => parseTrustedProxies(['1.2.3'])).toThrow();
    expect(parseTrustedProxies([' 10.0.0.0/8 ', '::1']).entries).toEqual(['10.0.0.0/8', '::1/128']);
  });
});
