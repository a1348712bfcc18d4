import { describe, expect, it } from 'vitest';
import { parseRunConfig, UNREADABLE_ALLOW_LIST } from './apps.ts';
import { OutboundError, outboundFetch } from './outbound.ts';
import { DEFAULT_OUTBOUND_POLICY } from './outbound-policy.ts';

describe('the app config run-app reads: outbound host allowlist', () => {
  it('reads a list of hosts, and no list as "any public host"', () => {
    expect(parseRunConfig({ outbound_allow_hosts: ['API.weather.test.', '*.school.test'] })?.outboundAllowHosts).toEqual(['api.weather.test', '*.school.test']);
    // Read by the same rule the screen writes with: unicode as the URL carries it (punycode).
    expect(parseRunConfig({ outbound_allow_hosts: ['bücher.example'] })?.outboundAllowHosts).toEqual(['xn--bcher-kva.example']);
    expect(parseRunConfig({})?.outboundAllowHosts).toEqual([]);
  });

  it('fails closed: a list it cannot read lets the app call no host at all', async () => {
    // Written around the screen (REST): not a list, not text, too long, or one entry the rule refuses.
    const lists = [
      'api.weather.test',
      [42],
      Array.from({ length: 101 }, () => 'a.test'),
      { host: 'a.test' },
      ['api.weather.test', 'https://evil.test'],
      ['api.weather.test:8443'],
      ['*'],
    ];
    for (const stored of lists) {
      const hosts = parseRunConfig({ outbound_allow_hosts: stored })?.outboundAllowHosts;
      expect(hosts).toEqual([UNREADABLE_ALLOW_LIST]);
      // The guard refuses before any DNS lookup or connection.
      const refused = await outboundFetch({ url: 'https://api.weather.test/now', method: 'GET' }, { ...DEFAULT_OUTBOUND_POLICY, allowHosts: hosts ?? [] }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(OutboundError);
      expect((refused as OutboundError).code).toBe('host_not_allowed');
    }
  });
});
