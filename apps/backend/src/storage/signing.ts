import { errors as joseErrors, jwtVerify } from 'jose';
import type { JwtService } from '../jwt.js';
import { storageErrors } from './errors.js';

/** What a signed URL's token carries (supabase/storage `signObjectUrl` / `signUploadObjectUrl`). */
export interface SignedUrlClaims {
  /** `<bucket>/<key>` the token is good for. */
  url: string;
  /** Signed upload URLs: who the object will belong to, and whether it may replace one. */
  owner?: string | undefined;
  upsert?: boolean | undefined;
  /** Upload tokens say so, and only they can upload; a download link can never be used to write. */
  scope?: 'upload' | undefined;
  /** Signed image URLs (`createSignedUrl` with `transform`): the rendering options, fixed by the signer. */
  transformations?: string | undefined;
}

export interface UrlSigner {
  sign(claims: SignedUrlClaims, expiresInSeconds: number): Promise<string>;
  /** Verifies a token for `<bucket>/<key>`; throws InvalidJWT (expired/bad) or InvalidSignature. */
  verify(token: string | undefined, url: string, scope: 'download' | 'upload'): Promise<SignedUrlClaims>;
}

/**
 * Signed-URL tokens are HS256 JWTs under the project secret, like Storage's. They are checked
 * without clock leeway, so a link made to last 60 s stops working after 60 s; and they carry no
 * role, so one can never be used as an API key (resolveCaller refuses a token without a role).
 */
export function createUrlSigner(jwt: JwtService, secret: string): UrlSigner {
  const key = new TextEncoder().encode(secret);
  return {
    sign(claims, expiresInSeconds) {
      return jwt.sign({ ...claims }, expiresInSeconds);
    },
    async verify(token, url, scope) {
      if (!token) throw storageErrors.invalidJwt('Missing token');
      let payload: Record<string, unknown>;
      try {
        ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'] }));
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw storageErrors.invalidJwt('jwt expired');
        throw storageErrors.invalidJwt('invalid signature');
      }
      if (typeof payload.exp !== 'number') throw storageErrors.invalidJwt('invalid signature');
      if (payload.url !== url) throw storageErrors.invalidSignature();
      if ((payload.scope === 'upload') !== (scope === 'upload')) throw storageErrors.invalidSignature();
      return {
        url,
        owner: typeof payload.owner === 'string' ? payload.owner : undefined,
        upsert: payload.upsert === true,
        scope: payload.scope === 'upload' ? 'upload' : undefined,
        transformations: typeof payload.transformations === 'string' ? payload.transformations : undefined,
      };
    },
  };
}
