// The outbound client's settings, apart from the client so that configuration code (edge.ts, the
// backend's env) can use them without loading node:http.

export const DEFAULT_OUTBOUND_PORTS: readonly number[] = Object.freeze([80, 443, 8080, 8443]);

export interface OutboundPolicy {
  /** Ports a URL may name (OUTBOUND_PORTS); default 80, 443, 8080, 8443. */
  readonly allowedPorts: readonly number[];
  readonly maxRequestBytes: number;
  readonly maxResponseBytes: number;
  /** One deadline for DNS, connect, redirects and the whole body. */
  readonly timeoutMs: number;
  readonly maxRedirects: number;
  /**
   * The app's outbound allowlist: host names (`api.example.com`) or `*.example.com` for its
   * subdomains. Empty means any public host.
   */
  readonly allowHosts: readonly string[];
  /**
   * TEST ONLY: also let loopback addresses (127.0.0.0/8, ::1) through, so tests can drive a server
   * on 127.0.0.1. Nothing else private ever passes. The backend sets it only from
   * OUTBOUND_ALLOW_LOOPBACK_FOR_TESTS, which its configuration refuses when NODE_ENV=production, and
   * the Supabase Edge adapter never sets it.
   */
  readonly allowLoopbackForTests: boolean;
  /** DNS servers to ask (host:port) instead of the system resolver; tests point it at a fake on loopback. */
  readonly dnsServers?: readonly string[];
}

export const DEFAULT_OUTBOUND_POLICY: OutboundPolicy = Object.freeze({
  allowedPorts: DEFAULT_OUTBOUND_PORTS,
  maxRequestBytes: 1024 * 1024,
  maxResponseBytes: 5 * 1024 * 1024,
  timeoutMs: 15_000,
  maxRedirects: 3,
  allowHosts: Object.freeze([]),
  allowLoopbackForTests: false,
});

