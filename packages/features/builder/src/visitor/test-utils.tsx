// Helpers for the visitor pages' tests: a memory router around presentational components, and
// fixtures built through the engine's own parser (so every spec has the defaults a real one has).
import { parseAppSpec } from '@appforge/engine';
import type { AppSpec, AppSpecInput, InputField } from '@appforge/engine';
import type { AppDetail } from '@appforge/sdk';
import { AppforgeProvider } from '@appforge/sdk/react';
import { createFakeAppforgeClient, makeApp, makeVersion } from '@appforge/sdk/testing';
import type { FakeAppforgeClient } from '@appforge/sdk/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';
import type { DesignLike } from './lib/design-style';
import { visitorRoutes } from './routes';

export const APP_ID = '7b0c6a52-4c1e-4a55-9a3e-2b8f0d5e9c11';
export const RUN_ID = '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0';

export const DESIGN: DesignLike = { theme_color: '#0f766e', font: 'serif', layout: 'centered', welcome_text: 'Plan a lesson in a minute.' };

/** Renders `element` at `path` in a memory router, with a page at /sign-in to follow links to. */
export function renderInRouter(element: ReactNode, { path = '/here', routes = [] }: { path?: string; routes?: RouteObject[] } = {}) {
  const router = createMemoryRouter(
    [
      { path: path.split('?')[0] ?? '/', element },
      { path: '/sign-in', element: <h1>Sign-in page</h1> },
      ...routes,
    ],
    { initialEntries: [path] },
  );
  return { router, ...render(<RouterProvider router={router} />) };
}

export function spec(input: AppSpecInput): AppSpec {
  const parsed = parseAppSpec(input);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

/** A lesson planner: a form, an AI step, a choice, and an output. */
export const LESSON_SPEC: AppSpec = spec({
  entryStepId: 'ask',
  steps: [
    {
      id: 'ask',
      kind: 'input',
      title: 'Your lesson',
      config: {
        intro: 'Tell us about the class.',
        fields: [
          { name: 'topic', label: 'Topic', type: 'text', required: true, maxLength: 200 },
          { name: 'notes', label: 'Notes', type: 'long_text' },
          { name: 'minutes', label: 'Minutes', type: 'number', min: 10, max: 120, integer: true, required: true },
          { name: 'level', label: 'Level', type: 'choice', options: ['Beginner', 'Advanced'], required: true },
          { name: 'homework', label: 'Homework', type: 'yes_no' },
        ],
      },
    },
    { id: 'plan', kind: 'ai', title: 'Lesson plan', config: { prompt: 'Plan {{topic}}', outputVariable: 'plan' } },
    { id: 'show', kind: 'output', title: 'Your plan', config: { template: '{{plan}}' }, next: { type: 'end' } },
  ],
});

/** One input field with the engine's defaults applied (e.g. a file field's maxBytes). */
export function field(input: { type: InputField['type']; name: string; label: string; [key: string]: unknown }): InputField {
  const parsed = parseAppSpec({ entryStepId: 'a', steps: [{ id: 'a', kind: 'input', title: 'A', config: { fields: [input] } }] });
  if (!parsed.ok) throw new Error(parsed.error.message);
  const step = parsed.value.steps[0];
  if (step?.kind !== 'input' || !step.config.fields[0]) throw new Error('no field');
  return step.config.fields[0];
}

/** Everything a page needs around it, as apps/web gives it: TanStack Query, the SDK's provider (here with a fake client), a router. */
export function renderPage(path: string, { client = createFakeAppforgeClient(), routes = [] }: { client?: FakeAppforgeClient; routes?: RouteObject[] } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [...visitorRoutes, { path: '/sign-in', element: <h1>Sign-in page</h1> }, ...routes],
    { initialEntries: [path] },
  );
  // StrictMode as in apps/web: effects run twice, so a resume or a stream must survive that.
  const utils = render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AppforgeProvider client={client}>
          <RouterProvider router={router} />
        </AppforgeProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
  return { client, router, queryClient, ...utils };
}

/** Puts a deployed app with `spec` into the fake backend; returns the app as its owner sees it. */
export function deployApp(client: FakeAppforgeClient, overrides: Partial<AppDetail> = {}, appSpec: AppSpec = LESSON_SPEC): AppDetail {
  const app = makeApp({ id: APP_ID, name: 'Lesson Planner', visibility: 'public', design: { ...DESIGN }, ...overrides });
  const version = makeVersion({ app_id: app.id, frozen: true, spec: appSpec });
  const deployed = { ...app, deployed_version_id: version.id, draft_version_id: version.id };
  client.fake.data.apps[app.id] = deployed;
  client.fake.data.versions[version.id] = version;
  return deployed;
}
