// Issue 26: whose address a request comes from. A forwarded address (X-Forwarded-For) is believed
// only when the hop that sent it is a configured trusted proxy (TRUSTED_PROXIES: Caddy in deploy/);
// otherwise the socket's address is the client's, so a caller-chosen header never changes a rate
// limit's key. X-Real-IP, CF-Connecting-IP and Forwarded are never read: the deploy recipe's proxy
// sets X-Forwarded-For, and one header is one thing to get right.
import ipaddr from 'ipaddr.js';

export interface TrustedProxies {
  /** The ranges, normalised (`10.0.0.0/8`, `::1/128`), for logs and tests. */
  readonly entries: readonly string[];
  contains(address: string): boolean;
}

type Parsed = ipaddr.IPv4 | ipaddr.IPv6;

/** An address without brackets or zone, IPv4-mapped IPv6 as IPv4; null when it is not one. */
function parseAddress(text: string): Parsed | null {
  const bare = text.trim().replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  // Only the usual forms: ipaddr.js would also read `1.2.3` or `0x7f.1` as IPv4 addresses.
  if (!ipaddr.IPv4.isValidFourPartDecimal(bare) && !ipaddr.IPv6.isValid(bare)) return null;
  // process() turns ::ffff:a.b.c.d into a.b.c.d, so a dual-stack socket matches IPv4 ranges.
  return ipaddr.process(bare);
}

/** Parses TRUSTED_PROXIES entries (addresses or CIDR ranges); throws naming the first bad one. */
export function parseTrustedProxies(list: readonly string[]): TrustedProxies {
  const ranges: [Parsed, number][] = [];
  for (const raw of list) {
    const entry = raw.trim();
    if (entry === '') continue;
    let range: [Parsed, number];
    try {
      if (entry.includes('/')) {
        const [address, bits] = ipaddr.parseCIDR(entry);
        const mapped = address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress();
        range = mapped ? [(address as ipaddr.IPv6).toIPv4Address(), Math.max(0, bits - 96)] : [address, bits];
      } else {
        const address = parseAddress(entry);
        if (!address || entry.includes('%')) throw new Error('not an address');
        range = [address, address.kind() === 'ipv4' ? 32 : 128];
      }
    } catch {
      throw new Error(`TRUSTED_PROXIES: ${JSON.stringify(entry)} is not an IP address or a CIDR range (like 10.0.0.0/8 or ::1)`);
    }
    ranges.push(range);
  }
  return Object.freeze({
    entries: Object.freeze(ranges.map(([address, bits]) => `${address.toString()}/${bits}`)),
    contains(text: string): boolean {
      const address = parseAddress(text);
      if (!address) return false;
      return ranges.some(([range, bits]) => address.kind() === range.kind() && address.match(range, bits));
    },
  });
}

/** No proxy trusted: the socket address is always the client's. */
export const NO_TRUSTED_PROXIES: TrustedProxies = parseTrustedProxies([]);

/**
 * The client's address: the socket's, unless the socket is a trusted proxy; then X-Forwarded-For
 * is walked from the right (each proxy appends the address it saw) past every trusted proxy, and
 * the first address that is not one is the client. A trusted proxy that names no usable address
 * stands for the client itself. 'unknown' without a socket address.
 */
export function clientAddress(input: { socketAddress: string | undefined; forwardedFor: string | null; trusted: TrustedProxies }): string {
  const socket = input.socketAddress === undefined ? null : parseAddress(input.socketAddress);
  if (!socket) return 'unknown';
  let current = socket.toString();
  if (!input.trusted.contains(current) || !input.forwardedFor) return current;
  const hops = input.forwardedFor.split(',').reverse();
  for (const hop of hops) {
    const address = parseAddress(hop);
    // A hop our proxy did not write sensibly: stop at the last address we can vouch for.
    if (!address) return current;
    current = address.toString();
    if (!input.trusted.contains(current)) return current;
  }
  return current;
}
