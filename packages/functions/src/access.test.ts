import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { accessStatus, allowListKeys, intercomHmac } from './access.ts';

describe('access policy', () => {
  const invite = { accessPolicy: 'invite' as const, accessAllowList: ['@school.test', 'vip@example.org'] };

  it('lets everyone in when the policy is open', () => {
    expect(accessStatus({ accessPolicy: 'open', accessAllowList: [] }, 'anyone@example.org', false)).toBe('allowed');
    expect(accessStatus({ accessPolicy: 'open', accessAllowList: [] }, null, false)).toBe('allowed');
  });

  it('admits listed addresses and whole domains when invite-only, case-insensitively', () => {
    expect(accessStatus(invite, 'Pupil@School.TEST', false)).toBe('allowed');
    expect(accessStatus(invite, 'vip@example.org', false)).toBe('allowed');
    expect(accessStatus(invite, 'other@example.org', false)).toBe('pending');
    expect(accessStatus(invite, 'other@example.org', true)).toBe('allowed');
  });

  it('does not admit look-alike domains or addresses without a domain', () => {
    expect(accessStatus(invite, 'x@evil-school.test', false)).toBe('pending');
    expect(accessStatus(invite, 'x@school.test.evil.com', false)).toBe('pending');
    expect(accessStatus(invite, '@school.test', false)).toBe('pending');
    expect(accessStatus(invite, null, false)).toBe('pending');
  });

  it('derives the address and @domain keys, using the last @', () => {
    expect(allowListKeys('A@B.org')).toEqual(['a@b.org', '@b.org']);
    expect(allowListKeys('"weird@quoted"@school.test')).toEqual(['"weird@quoted"@school.test', '@school.test']);
    expect(allowListKeys('no-at-sign')).toEqual([]);
    expect(allowListKeys('trailing@')).toEqual([]);
  });

  it('signs the user id for Intercom exactly as HMAC-SHA256 hex', async () => {
    const id = '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed';
    expect(await intercomHmac('s3cret', id)).toBe(createHmac('sha256', 's3cret').update(id).digest('hex'));
  });
});
