// What the builder's Storybook stories share: the builder's styles, a memory router for
// presentational components, and <PageStory> — a page rendered the way the shell renders it
// (TanStack Query, the SDK's AppforgeProvider over the in-memory fake backend, toasts, a memory
// router), so pages show realistic data with no backend and no network.
import '@appforge/run-view/styles.css';
import '../../styles.css';
import { parseAppSpec } from '@appforge/engine';
import type { AppSpec, InputField } from '@appforge/engine';
import type { AppDetail, AppVersionRow } from '@appforge/sdk';
import { AppforgeProvider } from '@appforge/sdk/react';
import { createFakeAppforgeClient, makeApp, makeVersion } from '@appforge/sdk/testing';
import type { FakeAppforgeClient, FakeAppforgeOverrides } from '@appforge/sdk/testing';
import { ToastProvider } from '@appforge/ui';
import type { Decorator } from '@storybook/react-vite';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { MemoryRouter, RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import type { RouteObject } from 'react-router';

/** Lazy pages download before they render; a busy machine needs longer than the default 1 s. */
export const WAIT = { timeout: 10_000 } as const;

/** Where a link of a story leads when that page is not part of the story. */
function OtherPage() {
  const location = useLocation();
  return (
    <div>
      <h1>Another page</h1>
      <p>{`The link leads to ${location.pathname}${location.search}, which this story does not show.`}</p>
    </div>
  );
}

/** Presentational components use <Link>: give them a router (and the builder's styles). */
export const withRouter: Decorator = (Story) => (
  <MemoryRouter initialEntries={['/story']}>
    <Story />
  </MemoryRouter>
);

function FakeAppforge({ children }: { children: ReactNode }) {
  const [setup] = useState(() => ({
    client: createFakeAppforgeClient(),
    queryClient: new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }),
  }));
  return (
    <QueryClientProvider client={setup.queryClient}>
      <AppforgeProvider client={setup.client}>{children}</AppforgeProvider>
    </QueryClientProvider>
  );
}

/** Components with an action of their own (e.g. "Edit steps") need the SDK over the in-memory fake backend. */
export const withAppforge: Decorator = (Story) => (
  <FakeAppforge>
    <Story />
  </FakeAppforge>
);

export interface PageStoryProps {
  /** The route manifest of the folder the page belongs to. */
  routes: RouteObject[];
  /** Fills the fake backend and returns the address to open. */
  seed: (client: FakeAppforgeClient) => string;
  /** E.g. a method that never answers, to show a loading state. */
  overrides?: FakeAppforgeOverrides | undefined;
}

/** A builder page inside the providers the shell gives it, over the in-memory fake backend. */
export function PageStory({ routes, seed, overrides }: PageStoryProps) {
  const [setup] = useState(() => {
    const client = createFakeAppforgeClient(overrides);
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

/** Signs Ada in on the fake backend and returns her user id. */
export function signInOwner(client: FakeAppforgeClient): string {
  const session = client.fake.data.session ?? client.fake.signIn({ email: 'ada@example.org' });
  return session.user.id;
}

/**
 * Ada's app with one version (`spec`, or the factories' topic → write → result app) in the fake
 * backend: a draft, or deployed (then frozen, as the server keeps it).
 */
export function seedOwnedApp(
  client: FakeAppforgeClient,
  options: { spec?: AppSpec; deployed?: boolean; app?: Partial<AppDetail> } = {},
): { app: AppDetail; version: AppVersionRow } {
  const app = makeApp({ owner_id: signInOwner(client), name: 'Essay helper', description: 'Helps pupils plan an essay.', ...options.app });
  const version = makeVersion({ app_id: app.id, frozen: options.deployed ?? false, ...(options.spec ? { spec: options.spec } : {}) });
  if (options.deployed) app.deployed_version_id = version.id;
  else app.draft_version_id = version.id;
  client.fake.data.apps[app.id] = app;
  client.fake.data.versions[version.id] = version;
  return { app, version };
}

/** One input field with the engine's defaults applied (e.g. a file field's maxBytes). */
export function inputField(input: { type: InputField['type']; name: string; label: string; [key: string]: unknown }): InputField {
  const parsed = parseAppSpec({ entryStepId: 'a', steps: [{ id: 'a', kind: 'input', title: 'A', config: { fields: [input] } }] });
  if (!parsed.ok) throw new Error(parsed.error.message);
  const step = parsed.value.steps[0];
  if (step?.kind !== 'input' || !step.config.fields[0]) throw new Error(`The field “${input.name}” is not valid.`);
  return step.config.fields[0];
}

/** An ISO time `minutes` before now. */
export function minutesAgo(minutes: number): string {
  return new Date(Date.now() - minutes * 60_000).toISOString();
}
