import { describe, expect, it, vi } from 'vitest';

import type { ModelChunk, ModelRequest } from '../run/capabilities';
import { OFFLINE_JSON_MARKER, createOfflineModel } from './model';

const request = (overrides: Partial<ModelRequest> = {}): ModelRequest => ({
  prompt: 'Write a lesson plan on photosynthesis for ages 10-11.\nInclude a starter.',
  system: 'You are a teacher.',
  settings: { temperature: 0.7, maxOutputTokens: 500 },
  signal: new AbortController().signal,
  responseFormat: 'text',
  variables: { topic: 'Photosynthesis', notes: 'Line one of notes\nLine two\nLine three' },
  ...overrides,
});

async function read(stream: AsyncIterable<ModelChunk>): Promise<{ text: string; chunks: string[]; usage: ModelChunk | undefined }> {
  const chunks: string[] = [];
  let usage: ModelChunk | undefined;
  for await (const chunk of stream) {
    if (chunk.type === 'text') chunks.push(chunk.text);
    else usage = chunk;
  }
  return { text: chunks.join(''), chunks, usage };
}

describe('createOfflineModel', () => {
  it('paces its chunks when asked (chunkDelayMs), so people see the answer arrive word by word', async () => {
    vi.useFakeTimers();
    try {
      const stream = createOfflineModel({ chunkDelayMs: 40 }).stream(request())[Symbol.asyncIterator]();
      const first = await stream.next();
      expect(first.value).toMatchObject({ type: 'text' });
      let second: IteratorResult<ModelChunk> | undefined;
      void stream.next().then((result) => {
        second = result;
      });
      await vi.advanceTimersByTimeAsync(39);
      expect(second).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(second?.value).toMatchObject({ type: 'text' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('says it is the offline model wherever it shows', () => {
    const model = createOfflineModel();
    expect(model).toMatchObject({ id: 'offline', label: 'offline model', offline: true });
  });

  it('answers with a clearly labelled summary of what it received, never an invented answer', async () => {
    const { text, usage } = await read(createOfflineModel().stream(request()));
    expect(text.startsWith('**Offline model** — no AI model is connected')).toBe(true);
    expect(text).toContain('not an AI answer');
    expect(text).toContain('**Instructions** (12 words): “Write a lesson plan on photosynthesis for ages 10\\-11\\.”');
    expect(text).toContain('**System prompt** (4 words)');
    expect(text).toContain('**Inputs received** (2):');
    expect(text).toContain('- **topic** (1 word): “Photosynthesis”');
    expect(text).toContain('- **notes** (8 words): “Line one of notes / Line two”');
    expect(text).not.toContain('Line three');
    expect(usage).toMatchObject({ type: 'usage', outputTokens: Math.ceil(text.length / 4) });
  });

  it('is deterministic and streams in small chunks', async () => {
    const a = await read(createOfflineModel().stream(request()));
    const b = await read(createOfflineModel().stream(request()));
    expect(a).toEqual(b);
    expect(a.chunks.length).toBeGreaterThan(20);
    expect(Math.max(...a.chunks.map((c) => c.split(/\s+/).filter(Boolean).length))).toBeLessThanOrEqual(3);
    const different = await read(createOfflineModel().stream(request({ variables: { topic: 'Volcanoes' } })));
    expect(different.text).not.toBe(a.text);
  });

  it('says so when it received no inputs', async () => {
    const { text } = await read(createOfflineModel().stream(request({ variables: {}, system: undefined })));
    expect(text).toContain('**Inputs received:** none');
    expect(text).toContain('**System prompt:** none');
  });

  it('answers JSON requests with the declared fields, each text labelled as offline', async () => {
    const { text } = await read(
      createOfflineModel().stream(
        request({
          responseFormat: 'json',
          jsonFields: [
            { name: 'title', type: 'string', required: true },
            { name: 'minutes', type: 'number', required: true },
            { name: 'ok', type: 'boolean', required: true },
            { name: 'steps', type: 'string_list', required: true },
            { name: 'counts', type: 'number_list', required: true },
          ],
        }),
      ),
    );
    const value = JSON.parse(text) as Record<string, unknown>;
    expect(value.title).toMatch(new RegExp(`^${OFFLINE_JSON_MARKER.replace(/[()]/g, '\\$&')}`));
    expect(value).toMatchObject({ minutes: 0, ok: false, counts: [] });
    expect(value.steps).toEqual([`${OFFLINE_JSON_MARKER} topic (1 word)`, `${OFFLINE_JSON_MARKER} notes (8 words)`]);
  });

  it('stops streaming when its signal aborts', async () => {
    const controller = new AbortController();
    const chunks: string[] = [];
    await expect(
      (async () => {
        for await (const chunk of createOfflineModel().stream(request({ signal: controller.signal }))) {
          if (chunk.type === 'text') chunks.push(chunk.text);
          if (chunks.length === 2) controller.abort(new Error('stop'));
        }
      })(),
    ).rejects.toThrow('stop');
    expect(chunks).toHaveLength(2);
  });
});
