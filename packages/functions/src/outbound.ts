// The one way server code calls a URL a user gave it (the "Your APIs" test console and the `api`
// steps of running apps). Before connecting, the host name is resolved and EVERY address checked
// with ipaddr.js (only public unicast passes: no loopback, RFC 1918, fc00::/7, link-local, CGN,
// metadata, multicast, 0.0.0.0, nothing outside IPv6 global unicast 2000::/3, and v4 reached
// through IPv4-mapped/NAT64/6to4 judged after mapping; IPv4-compatible and Teredo refused); the socket then
// connects to exactly the address that was checked (a pinned `lookup`), so a DNS answer that
// changes between check and connect (rebinding) cannot reach anything else. Every redirect goes
// through the same checks (at most 3). Only http/https, a port allow-list, size caps both ways,
// one deadline for the whole exchange, and header values with CR/LF refused before sending.
import { promises as dnsPromises } from 'node:dns';
import type { LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import type { IncomingMessage, RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import ipaddr from 'ipaddr.js';
import { DEFAULT_OUTBOUND_POLICY } from './outbound-policy.ts';
import type { OutboundPolicy } from './outbound-policy.ts';

export { DEFAULT_OUTBOUND_POLICY, DEFAULT_OUTBOUND_PORTS } from './outbound-policy.ts';
export type { OutboundPolicy } from './outbound-policy.ts';

export type OutboundErrorCode =
  | 'invalid_url'
  | 'blocked_scheme'
  | 'blocked_port'
  | 'blocked_address'
  | 'host_not_allowed'
  | 'dns_failed'
  | 'header_injection'
  | 'request_too_large'
  | 'response_too_large'
  | 'too_many_redirects'
  | 'timeout'
  | 'connection_failed'
  | 'aborted';

/** Why a call was refused or failed, in words a person can act on. Never carries header values. */
export class OutboundError extends Error {
  constructor(
    readonly code: OutboundErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

export interface OutboundRequest {
  readonly url: string;
  readonly method: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly signal?: AbortSignal;
  /** Header names whose values must not follow a redirect to another origin (credentials). */
  readonly sensitiveHeaders?: readonly string[];
}

export interface OutboundResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Uint8Array;
  /** The URL that finally answered (after redirects). */
  readonly url: string;
  readonly redirects: number;
  readonly durationMs: number;
}

/** Why an address may not be called, or null when it is public unicast. */
export function blockedAddressReason(address: string, options: { allowLoopbackForTests?: boolean } = {}): string | null {
  const text = address.replace(/^\[|\]$/g, '');
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(text.includes(':') ? canonicalIPv6(text) : text);
  } catch {
    return 'is not an IP address';
  }
  if (parsed.kind() === 'ipv4') return ipv4Reason(parsed as ipaddr.IPv4, options.allowLoopbackForTests === true);
  return ipv6Reason(parsed as ipaddr.IPv6, options.allowLoopbackForTests === true);
}

/**
 * The WHATWG URL parser's spelling of an IPv6 literal (`::127.0.0.1` → `::7f00:1`), which is what a
 * URL connects to. ipaddr.js reads a dotted tail after `::` as IPv4-mapped, which would let the
 * IPv4-compatible form borrow the mapped form's rules.
 */
function canonicalIPv6(text: string): string {
  if (!/^[0-9a-f:.]+$/i.test(text)) throw new Error('not an IPv6 address');
  return new URL(`http://[${text}]/`).hostname.replace(/^\[|\]$/g, '');
}

function ipv4Reason(address: ipaddr.IPv4, allowLoopback: boolean): string | null {
  const range = address.range();
  if (range === 'unicast') return null;
  if (range === 'loopback' && allowLoopback) return null;
  return RANGE_WORDS[range] ?? `is in a reserved range (${range})`;
}

/**
 * Only global unicast (2000::/3) outside every special-purpose block passes. Forms that reach an
 * IPv4 address are judged by that address after mapping: IPv4-mapped (::ffff:0:0/96), NAT64's
 * well-known prefix (64:ff9b::/96, what DNS64 hands an IPv6-only server for a v4-only API) and
 * 6to4 (2002::/16). Everything else that embeds or tunnels v4 is refused outright: IPv4-compatible
 * (::/96, deprecated but still routed to v4 by some stacks), local-use NAT64 (64:ff9b:1::/48, the
 * operator's own translator), IPv4-translated (::ffff:0:0:0/96) and Teredo (2001::/32).
 */
function ipv6Reason(address: ipaddr.IPv6, allowLoopback: boolean): string | null {
  const parts = address.parts;
  const v4 = (high: number, low: number): ipaddr.IPv4 => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  const range = address.range();
  // The test hatch opens ::1 itself, never loopback reached through a v4 form.
  if (range === 'loopback') return allowLoopback ? null : (RANGE_WORDS.loopback ?? null);
  if (range === 'ipv4Mapped') return ipv4Reason(address.toIPv4Address(), allowLoopback);
  // ipaddr.js files both NAT64 prefixes under rfc6052; only the well-known /96 is judged by its v4.
  if (range === 'rfc6052' && parts[2] !== 0) return 'is a local-use NAT64 address (64:ff9b:1::/48)';
  if (range === 'rfc6052') return embeddedReason('a NAT64 address', ipv4Reason(v4(parts[6] ?? 0, parts[7] ?? 0), false));
  if (range === '6to4') return embeddedReason('a 6to4 address', ipv4Reason(v4(parts[1] ?? 0, parts[2] ?? 0), false));
  if (parts.slice(0, 6).every((part) => part === 0)) return range === 'unspecified' ? (RANGE_WORDS.unspecified ?? null) : 'is an IPv4-compatible address (::/96)';
  if (range !== 'unicast') return RANGE_WORDS[range] ?? `is in a reserved range (${range})`;
  if (((parts[0] ?? 0) & 0xe000) !== 0x2000) return 'is not a global unicast IPv6 address';
  return null;
}

function embeddedReason(form: string, inner: string | null): string | null {
  return inner === null ? null : `is ${form} of an IPv4 address that ${inner}`;
}

const RANGE_WORDS: Readonly<Record<string, string>> = {
  loopback: 'is this server itself (loopback)',
  private: 'is a private network address',
  uniqueLocal: 'is a private network address',
  deprecatedSiteLocal: 'is a site-local address (fec0::/10)',
  linkLocal: 'is a link-local address (cloud metadata lives there)',
  carrierGradeNat: 'is a carrier-grade NAT address',
  multicast: 'is a multicast address',
  broadcast: 'is the broadcast address',
  unspecified: 'is the unspecified address 0.0.0.0 / ::',
  ipv4Mapped: 'is an IPv4-mapped address',
  rfc6145: 'is an IPv4-translated address',
  teredo: 'is a Teredo tunnel address',
};

function hostAllowed(host: string, allowHosts: readonly string[]): boolean {
  if (allowHosts.length === 0) return true;
  return allowHosts.some((entry) => {
    const rule = entry.trim().toLowerCase();
    if (rule.startsWith('*.')) return host.endsWith(rule.slice(1)) && host.length > rule.length - 1;
    return host === rule;
  });
}

/** Refuses a header name or value that could split the request (CR, LF, NUL). */
export function assertSafeHeaders(headers: Readonly<Record<string, string>>): void {
  for (const [name, value] of Object.entries(headers)) {
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) {
      throw new OutboundError('header_injection', `The header name “${name.slice(0, 60)}” has characters a header name cannot have.`);
    }
    if (/[\r\n\0]/.test(value)) {
      throw new OutboundError('header_injection', `The value of the header ${name} contains a line break; that could inject headers, so the call was not made.`);
    }
  }
}

interface Target {
  readonly url: URL;
  readonly host: string;
  readonly port: number;
  readonly address: LookupAddress;
}

async function resolveHost(host: string, policy: OutboundPolicy): Promise<LookupAddress[]> {
  if (ipaddr.isValid(host)) return [{ address: host, family: host.includes(':') ? 6 : 4 }];
  try {
    if (policy.dnsServers && policy.dnsServers.length > 0) {
      const resolver = new dnsPromises.Resolver({ timeout: Math.min(policy.timeoutMs, 5_000), tries: 1 });
      resolver.setServers([...policy.dnsServers]);
      const [v4, v6] = await Promise.all([resolver.resolve4(host).catch(() => []), resolver.resolve6(host).catch(() => [])]);
      return [...v4.map((address) => ({ address, family: 4 })), ...v6.map((address) => ({ address, family: 6 }))];
    }
    return await dnsPromises.lookup(host, { all: true, verbatim: true });
  } catch {
    return [];
  }
}

/** Parses and checks one URL (scheme, port, allowlist, every resolved address); the first hop and every redirect. */
export async function checkTarget(rawUrl: string, policy: OutboundPolicy): Promise<Target> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new OutboundError('invalid_url', 'That is not a valid URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundError('blocked_scheme', `Only http and https URLs can be called, not ${url.protocol.replace(':', '')}.`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new OutboundError('invalid_url', 'Put credentials in the API’s authentication settings, not in the URL.');
  }
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  if (!policy.allowedPorts.includes(port)) {
    throw new OutboundError('blocked_port', `Port ${port} cannot be called; allowed ports: ${policy.allowedPorts.join(', ')}.`);
  }
  // WHATWG URL already turned 0x7f000001, 2130706433 and 0177.0.0.1 into 127.0.0.1.
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase().replace(/\.$/, '');
  if (!hostAllowed(host, policy.allowHosts)) {
    throw new OutboundError('host_not_allowed', `${host} is not on this app’s list of allowed hosts.`);
  }
  const addresses = await resolveHost(host, policy);
  if (addresses.length === 0) throw new OutboundError('dns_failed', `${host} could not be found (DNS).`);
  for (const candidate of addresses) {
    const reason = blockedAddressReason(candidate.address, policy);
    if (reason !== null) {
      const what = ipaddr.isValid(host) ? host : `${host} resolves to ${candidate.address}, which`;
      throw new OutboundError('blocked_address', `${what} ${reason}; only public internet addresses can be called.`);
    }
  }
  const address = addresses[0];
  if (!address) throw new OutboundError('dns_failed', `${host} could not be found (DNS).`);
  return { url, host, port, address };
}

