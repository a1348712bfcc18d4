// A databases page inside the providers the shell gives it (TanStack Query, the SDK's
// AppforgeProvider over the in-memory fake backend, toasts, a memory router), and Ada's library.
import type { DatabaseDetail, DatabaseTableInfo } from '@appforge/sdk';
import { AppforgeProvider } from '@appforge/sdk/react';
import { createFakeAppforgeClient, makeDatabase, makeDatabaseTable } from '@appforge/sdk/testing';
import type { FakeAppforgeClient } from '@appforge/sdk/testing';
import { ToastProvider } from '@appforge/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { routes } from '../src/routes';

function Elsewhere() {
  const location = useLocation();
  return <h1>{`Elsewhere: ${location.pathname}`}</h1>;
}

export function renderPage(path: string, client: FakeAppforgeClient = createFakeAppforgeClient()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([...routes, { path: '*', element: <Elsewhere /> }], { initialEntries: [path] });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <AppforgeProvider client={client}>
        <ToastProvider>
          <main>
            <RouterProvider router={router} />
          </main>
        </ToastProvider>
      </AppforgeProvider>
    </QueryClientProvider>,
  );
  return { client, router, queryClient, ...utils };
}

export interface Library {
  client: FakeAppforgeClient;
  ownerId: string;
  database: DatabaseDetail;
  books: DatabaseTableInfo;
}

/** Ada signed in with a "Library" database whose "Books" table has `rows` rows. */
export function library(rows: Record<string, string | number | boolean>[] = []): Library {
  const client = createFakeAppforgeClient();
  const ownerId = client.fake.signIn({ email: 'ada@example.org' }).user.id;
  const database = makeDatabase({ owner_id: ownerId, name: 'Library', description: 'Books we read' });
  const books = makeDatabaseTable({
    database_id: database.id,
    name: 'Books',
    columns: [
      { name: 'Title', type: 'text' },
      { name: 'Pages', type: 'number' },
      { name: 'Finished', type: 'date' },
    ],
  });
  database.tables = [books];
  client.fake.data.databases[database.id] = database;
  const start = Date.parse('2026-01-01T00:00:00Z');
  client.fake.data.databaseRows[books.id] = rows.map((data, i) => {
    const at = new Date(start + i * 1000).toISOString();
    return { id: crypto.randomUUID(), data, created_at: at, updated_at: at };
  });
  return { client, ownerId, database, books };
}
