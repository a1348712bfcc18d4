// Phoenix channel frames as realtime-js 2.x speaks them (supabase-wire §6.2): vsn 1.0.0 sends
// JSON objects, vsn 2.0.0 JSON arrays plus binary "user broadcast push" frames (kind 3).
import { z } from 'zod';

export type Vsn = '1.0.0' | '2.0.0';

export interface Frame {
  join_ref: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

/** The largest frame a client may send (a broadcast payload included). */
export const MAX_FRAME_BYTES = 256 * 1024;

const ref = z
  .union([z.string().max(255), z.number().int()])
  .nullish()
  .transform((value) => (value === undefined || value === null ? null : String(value)));
const frameObject = z.object({
  join_ref: ref,
  ref,
  topic: z.string().min(1).max(255),
  event: z.string().min(1).max(255),
  payload: z.record(z.string(), z.unknown()),
});
const frameArray = z.tuple([ref, ref, z.string().min(1).max(255), z.string().min(1).max(255), z.record(z.string(), z.unknown())]);

const USER_BROADCAST_PUSH = 3;
const USER_BROADCAST = 4;
const JSON_ENCODING = 1;

export class FrameError extends Error {}

/** A client frame, or a FrameError saying why it is not one. */
export function decodeFrame(vsn: Vsn, data: Buffer | string, isBinary: boolean): Frame {
  if (isBinary) {
    if (vsn !== '2.0.0') throw new FrameError('binary frames need vsn 2.0.0');
    return decodeBinary(typeof data === 'string' ? Buffer.from(data) : data);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(typeof data === 'string' ? data : data.toString('utf8'));
  } catch {
    throw new FrameError('frame is not JSON');
  }
  if (vsn === '2.0.0') {
    const result = frameArray.safeParse(parsed);
    if (!result.success) throw new FrameError('frame is not [join_ref, ref, topic, event, payload]');
    const [joinRef, msgRef, topic, event, payload] = result.data;
    return { join_ref: joinRef, ref: msgRef, topic, event, payload };
  }
  const result = frameObject.safeParse(parsed);
  if (!result.success) throw new FrameError('frame is not {topic, event, payload, ref, join_ref}');
  return result.data;
}

function decodeBinary(buffer: Buffer): Frame {
  if (buffer.length < 7 || buffer[0] !== USER_BROADCAST_PUSH) throw new FrameError('unknown binary frame');
  const lengths = [buffer[1], buffer[2], buffer[3], buffer[4], buffer[5]] as number[];
  const encoding = buffer[6];
  let offset = 7;
  const parts: string[] = [];
  for (const length of lengths) {
    if (offset + length > buffer.length) throw new FrameError('binary frame is truncated');
    parts.push(buffer.toString('utf8', offset, offset + length));
    offset += length;
  }
  const [joinRef, msgRef, topic, userEvent, metadata] = parts as [string, string, string, string, string];
  if (!topic || !userEvent) throw new FrameError('binary frame has no topic or event');
  const body = buffer.subarray(offset);
  let payload: unknown;
  if (encoding === JSON_ENCODING) {
    try {
      payload = JSON.parse(body.toString('utf8'));
    } catch {
      throw new FrameError('binary frame payload is not JSON');
    }
  } else {
    payload = { binary: body.toString('base64') };
  }
  let meta: Record<string, unknown> = {};
  if (metadata) {
    try {
      const parsedMeta: unknown = JSON.parse(metadata);
      if (parsedMeta && typeof parsedMeta === 'object') meta = parsedMeta as Record<string, unknown>;
    } catch {
      throw new FrameError('binary frame metadata is not JSON');
    }
  }
  return {
    join_ref: joinRef || null,
    ref: msgRef || null,
    topic,
    event: 'broadcast',
    payload: { ...meta, type: 'broadcast', event: userEvent, payload, binary: encoding !== JSON_ENCODING },
  };
}

/** A server frame in the socket's format. */
export function encodeFrame(vsn: Vsn, frame: Frame): string {
  if (vsn === '2.0.0') return JSON.stringify([frame.join_ref, frame.ref, frame.topic, frame.event, frame.payload]);
  return JSON.stringify(frame);
}

/** vsn 2.0.0 binary "user broadcast" (kind 4) for a broadcast whose payload was binary. */
export function encodeBinaryBroadcast(topic: string, event: string, payload: Buffer): Buffer {
  const topicBytes = Buffer.from(topic);
  const eventBytes = Buffer.from(event);
  const header = Buffer.from([USER_BROADCAST, topicBytes.length, eventBytes.length, 0, 0]);
  return Buffer.concat([header, topicBytes, eventBytes, payload]);
}

export function reply(frame: Frame, status: 'ok' | 'error', response: Record<string, unknown>): Frame {
  return { join_ref: frame.join_ref, ref: frame.ref, topic: frame.topic, event: 'phx_reply', payload: { status, response } };
}

/**
 * A whole server-to-client WebSocket text frame (RFC 6455 §5.2: FIN, opcode 1, unmasked), header
 * and UTF-8 payload in one buffer. A change's frame is made once and written as is to every socket
 * that receives the same bytes, instead of framing it again per socket.
 */
export function encodeTextFrame(text: string): Buffer {
  const length = Buffer.byteLength(text);
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81;
  if (headerLength === 2) {
    frame[1] = length;
  } else if (headerLength === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  frame.write(text, headerLength, 'utf8');
  return frame;
}
