import type { ModelCapability, ModelChunk, ModelRequest } from '@appforge/engine';

import { ModelError } from '../src/model-error';

export function request(overrides: Partial<ModelRequest> = {}): ModelRequest {
  return {
    prompt: 'Explain volcanoes to a 10-year-old.',
    settings: { temperature: 0.3, maxOutputTokens: 200 },
    signal: new AbortController().signal,
    responseFormat: 'text',
    variables: {},
    ...overrides,
  };
}

export interface Collected {
  readonly texts: string[];
  readonly usage: Extract<ModelChunk, { type: 'usage' }> | undefined;
  readonly error: ModelError | undefined;
}

/** Reads a model's stream to the end (or its error); `onText` may act mid-stream (e.g. abort). */
export async function collect(model: ModelCapability, req: ModelRequest, onText?: (text: string, index: number) => void): Promise<Collected> {
  const texts: string[] = [];
  let usage: Collected['usage'];
  try {
    for await (const chunk of model.stream(req)) {
      if (chunk.type === 'text') {
        texts.push(chunk.text);
        onText?.(chunk.text, texts.length - 1);
      } else {
        usage = chunk;
      }
    }
  } catch (error) {
    if (!(error instanceof ModelError)) throw error;
    return { texts, usage, error };
  }
  return { texts, usage, error: undefined };
}

export async function waitUntil(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