/**
 * Why an API's base URL would be refused when it is called, judged when it is saved (the same
 * rule as checkTarget: scheme, port, allowlist, every resolved address), or null. A host that does
 * not resolve (yet) is not refused here: the call says so if it still does not.
 */
export async function baseUrlRefusal(rawUrl: string, policy: OutboundPolicy): Promise<OutboundError | null> {
  try {
    await checkTarget(rawUrl, policy);
    return null;
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    return error.code === 'dns_failed' ? null : error;
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Calls a URL under the policy; throws OutboundError for every refusal and failure. */
export async function outboundFetch(request: OutboundRequest, policy: OutboundPolicy = DEFAULT_OUTBOUND_POLICY): Promise<OutboundResponse> {
  const started = performance.now();
  const headers: Record<string, string> = { ...(request.headers ?? {}) };
  assertSafeHeaders(headers);
  let body = request.body === undefined ? undefined : Buffer.from(request.body, 'utf8');
  if (body && body.byteLength > policy.maxRequestBytes) {
    throw new OutboundError('request_too_large', `The request body is ${body.byteLength} bytes; at most ${policy.maxRequestBytes} can be sent.`);
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new OutboundError('timeout', `No complete answer within ${Math.round(policy.timeoutMs / 100) / 10} s.`)), policy.timeoutMs);
  const onOuterAbort = (): void => controller.abort(new OutboundError('aborted', 'The call was cancelled.'));
  request.signal?.addEventListener('abort', onOuterAbort, { once: true });
  if (request.signal?.aborted) onOuterAbort();
  const sensitive = new Set((request.sensitiveHeaders ?? ['authorization']).map((h) => h.toLowerCase()));
  let method = request.method.toUpperCase();
  let url = request.url;
  try {
    for (let redirects = 0; ; redirects += 1) {
      const target = await abortable(checkTarget(url, policy), controller.signal);
      const answer = await send(target, method, headers, body, policy, controller.signal);
      const location = answer.headers.location;
      if (REDIRECTS.has(answer.status) && location !== undefined) {
        if (redirects >= policy.maxRedirects) {
          throw new OutboundError('too_many_redirects', `The server redirected more than ${policy.maxRedirects} times.`);
        }
        const next = new URL(location, target.url);
        if (next.origin !== target.url.origin) {
          for (const name of Object.keys(headers)) if (sensitive.has(name.toLowerCase())) delete headers[name];
        }
        if (answer.status === 303 || ((answer.status === 301 || answer.status === 302) && method === 'POST')) {
          method = 'GET';
          body = undefined;
          for (const name of Object.keys(headers)) if (name.toLowerCase() === 'content-type') delete headers[name];
        }
        url = next.toString();
        continue;
      }
      return { ...answer, url: target.url.toString(), redirects, durationMs: performance.now() - started };
    }
  } catch (error) {
    if (error instanceof OutboundError) throw error;
    const reason: unknown = controller.signal.reason;
    if (controller.signal.aborted && reason instanceof OutboundError) throw reason;
    throw new OutboundError('connection_failed', `The server could not be reached: ${connectionWords(error)}`);
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', onOuterAbort);
  }
}

function connectionWords(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String((error).code) : '';
  if (code === 'ECONNREFUSED') return 'the connection was refused.';
  if (code === 'ECONNRESET') return 'the connection was reset.';
  if (code.startsWith('ERR_TLS') || code.includes('CERT')) return 'its TLS certificate is not valid.';
  return error instanceof Error ? error.message.slice(0, 200) : 'unknown error.';
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

function send(
  target: Target,
  method: string,
  headers: Readonly<Record<string, string>>,
  body: Buffer | undefined,
  policy: OutboundPolicy,
  signal: AbortSignal,
): Promise<{ status: number; headers: Record<string, string>; body: Uint8Array }> {
  const { url, address } = target;
  const options: RequestOptions & { servername?: string } = {
    protocol: url.protocol,
    host: target.host,
    port: target.port,
    path: `${url.pathname}${url.search}`,
    method,
    headers: { ...headers, ...(body ? { 'content-length': String(body.byteLength) } : {}) },
    agent: false,
    signal,
    // Pinned: the socket connects to the address checked above, whatever DNS says now.
    lookup: ((_host: string, opts: { all?: boolean }, callback: (...args: unknown[]) => void) => {
      if (opts.all === true) callback(null, [address]);
      else callback(null, address.address, address.family);
    }) as unknown as RequestOptions['lookup'],
    ...(url.protocol === 'https:' && !ipaddr.isValid(target.host) ? { servername: target.host } : {}),
  };
  const call = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = call(options, (res: IncomingMessage) => {
      const status = res.statusCode ?? 0;
      const flat: Record<string, string> = {};
      for (const [name, value] of Object.entries(res.headers)) {
        if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      const declared = Number(flat['content-length'] ?? '0');
      if (declared > policy.maxResponseBytes) {
        reject(tooLarge(policy));
        res.destroy();
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.byteLength;
        if (size > policy.maxResponseBytes) {
          reject(tooLarge(policy));
          res.destroy();
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => resolve({ status, headers: flat, body: new Uint8Array(Buffer.concat(chunks)) }));
      res.on('error', reject);
      res.on('aborted', () => reject(new OutboundError('connection_failed', 'The server closed the connection mid-answer.')));
    });
    req.on('error', reject);
    if (body) req.end(body);
    else req.end();
  });
}

function tooLarge(policy: OutboundPolicy): OutboundError {
  return new OutboundError('response_too_large', `The answer is larger than ${Math.round(policy.maxResponseBytes / 1024)} KB; it was not read.`);
}
