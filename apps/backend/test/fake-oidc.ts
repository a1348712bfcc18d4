// A protocol-true OpenID Connect issuer on loopback (the world's edge for grant_type=id_token):
// a discovery document, a JWKS endpoint, and ID tokens signed with its current key. Keys can be
// rotated (the old one stays published) to show that the backend follows the issuer's JWKS.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import type { CryptoKey, JWK, JWTPayload } from 'jose';

export interface FakeIssuerKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

export interface FakeOidcIssuer {
  /** The issuer identifier (`http://127.0.0.1:<port>`), as the tokens' `iss`. */
  issuer: string;
  /** Requests to the discovery and JWKS endpoints, for tests that check caching. */
  hits: { discovery: number; jwks: number };
  /** A new key pair (not published until `publish`). */
  newKey(kid: string): Promise<FakeIssuerKey>;
  /** Publishes a key and signs new tokens with it. */
  publish(key: FakeIssuerKey): void;
  /** An ID token signed with the current key (or `key`); iss/iat/exp filled unless given. */
  sign(claims: JWTPayload, options?: { key?: FakeIssuerKey; alg?: 'RS256' }): Promise<string>;
  close(): Promise<void>;
}

export async function startFakeOidcIssuer(): Promise<FakeOidcIssuer> {
  const published: FakeIssuerKey[] = [];
  const hits = { discovery: 0, jwks: 0 };
  let issuer = '';
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', issuer).pathname;
    if (req.method === 'GET' && path === '/.well-known/openid-configuration') {
      hits.discovery += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['id_token'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
        }),
      );
      return;
    }
    if (req.method === 'GET' && path === '/jwks') {
      hits.jwks += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: published.map((key) => key.publicJwk) }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const newKey = async (kid: string): Promise<FakeIssuerKey> => {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    return { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
  };
  const first = await newKey('fake-1');
  published.push(first);
  let current = first;

  return {
    issuer,
    hits,
    newKey,
    publish(key) {
      published.push(key);
      current = key;
    },
    sign(claims, options = {}) {
      const key = options.key ?? current;
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ iss: issuer, iat: now, exp: now + 600, ...claims })
        .setProtectedHeader({ alg: options.alg ?? 'RS256', kid: key.kid, typ: 'JWT' })
        .sign(key.privateKey);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
