// What the databases' Storybook stories share: <PageStory> — a page rendered the way the shell
// renders it (TanStack Query, the SDK's AppforgeProvider over the in-memory fake backend, toasts,
// a memory router) — and Ada's library with books, so pages show realistic data with no backend.
import '../styles.css';
import type { DatabaseDetail, DatabaseTableInfo } from '@appforge/sdk';
import { AppforgeProvider } from '@appforge/sdk/react';
import { createFakeAppforgeClient, makeDatabase, makeDatabaseTable } from '@appforge/sdk/testing';
import type { FakeAppforgeClient } from '@appforge/sdk/testing';
import { ToastProvider } from '@appforge/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { routes } from '../routes';

/** Lazy pages download before they render; a busy machine needs longer than the default 1 s. */
export const WAIT = { timeout: 10_000 } as const;

function OtherPage() {
  const location = useLocation();
  return (
    <div>
      <h1>Another page</h1>
      <p>{`The link leads to ${location.pathname}, which this story does not show.`}</p>
    </div>
  );
}

export interface PageStoryProps {
  /** Fills the fake backend and returns the address to open. */
  seed: (client: FakeAppforgeClient) => string;
}

/** A databases page inside the providers the shell gives it, over the in-memory fake backend. */
export function PageStory({ seed }: PageStoryProps) {
  const [setup] = useState(() => {
    const client = createFakeAppforgeClient();
    const path = seed(client);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    const router = createMemoryRouter([...routes, { path: '*', element: <OtherPage /> }], { initialEntries: [path] });
    return { client, queryClient, router };
  });
  return (
    <QueryClientProvider client={setup.queryClient}>
      <AppforgeProvider client={setup.client}>
        <ToastProvider>
          <main>
            <RouterProvider router={setup.router} />
          </main>
        </ToastProvider>
      </AppforgeProvider>
    </QueryClientProvider>
  );
}

const TITLES = ['Dune', 'Emma', 'Ulysses', 'Beloved', 'Middlemarch', 'Frankenstein', 'Dracula', 'Persuasion'];

/** Ada's "Library" with a "Books" table of `rows` books. */
export function seedLibrary(client: FakeAppforgeClient, rows = 8): { database: DatabaseDetail; books: DatabaseTableInfo } {
  const ownerId = (client.fake.data.session ?? client.fake.signIn({ email: 'ada@example.org' })).user.id;
  const database = makeDatabase({ owner_id: ownerId, name: 'Library', description: 'Books the class read this year' });
  const books = makeDatabaseTable({
    database_id: database.id,
    name: 'Books',
    columns: [
      { name: 'Title', type: 'text' },
      { name: 'Pages', type: 'number' },
      { name: 'Finished', type: 'date' },
      { name: 'Loved it', type: 'boolean' },
    ],
  });
  database.tables = [books];
  client.fake.data.databases[database.id] = database;
  const start = Date.parse('2026-01-01T00:00:00Z');
  client.fake.data.databaseRows[books.id] = Array.from({ length: rows }, (_, i) => {
    const at = new Date(start + i * 60_000).toISOString();
    return {
      id: crypto.randomUUID(),
      data: { Title: TITLES[i % TITLES.length] ?? 'Book', Pages: 100 + ((i * 37) % 600), Finished: `2026-0${String(1 + (i % 9))}-1${String(i % 10)}`, 'Loved it': i % 3 === 0 },
      created_at: at,
      updated_at: at,
    };
  });
  return { database, books };
}
