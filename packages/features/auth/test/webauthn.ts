// The browser's WebAuthn API (PublicKeyCredential, navigator.credentials), which jsdom lacks, in
// front of the backend's own software authenticator (apps/backend/test/auth): real key pairs,
// attestations and signed assertions, so the backend's WebAuthn checks run for real. Only this
// browser edge is stood in for; the client and the backend are the real ones.
import { vi } from 'vitest';
import { SoftwareAuthenticator } from '../../../../apps/backend/test/auth/software-authenticator';

/** The address the test backend trusts for WebAuthn (its SITE_URL); the test file's jsdom runs there. */
export const WEBAUTHN_ORIGIN = 'http://localhost:5173';

const b64url = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (value instanceof ArrayBuffer) return Buffer.from(value).toString('base64url');
  if (ArrayBuffer.isView(value)) return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64url');
  throw new Error('not bytes');
};

class StandInCredential {
  readonly type = 'public-key';
  readonly id: string;
  constructor(private readonly json: { id: string }) {
    this.id = json.id;
  }
  toJSON() {
    return this.json;
  }
}

export interface BrowserWebAuthn {
  authenticator: SoftwareAuthenticator;
  /** What the next prompt does: the authenticator answers, or the person cancels it. */
  next: 'answer' | 'cancel';
  prompts: number;
}

/** Installs WebAuthn in jsdom, backed by a software authenticator (a new one unless given). */
export function browserWebAuthn(authenticator = new SoftwareAuthenticator(WEBAUTHN_ORIGIN)): BrowserWebAuthn {
  const state: BrowserWebAuthn = { authenticator, next: 'answer', prompts: 0 };
  const prompt = () => {
    state.prompts += 1;
    if (state.next === 'cancel') {
      state.next = 'answer';
      throw new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError');
    }
  };
  vi.stubGlobal('PublicKeyCredential', StandInCredential);
  vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, {
    credentials: {
      create: ({ publicKey }: { publicKey: { challenge: unknown; rp: { id?: string }; user: { id: unknown } } }) =>
        Promise.resolve().then(() => {
          prompt();
          return new StandInCredential(state.authenticator.create({ challenge: b64url(publicKey.challenge), rp: publicKey.rp, user: { id: b64url(publicKey.user.id) } }));
        }),
      get: ({ publicKey }: { publicKey: { challenge: unknown; rpId?: string } }) =>
        Promise.resolve().then(() => {
          prompt();
          return new StandInCredential(state.authenticator.get({ challenge: b64url(publicKey.challenge), ...(publicKey.rpId ? { rpId: publicKey.rpId } : {}) }));
        }),
    },
  }));
  return state;
}
