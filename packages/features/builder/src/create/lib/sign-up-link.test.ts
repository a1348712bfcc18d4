import { describe, expect, it } from 'vitest';
import { readDescriptionId, resumePath, signUpPath } from './sign-up-link';

const ID = '2b1f3f5e-8a53-4d7e-9f0e-2a1f1c9d8e7b';

describe('the sign-up link of /create-new-app', () => {
  it('carries the description id to the sign-in screen and back', () => {
    const url = new URL(signUpPath(ID), 'http://localhost');
    expect(url.pathname).toBe('/sign-in');
    expect(url.searchParams.get('app_description_id')).toBe(ID);
    expect(url.searchParams.get('next')).toBe(resumePath(ID));
    expect(resumePath(ID)).toBe(`/create-new-app?app_description_id=${ID}`);
  });

  it('reads only a UUID from the address bar', () => {
    expect(readDescriptionId(new URLSearchParams({ app_description_id: ID }))).toBe(ID);
    for (const bad of ['', 'abc', `${ID}<script>`, '../../etc']) {
      expect(readDescriptionId(new URLSearchParams({ app_description_id: bad }))).toBeNull();
    }
    expect(readDescriptionId(new URLSearchParams())).toBeNull();
  });
});
