import { describe, expect, it } from 'vitest';
import { toRunStreamEvent } from './run-events';
import { readSse } from './sse';

function streamOf(...chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

describe('run stream parsing', () => {
  it('reads events split across chunks, in order', async () => {
    const body = streamOf('event: run\ndata: {"run_id":"r","offl', 'ine":true,"model_label":"Offline"}\n\nevent: token\ndata: {"type":"token","stepId":"a","text":"Hi"}\n\n');
    const events = [];
    for await (const message of readSse(body)) events.push(toRunStreamEvent(message.event, message.data));
    expect(events).toEqual([
      { type: 'run', run_id: 'r', offline: true, model_label: 'Offline' },
      { type: 'token', stepId: 'a', text: 'Hi' },
    ]);
  });

  it('skips unknown events and flags malformed known ones', () => {
    expect(toRunStreamEvent('ping', { type: 'ping' })).toBeNull();
    expect(toRunStreamEvent('token', { type: 'token', stepId: 'a' })).toEqual({ type: 'invalid' });
    expect(toRunStreamEvent('run', { run_id: 1 })).toEqual({ type: 'invalid' });
  });

  it('stops quietly when the signal aborts', async () => {
    const controller = new AbortController();
    const body = new ReadableStream<Uint8Array>({
      start(stream) {
        stream.enqueue(new TextEncoder().encode('event: token\ndata: {"type":"token","stepId":"a","text":"x"}\n\n'));
      },
    });
    const seen: unknown[] = [];
    for await (const message of readSse(body, controller.signal)) {
      seen.push(message);
      controller.abort();
    }
    expect(seen).toHaveLength(1);
  });
});
