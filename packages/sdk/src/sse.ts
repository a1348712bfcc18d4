// Reads a server-sent event stream (a function's text/event-stream answer) event by event.
import { createParser } from 'eventsource-parser';
import type { EventSourceMessage } from 'eventsource-parser';

export interface SseMessage {
  event: string;
  data: unknown;
}

/**
 * Yields each event of the body with its JSON data. Ends when the body ends or the signal aborts
 * (then quietly: the caller cancelled). A body that breaks off throws the read error.
 */
export async function* readSse(body: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<SseMessage> {
  const queue: SseMessage[] = [];
  const parser = createParser({
    onEvent(message: EventSourceMessage) {
      let data: unknown;
      try {
        data = JSON.parse(message.data) as unknown;
      } catch {
        data = message.data;
      }
      queue.push({ event: message.event ?? 'message', data });
    },
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const onAbort = (): void => {
    void reader.cancel().catch(() => undefined);
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      if (signal?.aborted) return;
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        if (signal?.aborted) return;
        throw error;
      }
      if (chunk.done) {
        parser.feed(decoder.decode());
        while (queue.length > 0) {
          const next = queue.shift();
          if (next) yield next;
        }
        return;
      }
      parser.feed(decoder.decode(chunk.value, { stream: true }));
      while (queue.length > 0) {
        const next = queue.shift();
        if (next) yield next;
        if (signal?.aborted) return;
      }
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    // Stopping early (break, abort) closes the connection.
    await reader.cancel().catch(() => undefined);
  }
}
