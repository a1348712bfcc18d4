// The icon a creator uploads: checked (type by its bytes, size), cropped to the centre square and
// resized to 512 px in a canvas, so every app icon is small, square and sharp.

export const ICON_SIZE = 512;
export const ICON_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type IconType = (typeof ICON_TYPES)[number];
/** The largest picture we accept to resize (phone photos are a few MB). */
export const MAX_ICON_INPUT_BYTES = 10 * 1024 * 1024;
/** The storage bucket's limit for the resized icon (the SDK checks it too). */
export const MAX_ICON_UPLOAD_BYTES = 1024 * 1024;

export class IconImageError extends Error {
  override readonly name = 'IconImageError';
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(bytes < 1024 * 1024 ? 2 : 1)} MB`;
}

/** The image type its first bytes say it is (PNG, JPEG or WebP signatures), or null. */
export function sniffImageType(bytes: Uint8Array): IconType | null {
  const starts = (signature: readonly number[], offset = 0) => signature.every((byte, index) => bytes[offset + index] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/**
 * Why this file cannot be an icon, or null when it can: only PNG, JPEG or WebP (by the declared
 * type and by its bytes, so a renamed file is refused too), and at most 10 MB.
 */
export async function checkIconFile(file: Blob & { name?: string }): Promise<string | null> {
  const what = file.name ? `“${file.name}”` : 'This file';
  if (!(ICON_TYPES as readonly string[]).includes(file.type)) {
    return `${what} is not a PNG, JPEG or WebP image. Choose one of those.`;
  }
  if (file.size === 0) return `${what} is empty.`;
  if (file.size > MAX_ICON_INPUT_BYTES) {
    return `${what} is ${megabytes(file.size)}; an icon picture can be at most ${megabytes(MAX_ICON_INPUT_BYTES)}.`;
  }
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  if (sniffImageType(head) === null) return `${what} does not contain a PNG, JPEG or WebP image.`;
  return null;
}

/** The centred square of a width × height picture: what the icon keeps. */
export function squareCrop(width: number, height: number): { sx: number; sy: number; size: number } {
  const size = Math.min(width, height);
  return { sx: Math.floor((width - size) / 2), sy: Math.floor((height - size) / 2), size };
}

function canvasOf(size: number): { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D } {
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) throw new IconImageError('This browser cannot draw images, so the icon cannot be prepared here.');
  return { canvas, context };
}

function toBlob(canvas: HTMLCanvasElement, type: string, quality?: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

/** The canvas as the smallest good encoding that fits the upload limit: PNG, else WebP, else JPEG. */
export async function encodeIcon(canvas: HTMLCanvasElement): Promise<Blob> {
  const attempts: [string, number | undefined][] = [
    ['image/png', undefined],
    ['image/webp', 0.9],
    ['image/jpeg', 0.85],
  ];
  for (const [type, quality] of attempts) {
    const blob = await toBlob(canvas, type, quality);
    // A browser that cannot encode a type hands back PNG instead; only keep what was asked for.
    if (blob && blob.type === type && blob.size <= MAX_ICON_UPLOAD_BYTES) return blob;
  }
  throw new IconImageError('The picture is still larger than 1 MB after resizing. Choose a simpler picture.');
}

/** Crops the picture to its centre square and resizes it to 512 × 512. */
export async function prepareIcon(file: Blob): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch (cause) {
    throw new IconImageError('This picture could not be read. It may be damaged; try another one.', { cause });
  }
  try {
    const { sx, sy, size } = squareCrop(bitmap.width, bitmap.height);
    const { canvas, context } = canvasOf(ICON_SIZE);
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, sx, sy, size, size, 0, 0, ICON_SIZE, ICON_SIZE);
    return await encodeIcon(canvas);
  } finally {
    bitmap.close();
  }
}

export { canvasOf };
