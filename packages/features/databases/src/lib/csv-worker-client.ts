// The dialog's side of the CSV worker: one request at a time, as promises. The worker (and with
// it papaparse) is loaded only when a person picks a file to import; closing the dialog or
// cancelling terminates it, which stops the reading at once.
import type { CsvPreview, ImportBatch, ImportPlan } from './csv-parse';
import type { CsvPort, CsvReply, CsvRequest } from './csv-worker-protocol';

/** The worker refused the file (`file`: a problem of the file itself) or failed. */
export class CsvParserError extends Error {
  override name = 'CsvParserError';
  constructor(
    message: string,
    readonly file: boolean,
  ) {
    super(message);
  }
}

interface Endpoint {
  post(request: CsvRequest): void;
  listen(onReply: (reply: CsvReply) => void, onCrash: (message: string) => void): void;
  terminate(): void;
}

type Handler = { reply: (reply: CsvReply) => void; fail: (error: Error) => void };

export class CsvParser {
  private handler: Handler | null = null;
  private closed = false;

  constructor(private readonly endpoint: Endpoint) {
    endpoint.listen(
      (reply) => {
        if (reply.type === 'error') this.handler?.fail(new CsvParserError(reply.message, reply.file));
        else this.handler?.reply(reply);
      },
      (message) => this.handler?.fail(new CsvParserError(message, false)),
    );
  }

  private run<T>(request: CsvRequest, onReply: (reply: CsvReply, done: (value: T) => void, fail: (error: Error) => void) => void): Promise<T> {
    if (this.closed) return Promise.reject(new CsvParserError('The import was cancelled.', false));
    return new Promise<T>((resolve, reject) => {
      const finish = (value: T) => {
        this.handler = null;
        resolve(value);
      };
      const fail = (error: Error) => {
        this.handler = null;
        reject(error);
      };
      this.handler = { reply: (reply) => onReply(reply, finish, fail), fail };
      this.endpoint.post(request);
    });
  }

  preview(file: Blob): Promise<CsvPreview> {
    return this.run<CsvPreview>({ type: 'preview', file }, (reply, done) => {
      if (reply.type === 'preview') done(reply.preview);
    });
  }

  /** The number of records after the header; `onProgress` with the bytes read so far. */
  count(file: Blob, onProgress: (bytesRead: number) => void): Promise<number> {
    return this.run<number>({ type: 'count', file }, (reply, done) => {
      if (reply.type === 'progress') onProgress(reply.bytesRead);
      else if (reply.type === 'counted') done(reply.records);
    });
  }

  /** Every batch of the file in order; the next is asked for once `send` is done with this one. */
  import(file: Blob, plan: ImportPlan, send: (batch: ImportBatch) => Promise<void>): Promise<void> {
    return this.run<undefined>({ type: 'import', file, plan }, (reply, done, fail) => {
      if (reply.type === 'done') done(undefined);
      else if (reply.type === 'batch') {
        send(reply.batch).then(
          () => {
            if (!this.closed) this.endpoint.post({ type: 'next' });
          },
          (error: unknown) => fail(error instanceof Error ? error : new Error(String(error))),
        );
      }
    });
  }

  /** Stops the worker; a request in progress is refused as cancelled. */
  terminate(): void {
    if (this.closed) return;
    this.closed = true;
    this.endpoint.terminate();
    this.handler?.fail(new CsvParserError('The import was cancelled.', false));
  }
}

function workerEndpoint(): Endpoint {
  const worker = new Worker(new URL('./csv-import.worker.ts', import.meta.url), { type: 'module', name: 'CSV import' });
  return {
    post: (request) => worker.postMessage(request),
    listen: (onReply, onCrash) => {
      worker.addEventListener('message', (event: MessageEvent<CsvReply>) => onReply(event.data));
      worker.addEventListener('error', (event) => {
        event.preventDefault();
        onCrash(`The CSV reader stopped: ${event.message || 'it could not be loaded'}.`);
      });
    },
    terminate: () => worker.terminate(),
  };
}

/** Where there is no Worker (jsdom), the same parser answers on this thread, asynchronously. */
async function localEndpoint(): Promise<Endpoint> {
  const { serveCsvParser } = await import('./csv-worker-protocol');
  const toParser: ((event: MessageEvent<CsvRequest>) => void)[] = [];
  let toDialog: ((reply: CsvReply) => void) | null = null;
  let stopped = false;
  const port: CsvPort = {
    postMessage: (reply) => setTimeout(() => !stopped && toDialog?.(reply), 0),
    addEventListener: (_type, listener) => toParser.push(listener),
  };
  serveCsvParser(port);
  return {
    post: (request) => setTimeout(() => !stopped && toParser.forEach((listener) => listener({ data: request } as MessageEvent<CsvRequest>)), 0),
    listen: (onReply) => {
      toDialog = onReply;
    },
    terminate: () => {
      stopped = true;
    },
  };
}

/** Starts the CSV worker (a module worker; bundled by Vite from the `new URL` above). */
export async function openCsvParser(): Promise<CsvParser> {
  return new CsvParser(typeof Worker === 'function' ? workerEndpoint() : await localEndpoint());
}
