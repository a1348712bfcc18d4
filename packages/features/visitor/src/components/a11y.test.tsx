import { describeApp } from '@appforge/engine';
import { act } from '@testing-library/react';
import axe from 'axe-core';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { entryStepOf } from '../lib/entry-step';
import { buildRunView, IDLE_VIEW } from '@appforge/run-view';
import type { RunView, RunViewEvent } from '@appforge/run-view';
import { APP_ID, DESIGN, LESSON_SPEC, RUN_ID, renderInRouter } from '../../test/fixtures';
import { AppNotFound } from './AppNotFound';
import { AppSkeleton } from './AppSkeleton';
import { DeployedAppView } from './DeployedAppView';
import type { DeployedAppViewProps } from './DeployedAppView';
import { LandingView } from './LandingView';
import { PaidAccess } from './PaidAccess';

// jsdom does not paint, so colour contrast is left to the design-style tests (WCAG ratios).
const options: axe.RunOptions = { resultTypes: ['violations'], rules: { 'color-contrast': { enabled: false } } };

async function violations(): Promise<string[]> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  const result = await axe.run(document.body, options);
  return result.violations.flatMap((v) => v.nodes.map((node) => `${v.id}: ${v.help} at ${node.target.join(' ')}`));
}

const ENTRY = entryStepOf(LESSON_SPEC);
const LANDING_APP = { id: APP_ID, name: 'Lesson Planner', description: 'Plans lessons.', icon_url: null, design: DESIGN, price: { kind: 'one_time', amount_cents: 900, currency: 'EUR' } } as const;
const start: RunViewEvent[] = [
  { type: 'run', run_id: RUN_ID, offline: true, model_label: 'Offline model' },
  { type: 'step_started', stepId: 'plan', kind: 'ai', title: 'Lesson plan' },
  { type: 'token', stepId: 'plan', text: '## Warm-up\n- Count' },
];

function page(view: RunView, extra: Partial<DeployedAppViewProps> = {}) {
  return (
    <main>
      <DeployedAppView
        app={{ id: APP_ID, name: 'Lesson Planner', icon_url: null, visibility: 'public', design: DESIGN }}
        entry={ENTRY}
        view={view}
        signInRequired={false}
        signInHref="/sign-in"
        drafts={{}}
        onDraftChange={vi.fn()}
        requestError={null}
        sending={false}
        pendingChoice={null}
        resumed={false}
        onStart={vi.fn()}
        onContinue={vi.fn()}
        onChoose={vi.fn()}
        onRunAgain={vi.fn()}
        onStartOver={vi.fn()}
        onRetry={vi.fn()}
        onStop={vi.fn()}
        {...extra}
      />
    </main>
  );
}

const states: [string, () => ReactElement][] = [
  ['the form', () => page(IDLE_VIEW)],
  ['a streaming answer', () => page(buildRunView(start))],
  ['a choice', () => page(buildRunView([...start, { type: 'choice_needed', stepId: 'plan', buttons: [{ index: 0, label: 'More' }] }]))],
  [
    'a later question with the server’s error',
    () =>
      page(
        buildRunView([
          ...start,
          { type: 'awaiting_input', stepId: 'more', title: 'More', fields: [{ name: 'ok', label: 'Happy?', type: 'yes_no', required: true }], errors: [{ field: 'ok', code: 'required', message: '“Happy?” needs a yes or a no.' }] },
        ]),
      ),
  ],
  ['the results', () => page(buildRunView([...start, { type: 'run_done', outputs: [{ stepId: 'show', title: 'Plan', markdown: 'Done' }], variables: {}, usage: { inputTokens: 0, outputTokens: 0 } }]))],
  ['a failure', () => page(buildRunView([...start, { type: 'run_failed', code: 'model_error', message: 'The model failed' }]))],
  ['sign-in required', () => page(IDLE_VIEW, { signInRequired: true })],
  ['not found', () => <main><AppNotFound signInHref="/sign-in" /></main>],
  ['loading', () => <main><AppSkeleton /></main>],
  [
    'the landing page',
    () => (
      <main>
        <LandingView
          app={LANDING_APP}
          outline={describeApp(LESSON_SPEC)}
          openHref="/deployed-app/x"
          signInHref="/sign-in"
        />
      </main>
    ),
  ],
  [
    'the landing page of a paid app, with a bundle and a refused checkout',
    () => (
      <main>
        <LandingView
          app={LANDING_APP}
          outline={describeApp(LESSON_SPEC)}
          openHref="/deployed-app/x"
          signInHref="/sign-in"
          paywall={
            <PaidAccess
              appName="Lesson Planner"
              price={{ kind: 'one_time', amount_cents: 900, currency: 'EUR' }}
              bundles={[{ id: RUN_ID, name: 'Study kit', price: { kind: 'monthly', amount_cents: 1500, currency: 'EUR' } }]}
              signedIn
              signInHref="/sign-in"
              buying={false}
              error="Lesson Planner cannot be bought yet: payments are not set up on this server"
              confirming={false}
              canceled
              onGetAccess={() => undefined}
            />
          }
        />
      </main>
    ),
  ],
  [
    'a signed-out visitor of an app sold only in a bundle',
    () => (
      <main>
        <PaidAccess
          appName="Lesson Planner"
          price={null}
          bundles={[{ id: RUN_ID, name: 'Study kit', price: { kind: 'monthly', amount_cents: 1500, currency: 'EUR' } }]}
          signedIn={false}
          signInHref="/sign-in"
          buying={false}
          error={null}
          confirming
          canceled={false}
          onGetAccess={() => undefined}
        />
      </main>
    ),
  ],
];

describe('the visitor pages are free of axe violations', () => {
  for (const [name, render] of states) {
    it(name, async () => {
      renderInRouter(render());
      expect(await violations()).toEqual([]);
    });
  }
});
