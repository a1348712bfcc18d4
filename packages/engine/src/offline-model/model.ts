import type { ModelCapability, ModelChunk, ModelRequest } from '../run/capabilities';
import type { JsonField } from '../spec/steps';
import { escapeMarkdown } from '../template/template';

export const OFFLINE_MODEL_ID = 'offline';
export const OFFLINE_MODEL_LABEL = 'offline model';
/** Every text answer of the offline model starts with this, so nobody mistakes it for AI output. */
export const OFFLINE_MARKER = '**Offline model** —';
/** Every JSON text field it fills starts with this. */
export const OFFLINE_JSON_MARKER = 'Offline model (no AI):';

export interface OfflineModelOptions {
  /** Words per streamed chunk (default 3). */
  readonly wordsPerChunk?: number;
  /**
   * A pause between chunks, in ms (default 0): paces the answer like a real model's stream, so
   * people see it arrive word by word rather than all at once.
   */
  readonly chunkDelayMs?: number;
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

function words(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/).length;
}

function firstLines(text: string, lines = 2, max = 160): string {
  const picked = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .slice(0, lines)
    .join(' / ');
  return picked.length > max ? `${picked.slice(0, max)}…` : picked;
}

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The honest answer to a text prompt: what the step received, clearly marked as not AI-written. */
export function summariseRequest(request: Pick<ModelRequest, 'prompt' | 'system' | 'variables'>): string {
  const entries = Object.entries(request.variables);
  const parts: string[] = [
    `${OFFLINE_MARKER} no AI model is connected, so this is a summary of what this step received, not an AI answer.`,
    '',
    `**Instructions** (${plural(words(request.prompt), 'word')}): “${escapeMarkdown(firstLines(request.prompt, 1))}”`,
    request.system && request.system.trim() !== ''
      ? `**System prompt** (${plural(words(request.system), 'word')}): “${escapeMarkdown(firstLines(request.system, 1))}”`
      : '**System prompt:** none',
    '',
  ];
  if (entries.length === 0) {
    parts.push('**Inputs received:** none');
  } else {
    parts.push(`**Inputs received** (${entries.length}):`);
    for (const [name, value] of entries) {
      const shown = value.trim() === '' ? '(empty)' : `“${escapeMarkdown(firstLines(value))}”`;
      parts.push(`- **${escapeMarkdown(name)}** (${plural(words(value), 'word')}): ${shown}`);
    }
  }
  parts.push('', '_Connect an AI provider (AI\\_BASE\\_URL, AI\\_API\\_KEY, AI\\_MODEL) to get real answers._');
  return parts.join('\n');
}

/**
 * A JSON object of the declared shape: every text says it came from the offline model and what it
 * received; numbers are 0, lists of numbers empty and booleans false, so nothing looks like an answer.
 */
export function offlineJson(fields: readonly JsonField[], variables: Readonly<Record<string, string>>): Record<string, unknown> {
  const entries = Object.entries(variables);
  const received =
    entries.length === 0 ? 'no inputs' : entries.map(([name, value]) => `${name} = “${firstLines(value, 1, 60)}”`).join(', ');
  // Null prototype: a declared field may legitimately be called `__proto__`.
  const object = Object.create(null) as Record<string, unknown>;
  for (const field of fields) {
    switch (field.type) {
      case 'string':
        object[field.name] = `${OFFLINE_JSON_MARKER} ${field.name} would be written from ${received}.`;
        break;
      case 'number':
        // Zero, never a plausible-looking figure a visitor could take for a real answer.
        object[field.name] = 0;
        break;
      case 'boolean':
        object[field.name] = false;
        break;
      case 'string_list':
        object[field.name] =
          entries.length === 0
            ? [`${OFFLINE_JSON_MARKER} no inputs`]
            : entries.slice(0, 5).map(([name, value]) => `${OFFLINE_JSON_MARKER} ${name} (${plural(words(value), 'word')})`);
        break;
      case 'number_list':
        object[field.name] = [];
        break;
    }
  }
  return object;
}

function chunk(text: string, wordsPerChunk: number): string[] {
  const pieces = text.match(/\s*\S+/g) ?? [];
  const chunks: string[] = [];
  for (let i = 0; i < pieces.length; i += wordsPerChunk) chunks.push(pieces.slice(i, i + wordsPerChunk).join(''));
  const tail = text.length - chunks.join('').length;
  if (tail > 0) chunks.push(text.slice(text.length - tail));
  return chunks;
}

/**
 * The built-in model that serves when no AI provider is configured. Deterministic (the same
 * request gives the same answer), labelled everywhere, and honest: it reports what it received
 * instead of pretending to write.
 */
export function createOfflineModel(options: OfflineModelOptions = {}): ModelCapability {
  const wordsPerChunk = Math.max(1, Math.floor(options.wordsPerChunk ?? 3));
  const chunkDelayMs = Math.max(0, Math.min(1000, Math.floor(options.chunkDelayMs ?? 0)));
  return {
    id: OFFLINE_MODEL_ID,
    label: OFFLINE_MODEL_LABEL,
    offline: true,
    async *stream(request: ModelRequest): AsyncGenerator<ModelChunk> {
      const text =
        request.responseFormat === 'json'
          ? JSON.stringify(offlineJson(request.jsonFields ?? [], request.variables), null, 2)
          : summariseRequest(request);
      let first = true;
      for (const piece of chunk(text, wordsPerChunk)) {
        // Let the consumer (and a cancel) run between chunks, as a network stream would.
        if (chunkDelayMs > 0 && !first) await pause(chunkDelayMs, request.signal);
        else await Promise.resolve();
        first = false;
        if (request.signal.aborted) throw request.signal.reason instanceof Error ? request.signal.reason : new Error('aborted');
        yield { type: 'text', text: piece };
      }
      yield {
        type: 'usage',
        inputTokens: Math.ceil(((request.system ?? '').length + request.prompt.length) / 4),
        outputTokens: Math.ceil(text.length / 4),
      };
    },
  };
}
