// jsdom has no canvas and no image decoding; both belong to the browser, not to our code. This
// stand-in decodes PNG dimensions from the real IHDR header, records what is drawn, and encodes
// a canvas as a Blob of the asked type, so the icon pages can be exercised end to end in tests.
import { vi } from 'vitest';

export interface CanvasCall {
  method: string;
  args: unknown[];
}

export interface FakeCanvas {
  calls: CanvasCall[];
  /** Bytes toBlob produces per type (to make PNG too large, say). */
  encodedSize: Record<string, number>;
  /** Types this "browser" cannot encode (toBlob falls back to PNG, as browsers do). */
  unsupported: Set<string>;
  restore: () => void;
}

/** A PNG file whose header says width × height (the pixels are not needed to decode the size). */
export function pngFile(width: number, height: number, name = 'picture.png', extraBytes = 0): File {
  const bytes = new Uint8Array(33 + extraBytes);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return new File([bytes], name, { type: 'image/png' });
}

export function installFakeCanvas(): FakeCanvas {
  const fake: FakeCanvas = { calls: [], encodedSize: {}, unsupported: new Set(), restore: () => undefined };
  const record =
    (method: string) =>
    (...args: unknown[]) => {
      fake.calls.push({ method, args });
      return method === 'createLinearGradient' ? { addColorStop: record('addColorStop') } : undefined;
    };
  const state: Record<string, unknown> = {};
  const context = new Proxy(state, {
    get: (target, property): unknown => (typeof property === 'string' && !(property in target) ? record(property) : target[String(property)]),
    set: (target, property, value: unknown) => {
      target[String(property)] = value;
      fake.calls.push({ method: `set ${String(property)}`, args: [value] });
      return true;
    },
  });
  const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(((kind: string) =>
    kind === '2d' ? context : null) as unknown as HTMLCanvasElement['getContext']);
  const toBlob = vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (this: HTMLCanvasElement, callback, type = 'image/png') {
    const encoded = fake.unsupported.has(type) ? 'image/png' : type;
    fake.calls.push({ method: 'toBlob', args: [type, this.width, this.height] });
    const size = fake.encodedSize[encoded] ?? 20_000;
    const signature = encoded === 'image/png' ? [0x89, 0x50, 0x4e, 0x47] : encoded === 'image/jpeg' ? [0xff, 0xd8, 0xff] : [0x52, 0x49, 0x46, 0x46];
    const bytes = new Uint8Array(size);
    bytes.set(signature);
    setTimeout(() => callback(new Blob([bytes], { type: encoded })), 0);
  });
  const decode = vi.fn(async (source: Blob) => {
    const bytes = new Uint8Array(await source.arrayBuffer());
    const isPng = bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[12] === 0x49 && bytes[13] === 0x48;
    if (!isPng) throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
    const view = new DataView(bytes.buffer);
    return { width: view.getUint32(16), height: view.getUint32(20), close: () => undefined };
  });
  vi.stubGlobal('createImageBitmap', decode);
  fake.restore = () => {
    getContext.mockRestore();
    toBlob.mockRestore();
    vi.unstubAllGlobals();
  };
  return fake;
}
