import type { ModelCapability, ModelChunk, ModelRequest } from '../src/run/capabilities';

/** What the scripted model does on one call. */
export interface ScriptedReply {
  readonly chunks?: readonly string[];
  readonly usage?: { readonly inputTokens: number; readonly outputTokens: number };
  /** Thrown after the chunks, like a provider dropping the connection. */
  readonly error?: Error;
  /** Never finishes: `respect` rejects when the signal aborts, `ignore` keeps hanging regardless. */
  readonly hang?: 'respect' | 'ignore';
}

export interface ScriptedModel extends ModelCapability {
  readonly requests: ModelRequest[];
  /** Resolves when the n-th call (1-based) has started. */
  waitForCall(n: number): Promise<void>;
}

/** A model that answers from a script: the outside world (a provider), faked for tests. */
export function scriptedModel(script: (request: ModelRequest, call: number) => ScriptedReply): ScriptedModel {
  const requests: ModelRequest[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  return {
    id: 'scripted',
    label: 'scripted model',
    offline: false,
    requests,
    waitForCall(n) {
      if (requests.length >= n) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ n, resolve }));
    },
    async *stream(request: ModelRequest): AsyncGenerator<ModelChunk> {
      requests.push(request);
      const call = requests.length;
      for (const waiter of waiters.filter((w) => w.n <= call)) waiter.resolve();
      const reply = script(request, call);
      for (const text of reply.chunks ?? []) {
        await Promise.resolve();
        yield { type: 'text', text };
      }
      if (reply.usage) yield { type: 'usage', ...reply.usage };
      if (reply.error) throw reply.error;
      if (reply.hang === 'respect') {
        await new Promise((_resolve, reject) => {
          request.signal.addEventListener('abort', () => reject(new Error('aborted by signal')), { once: true });
        });
      }
      if (reply.hang === 'ignore') await new Promise(() => undefined);
    },
  };
}

/** Replies with the given texts in order (the last one repeats). */
export function replies(...texts: string[]): (request: ModelRequest, call: number) => ScriptedReply {
  return (_request, call) => ({ chunks: [texts[Math.min(call, texts.length) - 1] ?? ''], usage: { inputTokens: 10, outputTokens: 5 } });
}
