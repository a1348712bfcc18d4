// The CSV import's module worker: papaparse reads, checks and batches the file here, off the
// page's thread (started by csv-worker-client.ts when a person picks a file to import).
import { serveCsvParser } from './csv-worker-protocol';

serveCsvParser(self);
