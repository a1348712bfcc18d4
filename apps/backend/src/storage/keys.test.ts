import { describe, expect, it } from 'vitest';
import { StorageError } from './errors.js';
import { assertBucketName, normaliseListPrefix, normaliseObjectKey } from './keys.js';

function refusal(run: () => unknown): StorageError | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof StorageError) return error;
    throw error;
  }
  return undefined;
}

describe('object keys', () => {
  it('accepts ordinary nested keys, spaces and non-Latin names', () => {
    expect(normaliseObjectKey('folder/sub folder/photo (1).png')).toBe('folder/sub folder/photo (1).png');
    expect(normaliseObjectKey('日本/ファイル.txt')).toBe('日本/ファイル.txt');
    expect(normaliseObjectKey('a%zz')).toBe('a%zz');
  });

  it('stores composed and decomposed spellings of a name as the same key', () => {
    expect(normaliseObjectKey('cafe\u0301.txt')).toBe(normaliseObjectKey('café.txt'));
  });

  it.each([
    ['..', 'parent segment'],
    ['../etc/passwd', 'leading traversal'],
    ['a/../../b', 'inner traversal'],
    ['a/./b', 'dot segment'],
    ['/absolute', 'leading slash'],
    ['trailing/', 'trailing slash'],
    ['a//b', 'empty segment'],
    ['a\u0000b', 'NUL'],
    ['a\nb', 'newline'],
    ['a\u007fb', 'DEL'],
    ['a\u0085b', 'C1 control'],
    ['a\\b', 'backslash'],
    ['\ud800x', 'lone surrogate'],
    ['k'.repeat(1025), 'over 1024 characters'],
    ['', 'empty'],
  ])('refuses %j (%s) with 400 InvalidKey', (key) => {
    expect(refusal(() => normaliseObjectKey(key))).toMatchObject({ statusCode: 400, code: 'InvalidKey' });
  });

  it('takes list prefixes with or without a trailing slash, and refuses traversal in them', () => {
    expect(normaliseListPrefix('')).toBe('');
    expect(normaliseListPrefix('photos/')).toBe('photos');
    expect(normaliseListPrefix('photos/2024')).toBe('photos/2024');
    expect(refusal(() => normaliseListPrefix('../'))).toMatchObject({ code: 'InvalidKey' });
  });
});

describe('bucket names', () => {
  it('accepts Supabase bucket names and refuses separators, dots-only and over-long names', () => {
    expect(assertBucketName('avatars')).toBe('avatars');
    expect(assertBucketName('my bucket-1.0')).toBe('my bucket-1.0');
    for (const bad of ['', '.', '..', 'a/b', 'a\\b', 'tab\there', 'x'.repeat(101), 42]) {
      expect(refusal(() => assertBucketName(bad))).toMatchObject({ code: 'InvalidBucketName' });
    }
  });
});
