// Real OAuth providers through arctic. Only reached when <PROVIDER>_CLIENT_ID/SECRET are set.
import { Facebook, Google, OAuth2Client, decodeIdToken, generateCodeVerifier } from 'arctic';
import type { OAuthProvider } from '../env.js';
import type { Json } from './repository.js';

export interface ProviderProfile {
  providerId: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  avatarUrl: string | null;
  /** Extra claims kept in identity_data. */
  claims: Json;
}

export interface ProviderResult {
  profile: ProviderProfile;
  accessToken: string | null;
  refreshToken: string | null;
}

export interface ProviderAdapter {
  /** PKCE verifier of our own leg with the provider (null when the provider does not use PKCE). */
  newCodeVerifier(): string | null;
  authorizationUrl(state: string, codeVerifier: string | null, extraScopes: readonly string[]): URL;
  /** `formUser` is Apple's one-time `user` form field (name on first sign-in). */
  exchange(code: string, codeVerifier: string | null, formUser?: string): Promise<ProviderResult>;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function verified(value: unknown): boolean {
  return value === true || value === 'true';
}

export function createProviderAdapter(
  provider: OAuthProvider,
  credentials: { clientId: string; clientSecret: string },
  callbackUrl: string,
): ProviderAdapter {
  if (provider === 'google') {
    const google = new Google(credentials.clientId, credentials.clientSecret, callbackUrl);
    return {
      newCodeVerifier: () => generateCodeVerifier(),
      authorizationUrl: (state, verifier, scopes) =>
        google.createAuthorizationURL(state, verifier ?? generateCodeVerifier(), ['openid', 'email', 'profile', ...scopes]),
      async exchange(code, verifier) {
        const tokens = await google.validateAuthorizationCode(code, verifier ?? '');
        const claims = decodeIdToken(tokens.idToken()) as Json;
        return {
          profile: {
            providerId: String(claims.sub),
            email: text(claims.email),
            emailVerified: verified(claims.email_verified),
            name: text(claims.name),
            avatarUrl: text(claims.picture),
            claims: { iss: claims.iss, picture: claims.picture },
          },
          accessToken: tokens.accessToken(),
          refreshToken: tokens.hasRefreshToken() ? tokens.refreshToken() : null,
        };
      },
    };
  }
  if (provider === 'facebook') {
    const facebook = new Facebook(credentials.clientId, credentials.clientSecret, callbackUrl);
    return {
      newCodeVerifier: () => null,
      authorizationUrl: (state, _verifier, scopes) => facebook.createAuthorizationURL(state, ['email', 'public_profile', ...scopes]),
      async exchange(code) {
        const tokens = await facebook.validateAuthorizationCode(code);
        const url = new URL('https://graph.facebook.com/me');
        url.searchParams.set('fields', 'id,name,email,picture');
        url.searchParams.set('access_token', tokens.accessToken());
        const response = await fetch(url);
        if (!response.ok) throw new Error(`Facebook profile request failed with HTTP ${response.status}`);
        const me = (await response.json()) as Json;
        const picture = (me.picture as { data?: { url?: unknown } } | undefined)?.data?.url;
        return {
          profile: {
            providerId: String(me.id),
            email: text(me.email),
            // Facebook only returns confirmed addresses.
            emailVerified: text(me.email) !== null,
            name: text(me.name),
            avatarUrl: text(picture),
            claims: {},
          },
          accessToken: tokens.accessToken(),
          refreshToken: null,
        };
      },
    };
  }
  // Apple: the client secret is the pre-generated ES256 client-secret JWT (as GoTrue expects).
  const apple = new OAuth2Client(credentials.clientId, credentials.clientSecret, callbackUrl);
  return {
    newCodeVerifier: () => null,
    authorizationUrl(state, _verifier, scopes) {
      const url = apple.createAuthorizationURL('https://appleid.apple.com/auth/authorize', state, ['name', 'email', ...scopes]);
      url.searchParams.set('response_mode', 'form_post');
      return url;
    },
    async exchange(code, _verifier, formUser) {
      const tokens = await apple.validateAuthorizationCode('https://appleid.apple.com/auth/token', code, null);
      const claims = decodeIdToken(tokens.idToken()) as Json;
      let name: string | null = null;
      if (formUser) {
        try {
          const parsed = JSON.parse(formUser) as { name?: { firstName?: string; lastName?: string } };
          name = [parsed.name?.firstName, parsed.name?.lastName].filter(Boolean).join(' ') || null;
        } catch {
          name = null;
        }
      }
      return {
        profile: {
          providerId: String(claims.sub),
          email: text(claims.email),
          emailVerified: verified(claims.email_verified),
          name,
          avatarUrl: null,
          claims: { iss: claims.iss },
        },
        accessToken: tokens.accessToken(),
        refreshToken: tokens.hasRefreshToken() ? tokens.refreshToken() : null,
      };
    },
  };
}
