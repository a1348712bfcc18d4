// An app icon's address, the same for every client of the SDK (the full client, the sign-in
// and visitor light clients): one spelling, so one icon is one download. A leaf module with no
// import: the light entries keep their size.
//
// Issue 32: with the Storage server's image transformations on, icons are served as
// APP_ICON_RENDER_SIZE-pixel renderings (`/storage/v1/render/image/public/…`), so a 48 px app card
// never downloads a full-size upload. The embedded backend has them; a hosted Supabase project
// has them on its paid plans only, so a client turns them on by option (`imageTransformations`).

/** The storage bucket of app icons (public). */
export const APP_ICONS_BUCKET = 'app-icons';

/**
 * The side, in pixels, of a rendered icon: the product shows icons at most 96 CSS px wide
 * (landing page, icon settings), so 192 covers a 2× screen.
 */
export const APP_ICON_RENDER_SIZE = 192;

/** The query string of a rendering: a centred square, never enlarged past the upload by Storage. */
export const APP_ICON_TRANSFORM = { width: APP_ICON_RENDER_SIZE, height: APP_ICON_RENDER_SIZE, resize: 'cover' } as const;

export interface IconUrlOptions {
  /** Serve renderings through Storage's image transformations rather than the upload itself. */
  imageTransformations: boolean;
}

/** Where a client's icons are: its backend's URL, and whether it asks for renderings. */
export interface IconSource extends IconUrlOptions {
  apiUrl: string;
}

/**
 * The public URL of an icon at `iconPath` in the app-icons bucket of the backend at `apiUrl`,
 * spelt as storage-js's `getPublicUrl` spells it (with `{ transform }` when renderings are on),
 * except that a `?` or `#` in the path stays in the path (storage-js would start the query there).
 */
export function appIconUrl(apiUrl: string, iconPath: string, { imageTransformations }: IconUrlOptions): string {
  const base = apiUrl.replace(/\/+$/, '');
  const path = iconPath.replace(/^\/+/, '');
  const address = (kind: string) =>
    encodeURI(`${base}/storage/v1/${kind}/public/${APP_ICONS_BUCKET}/${path}`).replace(/\?/g, '%3F').replace(/#/g, '%23');
  if (!imageTransformations) return address('object');
  const query = new URLSearchParams({
    width: String(APP_ICON_TRANSFORM.width),
    height: String(APP_ICON_TRANSFORM.height),
    resize: APP_ICON_TRANSFORM.resize,
  });
  return `${address('render/image')}?${query.toString()}`;
}
