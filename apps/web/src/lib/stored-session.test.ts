import { describe, expect, it } from 'vitest';
import { hasStoredSession } from './stored-session';

function storageWith(keys: string[]) {
  return { length: keys.length, key: (index: number) => keys[index] ?? null };
}

describe('hasStoredSession', () => {
  it('sees a supabase-js session key and nothing else', () => {
    expect(hasStoredSession(storageWith(['appforge.theme', 'sb-127-auth-token']))).toBe(true);
    expect(hasStoredSession(storageWith(['appforge.theme', 'sb-auth-token-code-verifier']))).toBe(false);
    expect(hasStoredSession(undefined)).toBe(false);
    expect(
      hasStoredSession({
        length: 1,
        key: () => {
          throw new DOMException('denied', 'SecurityError');
        },
      }),
    ).toBe(false);
  });
});
