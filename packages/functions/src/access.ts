import type { FunctionEnv } from './types.ts';

export type UserStatus = 'allowed' | 'pending' | 'blocked';

/** The allow-list entries that would admit this address: itself and its `@domain`. */
export function allowListKeys(email: string | null): string[] {
  if (!email) return [];
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0 || at === lower.length - 1) return [];
  return [lower, lower.slice(at)];
}

/**
 * Status of a new user under ACCESS_POLICY: everyone is allowed when open; when invite-only, an
 * address or domain on the allow list (environment or table) is allowed, everyone else waits.
 */
export function accessStatus(
  env: Pick<FunctionEnv, 'accessPolicy' | 'accessAllowList'>,
  email: string | null,
  listedInTable: boolean,
): UserStatus {
  if (env.accessPolicy === 'open') return 'allowed';
  if (listedInTable) return 'allowed';
  const keys = allowListKeys(email);
  return keys.some((key) => env.accessAllowList.includes(key)) ? 'allowed' : 'pending';
}

/** Intercom identity verification: HMAC-SHA256 of the user id with the workspace secret, hex. */
export async function intercomHmac(secret: string, userId: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const signature = await crypto.subtle.sign('HMAC', key, encoder.encode(userId));
  return Array.from(new Uint8Array(signature), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
