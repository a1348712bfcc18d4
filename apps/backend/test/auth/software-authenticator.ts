// A software WebAuthn authenticator for tests: an EC P-256 key (node:crypto), clientDataJSON,
// authenticatorData and a 'none' attestation object (CBOR by cbor-x), exactly as a browser hands
// them to navigator.credentials.create()/get() callers — so the server's checks run for real.
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { Encoder } from 'cbor-x';

// Canonical CBOR as authenticators write it: minimal map headers, plain maps and byte strings.
// (useTag259ForMaps is a cbor-x option its typings do not list.)
const cborOptions = { useRecords: false, variableMapSize: true, useTag259ForMaps: false, tagUint8Array: false };
const cbor = new Encoder(cborOptions);
const encode = (value: unknown): Uint8Array => cbor.encode(value);
// Byte strings as the realm's own Uint8Array: under jsdom (feature tests) a Node Buffer is not an
// instance of the global Uint8Array, and cbor-x would write it as an array of numbers.
const bytes = (buffer: Buffer): Uint8Array => new Uint8Array(buffer);

export interface RegistrationJson {
  id: string;
  rawId: string;
  type: 'public-key';
  clientExtensionResults: Record<string, unknown>;
  authenticatorAttachment?: 'platform';
  response: { clientDataJSON: string; attestationObject: string; transports: 'internal'[] };
}

export interface AuthenticationJson {
  id: string;
  rawId: string;
  type: 'public-key';
  clientExtensionResults: Record<string, unknown>;
  authenticatorAttachment?: 'platform';
  response: { clientDataJSON: string; authenticatorData: string; signature: string; userHandle?: string };
}

/** What a hostile or broken client may change about one ceremony. */
export interface Tamper {
  origin?: string;
  rpId?: string;
  challenge?: string;
  type?: string;
  /** Sign with another key than the registered one. */
  forgeSignature?: boolean;
  /** Send this counter instead of the next one. */
  counter?: number;
}

const b64 = (bytes: Uint8Array | string): string => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | string): Buffer => createHash('sha256').update(bytes).digest();

function u32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value >>> 0);
  return buffer;
}

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  private counter = 0;
  private userHandle: string | undefined;

  constructor(private readonly origin: string) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    const jwk = pair.publicKey.export({ format: 'jwk' });
    this.publicJwk = { x: jwk.x ?? '', y: jwk.y ?? '' };
  }

  get id(): string {
    return b64(this.credentialId);
  }

  /** The PublicKeyCredential JSON around an authenticator response. */
  private credential<R>(response: R) {
    return { id: this.id, rawId: this.id, type: 'public-key' as const, clientExtensionResults: {}, authenticatorAttachment: 'platform' as const, response };
  }

  private clientData(type: string, challenge: string, tamper: Tamper): string {
    return b64(JSON.stringify({ type: tamper.type ?? type, challenge: tamper.challenge ?? challenge, origin: tamper.origin ?? this.origin, crossOrigin: false }));
  }

  /** navigator.credentials.create() for PublicKeyCredentialCreationOptionsJSON. */
  create(options: { challenge: string; rp: { id?: string }; user: { id: string } }, tamper: Tamper = {}): RegistrationJson {
    this.userHandle = options.user.id;
    const rpId = tamper.rpId ?? options.rp.id ?? '';
    const cose = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, bytes(Buffer.from(this.publicJwk.x, 'base64url'))],
      [-3, bytes(Buffer.from(this.publicJwk.y, 'base64url'))],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    // Flags: user present (0x01), user verified (0x04), attested credential data (0x40).
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([0x01 | 0x04 | 0x40]),
      u32(this.counter),
      Buffer.alloc(16),
      idLength,
      this.credentialId,
      Buffer.from(encode(cose)),
    ]);
    const attestationObject = Buffer.from(encode({ fmt: 'none', attStmt: {}, authData: bytes(authData) }));
    return this.credential({
      clientDataJSON: this.clientData('webauthn.create', options.challenge, tamper),
      attestationObject: b64(attestationObject),
      transports: ['internal'],
    });
  }

  /** navigator.credentials.get() for PublicKeyCredentialRequestOptionsJSON. */
  get(options: { challenge: string; rpId?: string }, tamper: Tamper = {}): AuthenticationJson {
    this.counter += 1;
    const rpId = tamper.rpId ?? options.rpId ?? '';
    const authData = Buffer.concat([sha256(rpId), Buffer.from([0x01 | 0x04]), u32(tamper.counter ?? this.counter)]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, tamper);
    const signed = Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, 'base64url'))]);
    const key = tamper.forgeSignature ? generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey : this.privateKey;
    return this.credential({
      clientDataJSON,
      authenticatorData: b64(authData),
      signature: b64(sign('sha256', signed, key)),
      ...(this.userHandle ? { userHandle: this.userHandle } : {}),
    });
  }
}
