// Vitest globalSetup: one embedded backend for the jsdom test files. They cannot host it
// themselves (under jsdom the backend's JWT library rejects jsdom's typed arrays), so they reach
// it over loopback HTTP like a browser tab would (test/remote-backend.ts).
import type { TestProject } from 'vitest/node';
import { startBackend } from './backend';

declare module 'vitest' {
  export interface ProvidedContext {
    backend: { url: string; anonKey: string; serviceRoleKey: string; mailboxUrl: string };
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const backend = await startBackend();
  project.provide('backend', {
    url: backend.url,
    anonKey: backend.anonKey,
    serviceRoleKey: backend.serviceRoleKey,
    mailboxUrl: backend.mailboxUrl,
  });
  return () => backend.stop();
}
