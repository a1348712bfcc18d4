// POST /token?grant_type=id_token (supabase-js signInWithIdToken / linkIdentity({ token })):
// an OpenID Connect ID token from Google or Apple, verified as GoTrue verifies it — the issuer's
// keys found through its discovery document, signature, issuer, expiry, audience among the
// configured client IDs, the nonce (sha256 hex of the one the app passed), and at_hash when an
// access token comes along. Error texts are GoTrue's (internal/api/token_oidc.go).
import { createHash } from 'node:crypto';
import { base64url, createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import type { JWTPayload, JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import type { IdTokenProvider, IdTokenProviders } from '../env.js';
import { AuthApiError, OAuthStyleError } from './errors.js';
import type { ProviderProfile } from './providers.js';

export const ID_TOKEN_ISSUERS: Record<IdTokenProvider, string> = {
  google: 'https://accounts.google.com',
  apple: 'https://appleid.apple.com',
};

export const idTokenBody = z.object({
  id_token: z.string().max(16_384).nullish(),
  access_token: z.string().max(16_384).nullish(),
  nonce: z.string().max(1024).nullish(),
  provider: z.string().max(100).nullish(),
  client_id: z.string().max(1024).nullish(),
  issuer: z.string().max(2048).nullish(),
  link_identity: z.boolean().nullish(),
});
export type IdTokenBody = z.infer<typeof idTokenBody>;

const discoverySchema = z.object({ issuer: z.string(), jwks_uri: z.url() });

/** How long discovery and key fetches may take. */
const FETCH_TIMEOUT_MS = 5000;
/** Shortest time between two JWKS fetches (jose's cooldown); exported for the rotation test. */
export const JWKS_REFETCH_COOLDOWN_MS = 1000;

const badRequest = (description: string): OAuthStyleError => new OAuthStyleError(400, 'invalid request', description);

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** at_hash: base64url of the left half of the access token's hash (OIDC Core 3.1.3.6; SHA-256 for RS256/ES256). */
function accessTokenHash(accessToken: string, alg: string): string | undefined {
  const bits = /^(?:RS|ES|PS)(256|384|512)$/.exec(alg)?.[1];
  if (!bits) return undefined;
  const digest = createHash(`sha${bits}`).update(accessToken).digest();
  return base64url.encode(digest.subarray(0, digest.length / 2));
}

export interface VerifiedIdToken {
  provider: IdTokenProvider;
  profile: ProviderProfile;
}

export interface IdTokenVerifier {
  verify(body: IdTokenBody): Promise<VerifiedIdToken>;
}

export function createIdTokenVerifier(providers: IdTokenProviders): IdTokenVerifier {
  const keySets = new Map<string, Promise<JWTVerifyGetKey>>();

  /** The issuer's keys, found through its discovery document (cached; a failure is retried next time). */
  function keysFor(issuer: string): Promise<JWTVerifyGetKey> {
    let pending = keySets.get(issuer);
    if (!pending) {
      pending = (async () => {
        const response = await fetch(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`, {
          signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
          redirect: 'error',
        });
        if (!response.ok) throw new Error(`discovery answered HTTP ${response.status}`);
        const doc = discoverySchema.parse(await response.json());
        // go-oidc's rule: the document must name the issuer it was fetched for.
        if (doc.issuer !== issuer) throw new Error(`issuer did not match the issuer returned by provider: ${doc.issuer}`);
        // An unknown kid (the issuer rotated) refetches the keys, at most once a second.
        return createRemoteJWKSet(new URL(doc.jwks_uri), {
          timeoutDuration: FETCH_TIMEOUT_MS,
          cooldownDuration: JWKS_REFETCH_COOLDOWN_MS,
          cacheMaxAge: 600_000,
        });
      })();
      keySets.set(issuer, pending);
      pending.catch(() => keySets.delete(issuer));
    }
    return pending;
  }

  function pickProvider(body: IdTokenBody): IdTokenProvider {
    const wanted = (['google', 'apple'] as const).find(
      (name) => body.provider === name || (body.issuer !== undefined && body.issuer !== null && body.issuer === ID_TOKEN_ISSUERS[name]),
    );
    if (!wanted) throw new AuthApiError(400, 'validation_failed', `Custom OIDC provider ${JSON.stringify(body.provider ?? '')} not allowed`);
    return wanted;
  }

  return {
    async verify(body) {
      const idToken = body.id_token ?? '';
      if (idToken === '') throw badRequest('id_token required');
      if (!body.provider && (!body.client_id || !body.issuer)) throw badRequest('provider or client_id and issuer required');
      const provider = pickProvider(body);
      const config = providers[provider];
      if (!config) {
        throw new AuthApiError(400, 'provider_disabled', `Provider (issuer ${JSON.stringify(ID_TOKEN_ISSUERS[provider])}) is not enabled`);
      }
      // Something that is not a JWT at all is a bad token whatever the issuer's keys: answered
      // before they are fetched, so an unreachable issuer does not turn it into a 500.
      try {
        decodeProtectedHeader(idToken);
        decodeJwt(idToken);
      } catch {
        throw badRequest('Bad ID token');
      }
      let keys: JWTVerifyGetKey;
      try {
        keys = await keysFor(config.issuer);
      } catch {
        throw new AuthApiError(500, 'unexpected_failure', `Unable to fetch the signing keys of ${config.issuer}`);
      }
      // Google's tokens name their issuer with or without the scheme.
      const issuers = provider === 'google' ? [config.issuer, config.issuer.replace(/^https?:\/\//, '')] : [config.issuer];
      let claims: JWTPayload;
      let alg: string;
      try {
        alg = decodeProtectedHeader(idToken).alg ?? '';
        ({ payload: claims } = await jwtVerify(idToken, keys, { issuer: issuers, algorithms: ['RS256', 'ES256', 'RS384', 'RS512', 'ES384', 'PS256'] }));
      } catch {
        throw badRequest('Bad ID token');
      }
      if (body.access_token) {
        const expected = accessTokenHash(body.access_token, alg);
        if (typeof claims.at_hash === 'string' && claims.at_hash !== expected) throw badRequest('Bad ID token');
      }
      if (!claims.sub) throw badRequest('Missing sub claim in id_token');
      const audiences = Array.isArray(claims.aud) ? claims.aud : claims.aud === undefined ? [] : [claims.aud];
      if (!audiences.some((aud) => config.clientIds.includes(aud))) throw badRequest('Unacceptable audience in id_token');
      const tokenNonce = text(claims.nonce);
      const sentNonce = text(body.nonce);
      if ((tokenNonce === null) !== (sentNonce === null)) {
        throw badRequest('Passed nonce and nonce in id_token should either both exist or not.');
      }
      if (tokenNonce !== null && sentNonce !== null && createHash('sha256').update(sentNonce).digest('hex') !== tokenNonce) {
        throw new OAuthStyleError(400, 'invalid nonce', 'Nonces mismatch');
      }
      const email = text(claims.email)?.toLowerCase() ?? null;
      return {
        provider,
        profile: {
          providerId: claims.sub,
          email,
          emailVerified: email !== null && (claims.email_verified === true || claims.email_verified === 'true'),
          name: text(claims.name),
          avatarUrl: text(claims.picture),
          claims: { iss: claims.iss ?? config.issuer },
        },
      };
    },
  };
}
