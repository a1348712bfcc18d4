// What the import dialog and the CSV worker say to each other. `serveCsvParser` is the worker's
// side; it runs in the module worker (csv-import.worker.ts) and, where a browser has no Worker
// (jsdom in component tests), on a local message port (csv-worker-client.ts).
import { CsvFileProblem, countCsv, importBatches, previewCsv } from './csv-parse';
import type { CsvPreview, ImportBatch, ImportPlan } from './csv-parse';

export type CsvRequest =
  | { type: 'preview'; file: Blob }
  | { type: 'count'; file: Blob }
  | { type: 'import'; file: Blob; plan: ImportPlan }
  /** The batch before was sent: post the next one. */
  | { type: 'next' };

export type CsvReply =
  | { type: 'preview'; preview: CsvPreview }
  | { type: 'progress'; bytesRead: number; records: number }
  | { type: 'counted'; records: number }
  | { type: 'batch'; batch: ImportBatch }
  /** Every batch was posted (and acknowledged with `next`). */
  | { type: 'done' }
  /** `file`: a problem of the whole file (shown as is); otherwise the parser failed. */
  | { type: 'error'; message: string; file: boolean };

export interface CsvPort {
  postMessage(message: CsvReply): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<CsvRequest>) => void): void;
}

/** Answers the dialog's requests, one at a time; an import posts one batch per `next`. */
export function serveCsvParser(port: CsvPort): void {
  let wantNext: (() => void) | null = null;
  let nextAsked = 0;
  const waitForNext = () =>
    new Promise<void>((resolve) => {
      if (nextAsked > 0) {
        nextAsked -= 1;
        resolve();
      } else wantNext = resolve;
    });

  async function handle(request: CsvRequest): Promise<void> {
    switch (request.type) {
      case 'next': {
        const resume = wantNext;
        wantNext = null;
        if (resume) resume();
        else nextAsked += 1;
        return;
      }
      case 'preview':
        port.postMessage({ type: 'preview', preview: await previewCsv(request.file) });
        return;
      case 'count': {
        const records = await countCsv(request.file, { onProgress: (bytesRead, seen) => port.postMessage({ type: 'progress', bytesRead, records: seen }) });
        port.postMessage({ type: 'counted', records });
        return;
      }
      case 'import': {
        // The next batch is read and checked while the one before is on its way to the server.
        const batches = importBatches(request.file, request.plan);
        let next = batches.next();
        for (;;) {
          const current = await next;
          if (current.done) {
            port.postMessage({ type: 'done' });
            return;
          }
          next = batches.next();
          port.postMessage({ type: 'batch', batch: current.value });
          await waitForNext();
        }
      }
    }
  }

  port.addEventListener('message', (event) => {
    handle(event.data).catch((error: unknown) => {
      const file = error instanceof CsvFileProblem;
      port.postMessage({ type: 'error', file, message: error instanceof Error ? error.message : String(error) });
    });
  });
}
