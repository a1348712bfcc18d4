// Encryption at rest of the credentials of "Your APIs" (ApiSecret.ciphertext): AES-256-GCM, an
// authenticated cipher, under a key derived from SECRETS_KEY, with the API's id as associated data
// so a ciphertext copied onto another API does not decrypt. Each ciphertext names the key it was
// made with (`v1.<key id>.<iv>.<tag>.<data>`), so a rotated-out key can still be read while
// SECRETS_KEY_PREVIOUS lists it (see the README: set a new SECRETS_KEY, move the old one to
// SECRETS_KEY_PREVIOUS; every secret read is re-encrypted under the new key).
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** The documented development key: anyone can read it, so the backend refuses it in production. */
export const DEV_SECRETS_KEY = 'appforge-local-development-secrets-key-do-not-use-in-production';

export interface SecretKeys {
  /** Encrypts new secrets (SECRETS_KEY). */
  readonly current: string;
  /** Still decrypt, never encrypt (SECRETS_KEY_PREVIOUS, comma-separated). */
  readonly previous: readonly string[];
}

interface DerivedKey {
  readonly id: string;
  readonly key: Buffer;
}

function derive(material: string): DerivedKey {
  return {
    id: createHash('sha256').update(`appforge-secrets-key-id:${material}`).digest('hex').slice(0, 8),
    key: createHash('sha256').update(`appforge-secrets-key:${material}`).digest(),
  };
}

export function encryptSecret(plain: string, apiId: string, keys: SecretKeys): string {
  const { id, key } = derive(keys.current);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(apiId, 'utf8'));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', id, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

export class SecretUnreadableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretUnreadableError';
  }
}

/** The plain secret, and whether it was made with a previous key (then re-encrypt it). */
export function decryptSecret(ciphertext: string, apiId: string, keys: SecretKeys): { plain: string; stale: boolean } {
  const [version, keyId, iv, tag, data] = ciphertext.split('.');
  if (version !== 'v1' || keyId === undefined || iv === undefined || tag === undefined || data === undefined) {
    throw new SecretUnreadableError('The stored secret has an unknown format; set it again.');
  }
  const candidates = [keys.current, ...keys.previous].map(derive);
  const match = candidates.find((candidate) => candidate.id === keyId);
  if (!match) throw new SecretUnreadableError('The stored secret was encrypted with a key this server no longer has; set it again.');
  try {
    const decipher = createDecipheriv('aes-256-gcm', match.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(apiId, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const plain = Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    return { plain, stale: match !== candidates[0] };
  } catch {
    throw new SecretUnreadableError('The stored secret could not be decrypted; set it again.');
  }
}

/** What the owner sees after saving: the last 4 characters (fewer for a very short secret). */
export function lastFour(plain: string): string {
  const chars = [...plain];
  return chars.length >= 12 ? chars.slice(-4).join('') : chars.length >= 8 ? chars.slice(-2).join('') : '';
}
