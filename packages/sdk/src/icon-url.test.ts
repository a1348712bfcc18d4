import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { nodeWebSocket } from '../test/ws';
import { APP_ICON_TRANSFORM, appIconUrl } from './icon-url';

// The light clients (sign-in, visitor) spell an icon's address themselves; it must be the very
// string the full client gets from storage-js, or the same icon is downloaded twice.
const API = 'https://api.appforge.example';
const storage = createClient(API, 'anon-key', { auth: { persistSession: false }, realtime: { transport: nodeWebSocket } }).storage.from('app-icons');

describe('appIconUrl', () => {
  const paths = [
    'owner/app/icon.png',
    '/owner/app/icon.png',
    'owner/app/my icon (1).png',
    'owner/app/é-icône.webp',
    'a"/><script>alert(1)</script>.png',
    'owner/app/100%.png',
  ];

  it.each(paths)('spells %s as storage-js does, with and without renderings', (path) => {
    expect(appIconUrl(API, path, { imageTransformations: false })).toBe(storage.getPublicUrl(path).data.publicUrl);
    expect(appIconUrl(`${API}/`, path, { imageTransformations: true })).toBe(
      storage.getPublicUrl(path, { transform: APP_ICON_TRANSFORM }).data.publicUrl,
    );
  });

  it('asks for a 192 px centred square when renderings are on, and the upload otherwise', () => {
    expect(appIconUrl(API, 'o/a/i.png', { imageTransformations: true })).toBe(
      `${API}/storage/v1/render/image/public/app-icons/o/a/i.png?width=192&height=192&resize=cover`,
    );
    expect(appIconUrl(API, 'o/a/i.png', { imageTransformations: false })).toBe(`${API}/storage/v1/object/public/app-icons/o/a/i.png`);
  });

  it('never lets a path carry markup or a second query into the address', () => {
    const url = new URL(appIconUrl(API, 'o/x"><img src=y>?width=9999#top', { imageTransformations: true }));
    expect(url.href).not.toMatch(/[<>"]/);
    expect(url.searchParams.getAll('width')).toEqual(['192']);
    expect(url.hash).toBe('');
    expect(decodeURIComponent(url.pathname)).toBe('/storage/v1/render/image/public/app-icons/o/x"><img src=y>?width=9999#top');
  });
});
