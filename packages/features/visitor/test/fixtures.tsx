// Helpers for the visitor pages' tests (rendering comes from ./render), and
// fixtures built through the engine's own parser (so every spec has the defaults a real one has).
import { parseAppSpec } from '@appforge/engine';
import type { AppSpec, AppSpecInput } from '@appforge/engine';
import type { AppDetail } from '@appforge/sdk';
import { createFakeAppforgeClient, makeApp, makeVersion } from '@appforge/sdk/testing';
import type { FakeAppforgeClient } from '@appforge/sdk/testing';
import type { RouteObject } from 'react-router';
import type { DesignLike } from '../src/lib/design-style';
import { appRoutes } from '../src/routes';
import { renderInRouter, renderWithProviders } from './render';

export { renderInRouter };

export const APP_ID = '7b0c6a52-4c1e-4a55-9a3e-2b8f0d5e9c11';
export const RUN_ID = '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0';

export const DESIGN: DesignLike = { theme_color: '#0f766e', font: 'serif', layout: 'centered', welcome_text: 'Plan a lesson in a minute.' };

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

/** Everything a page needs around it, as apps/web gives it (StrictMode included: effects run twice, so a resume or a stream must survive that). */
export function renderPage(path: string, { client = createFakeAppforgeClient(), routes = [] }: { client?: FakeAppforgeClient; routes?: RouteObject[] } = {}) {
  return renderWithProviders([...appRoutes, { path: '/sign-in', element: <h1>Sign-in page</h1> }, ...routes], path, { client, strict: true });
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
