// The API key itself: `af_` + an 8-character visible prefix + 32 random bytes in base62. Only its
// SHA-256 (hex) is stored; the secret has 256 bits of entropy, so a fast hash is enough and a key
// is looked up by its hash (an index probe), never compared in a loop.

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 32 bytes need at most 43 base62 digits (62^43 > 2^256). */
const SECRET_LENGTH = 43;
const PREFIX_LENGTH = 8;

/** The whole shape of a key: anything else is refused before the database is asked. */
export const API_KEY_PATTERN = /^af_[0-9A-Za-z]{8}[0-9A-Za-z]{43}$/;

function base62(bytes: Uint8Array, length: number): string {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  let text = '';
  while (value > 0n) {
    text = BASE62[Number(value % 62n)] + text;
    value /= 62n;
  }
  return text.padStart(length, '0');
}

/** Uniformly random base62 characters (rejection sampling: no modulo bias). */
function randomBase62(length: number): string {
  let text = '';
  while (text.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < 248 && text.length < length) text += BASE62[byte % 62];
    }
  }
  return text;
}

export interface NewApiKey {
  /** Shown once, then forgotten. */
  key: string;
  /** `af_` + 8 characters: stored and shown in lists. */
  prefix: string;
  hash: string;
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export async function generateApiKey(): Promise<NewApiKey> {
  const prefix = `af_${randomBase62(PREFIX_LENGTH)}`;
  const key = `${prefix}${base62(crypto.getRandomValues(new Uint8Array(32)), SECRET_LENGTH)}`;
  return { key, prefix, hash: await sha256Hex(key) };
}
