import { describe, expect, it } from 'vitest';
import { handOverFragment, handOverTarget } from './hand-over';

describe('hand-over parsing (issue 26)', () => {
  it('offers only absolute http(s) addresses without credentials', () => {
    expect(handOverTarget(`?to=${encodeURIComponent('https://quiz.example.org/deployed-app/1?x=1')}`)?.href).toBe('https://quiz.example.org/deployed-app/1?x=1');
    for (const to of ['javascript:alert(1)', '//quiz.example.org/', '/settings', 'https://me:pw@quiz.example.org/', 'data:text/html,hi', `https://${'a'.repeat(2100)}.org/`]) {
      expect(handOverTarget(`?to=${encodeURIComponent(to)}`)).toBeNull();
    }
    expect(handOverTarget('')).toBeNull();
  });

  it('reads the one-time token and keeps `next` a path on this host', () => {
    expect(handOverFragment('#token_hash=abc123def456&next=%2Fdeployed-app%2F1%3Fa%3D1')).toEqual({ tokenHash: 'abc123def456', next: '/deployed-app/1?a=1' });
    expect(handOverFragment('#token_hash=abc123def456&next=https%3A%2F%2Fevil.example%2F')?.next).toBe('/');
    expect(handOverFragment('#token_hash=abc123def456&next=%2F%2Fevil.example%2F')?.next).toBe('/');
    expect(handOverFragment('#token_hash=abc123def456')?.next).toBe('/');
    expect(handOverFragment('#next=%2F')).toBeNull();
    expect(handOverFragment('#token_hash=<script>')).toBeNull();
  });
});
