import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './types.js';

function tooLarge(requestId: string, maxBytes: number): Response {
  return Response.json(
    { code: 'payload_too_large', message: `Request body is larger than ${maxBytes} bytes`, request_id: requestId },
    { status: 413 },
  );
}

/**
 * Refuses bodies over maxBytes with 413 before any route reads them: by Content-Length when
 * declared, otherwise (chunked uploads) by counting while buffering, so a lying client gains nothing.
 */
export function bodyLimit(maxBytes: number, applies: (path: string) => boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // GET and HEAD carry no body; touching `.body` would make the adapter build a full Request.
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || !applies(c.req.path)) return next();
    // A declared length is checked from the header alone: touching `.body` would make the Node
    // adapter build a web ReadableStream, and routes then read the bytes straight from the socket.
    const declared = c.req.header('content-length');
    if (declared !== undefined) {
      const length = Number(declared);
      if (!Number.isFinite(length) || length > maxBytes) return tooLarge(c.get('requestId'), maxBytes);
      return next();
    }
    const body = c.req.raw.body;
    if (!body) return next();
    const chunks: Uint8Array[] = [];
    let size = 0;
    // Node's fetch types leave the chunk type open; request bodies are byte streams.
    const reader = (body as ReadableStream<Uint8Array>).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        return tooLarge(c.get('requestId'), maxBytes);
      }
      chunks.push(value);
    }
    c.req.raw = new Request(c.req.raw, { body: Buffer.concat(chunks) });
    return next();
  };
}
