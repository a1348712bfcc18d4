// WebAuthn shared by passkeys (routes/passkeys.ts) and WebAuthn MFA (routes/mfa-webauthn.ts):
// the relying party, the credential JSON the browser sends, and the two ceremonies through
// @simplewebauthn/server with every failure turned into one GoTrue-style error.
import type {
  AuthenticationResponseJSON,
  RegistrationResponseJSON,
  WebAuthnCredential,
} from '@simplewebauthn/server';
import { verifyAuthenticationResponse, verifyRegistrationResponse } from '@simplewebauthn/server';
import { z } from 'zod';
import type { BackendConfig } from '../env.js';
import { AuthApiError } from './errors.js';

export type RelyingParty = BackendConfig['webauthn'];

const b64url = z.string().max(16_384).regex(/^[A-Za-z0-9_-]*={0,2}$/, 'must be base64url');
const transports = z.array(z.string().max(32)).max(10).optional();
const extensions = z.record(z.string(), z.unknown()).optional().default({});

/** What both kinds of PublicKeyCredential JSON carry besides their response. */
const credentialFields = {
  id: b64url.min(1),
  rawId: b64url.min(1),
  type: z.literal('public-key'),
  authenticatorAttachment: z.string().max(32).nullish(),
  clientExtensionResults: extensions,
};

/** navigator.credentials.create() as auth-js serialises it (RegistrationResponseJSON). */
export const registrationCredential = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: b64url.min(1),
    attestationObject: b64url.min(1),
    transports,
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url.optional(),
    authenticatorData: b64url.optional(),
  }),
});

/** navigator.credentials.get() as auth-js serialises it (AuthenticationResponseJSON). */
export const authenticationCredential = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: b64url.min(1),
    authenticatorData: b64url.min(1),
    signature: b64url.min(1),
    userHandle: b64url.nullish(),
  }),
});

export type RegistrationCredential = z.infer<typeof registrationCredential>;
export type AuthenticationCredential = z.infer<typeof authenticationCredential>;

export const webauthnErrors = {
  challengeNotFound: () => new AuthApiError(404, 'webauthn_challenge_not_found', 'WebAuthn challenge not found'),
  challengeExpired: () =>
    new AuthApiError(422, 'webauthn_challenge_expired', 'WebAuthn challenge has expired, request a new challenge'),
  verificationFailed: (detail?: string) =>
    new AuthApiError(400, 'webauthn_verification_failed', detail ? `WebAuthn verification failed: ${detail}` : 'WebAuthn verification failed'),
  credentialExists: () => new AuthApiError(422, 'webauthn_credential_exists', 'This credential is already registered'),
  credentialNotFound: () => new AuthApiError(404, 'webauthn_credential_not_found', 'Passkey not found'),
};

/** The user handle a registration gives the authenticator (the user's UUID, UTF-8). */
export function userHandleOf(userId: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(userId);
}

export function userIdFromHandle(handle: string | null | undefined): string | undefined {
  if (!handle) return undefined;
  return Buffer.from(handle, 'base64url').toString('utf8');
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : 'invalid credential';
}

export interface VerifiedRegistration {
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  aaguid: string;
  backupEligible: boolean;
  backedUp: boolean;
}

/**
 * Checks an attestation against the stored challenge, this relying party's id and origins.
 * Wrong origin, wrong RP id, a bad attestation or user presence missing → webauthn_verification_failed.
 */
export async function verifyRegistration(
  rp: RelyingParty,
  credential: RegistrationCredential,
  expectedChallenge: string,
  fail: (detail: string) => AuthApiError = webauthnErrors.verificationFailed,
): Promise<VerifiedRegistration> {
  let result;
  try {
    result = await verifyRegistrationResponse({
      response: credential as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: [...rp.origins],
      expectedRPID: rp.rpId,
      requireUserVerification: false,
    });
  } catch (error) {
    throw fail(reason(error));
  }
  if (!result.verified) throw fail('attestation not verified');
  const info = result.registrationInfo;
  return {
    credentialId: info.credential.id,
    publicKey: info.credential.publicKey,
    counter: info.credential.counter,
    transports: info.credential.transports ?? credential.response.transports ?? [],
    aaguid: info.aaguid,
    backupEligible: info.credentialDeviceType === 'multiDevice',
    backedUp: info.credentialBackedUp,
  };
}

export interface StoredCredential {
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
}

/**
 * Checks an assertion made by a stored credential: challenge, origin, RP id, signature and a
 * counter that moved forward (a cloned authenticator's replay is refused). Returns the new counter.
 */
export async function verifyAssertion(
  rp: RelyingParty,
  credential: AuthenticationCredential,
  stored: StoredCredential,
  expectedChallenge: string,
  fail: (detail: string) => AuthApiError = webauthnErrors.verificationFailed,
): Promise<{ newCounter: number; backedUp: boolean }> {
  const webauthnCredential: WebAuthnCredential = {
    id: stored.credentialId,
    publicKey: new Uint8Array(stored.publicKey),
    counter: stored.counter,
    transports: stored.transports,
  };
  let result;
  try {
    result = await verifyAuthenticationResponse({
      response: credential as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: [...rp.origins],
      expectedRPID: rp.rpId,
      credential: webauthnCredential,
      requireUserVerification: false,
    });
  } catch (error) {
    throw fail(reason(error));
  }
  if (!result.verified) throw fail('signature not verified');
  return { newCounter: result.authenticationInfo.newCounter, backedUp: result.authenticationInfo.credentialBackedUp };
}
