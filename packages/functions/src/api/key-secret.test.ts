import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { API_KEY_PATTERN, generateApiKey, sha256Hex } from './key-secret.ts';

describe('API key values', () => {
  it('are af_ + an 8-character prefix + 43 base62 characters, all different, hashed with SHA-256', async () => {
    const keys = await Promise.all(Array.from({ length: 200 }, () => generateApiKey()));
    for (const { key, prefix, hash } of keys) {
      expect(key).toMatch(API_KEY_PATTERN);
      expect(key.startsWith(prefix)).toBe(true);
      expect(prefix).toMatch(/^af_[0-9A-Za-z]{8}$/);
      expect(hash).toBe(createHash('sha256').update(key).digest('hex'));
    }
    expect(new Set(keys.map((entry) => entry.key)).size).toBe(200);
    expect(new Set(keys.map((entry) => entry.prefix)).size).toBe(200);
    // Every base62 character turns up in the secrets (no skewed alphabet).
    expect(new Set(keys.map((entry) => entry.key.slice(11)).join('')).size).toBe(62);
  });

  it('hashes like node:crypto', async () => {
    expect(await sha256Hex('af_x')).toBe(createHash('sha256').update('af_x').digest('hex'));
  });
});
