import type { RunStreamEvent } from '@appforge/sdk';
import { AppforgeError } from '@appforge/sdk';
import { createFakeAppforgeClient } from '@appforge/sdk/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { VISITOR_SESSION_KEY } from '../lib/visitor-session';
import { APP_ID, deployApp, renderPage, RUN_ID, spec } from '../../test/fixtures';

const PATH = `/deployed-app/${APP_ID}`;

beforeEach(() => {
  window.sessionStorage.clear();
  document.title = 'Appforge';
});

async function fillLessonForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('textbox', { name: /Topic/ }), 'Fractions');
  await user.type(screen.getByRole('spinbutton', { name: /Minutes/ }), '45');
  await user.click(screen.getByRole('radio', { name: 'Beginner' }));
}

/** A stream the test feeds event by event. */
function controlledStream() {
  const queue: RunStreamEvent[] = [];
  let wake: (() => void) | null = null;
  let closed = false;
  async function* stream(): AsyncGenerator<RunStreamEvent> {
    for (;;) {
      const event = queue.shift();
      if (event) {
        yield event;
        continue;
      }
      if (closed) return;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  }
  return {
    stream,
    push(event: RunStreamEvent) {
      queue.push(event);
      wake?.();
    },
    close() {
      closed = true;
      wake?.();
    },
  };
}

describe('/deployed-app/:appId', () => {
  it('shows a skeleton, then the app with its name as the tab title', async () => {
    const client = createFakeAppforgeClient();
    deployApp(client);
    renderPage(PATH, { client });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading app');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lesson Planner' })).toBeInTheDocument();
    expect(document.title).toBe('Lesson Planner');
  });

  it('says an unknown app does not exist or is not published, with a sign-in hint for visitors', async () => {
    renderPage(`/deployed-app/${RUN_ID}`);
    expect(await screen.findByRole('heading', { name: 'This app does not exist or is not published' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/sign-in?app_id=${RUN_ID}&next=%2Fdeployed-app%2F${RUN_ID}`);
  });

  it('tells a signed-out visitor the name of an app open to signed-in people and offers the sign-in', async () => {
    const client = createFakeAppforgeClient();
    deployApp(client, { visibility: 'signed_in' });
    renderPage(PATH, { client });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to use Lesson Planner' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to continue' })).toHaveAttribute('href', `/sign-in?app_id=${APP_ID}&next=%2Fdeployed-app%2F${APP_ID}`);
    expect(screen.queryByText(/does not exist/)).toBeNull();
    // An invite-only app stays unnamed to visitors.
    const other = createFakeAppforgeClient();
    deployApp(other, { visibility: 'allowed_users' });
    renderPage(PATH, { client: other });
    expect(await screen.findByRole('heading', { name: 'This app does not exist or is not published' })).toBeInTheDocument();
  });

  it('treats an address that is not an app id as not found, without asking the backend', async () => {
    const client = createFakeAppforgeClient();
    renderPage('/deployed-app/..%2Fsettings', { client });
    expect(await screen.findByRole('heading', { name: 'This app does not exist or is not published' })).toBeInTheDocument();
    expect(client.fake.calls('apps.getPublic')).toEqual([]);
  });

  it('says an app that is not deployed is not published', async () => {
    const client = createFakeAppforgeClient();
    const app = deployApp(client);
    client.fake.data.apps[app.id] = { ...app, deployed_version_id: null };
    renderPage(PATH, { client });
    expect(await screen.findByRole('heading', { name: 'This app does not exist or is not published' })).toBeInTheDocument();
  });

  it('runs the app to the end for a signed-out visitor, with a stable visitor session and the offline badge', async () => {
    const client = createFakeAppforgeClient();
    deployApp(client);
    const user = userEvent.setup();
    renderPage(PATH, { client });
    await fillLessonForm(user);
    await user.click(screen.getByRole('button', { name: 'Run' }));

    const results = await screen.findByRole('region', { name: 'Results' });
    const plan = within(results).getByRole('article', { name: 'Your plan' });
    expect(plan).toHaveTextContent('no AI model is connected');
    expect(plan).toHaveTextContent('Fractions');
    expect(screen.getByTitle(/built-in offline model/)).toHaveTextContent('Offline model');

    const [options] = client.fake.calls('runs.start')[0] as [{ appId: string; inputs: unknown; visitorSession: string }];
    expect(options.appId).toBe(APP_ID);
    expect(options.inputs).toEqual({ topic: 'Fractions', notes: '', minutes: 45, level: 'Beginner', homework: false });
    expect(options.visitorSession).toBe(window.localStorage.getItem(VISITOR_SESSION_KEY));

    await user.click(screen.getByRole('button', { name: 'Run again' }));
    await waitFor(() => expect(client.fake.calls('runs.start')).toHaveLength(2));
    const [again] = client.fake.calls('runs.start')[1] as [{ visitorSession: string }];
    expect(again.visitorSession).toBe(options.visitorSession);
    expect(await screen.findByRole('region', { name: 'Results' })).toBeInTheDocument();
  });

  it('sends no visitor session for a signed-in person', async () => {
    const client = createFakeAppforgeClient();
    client.fake.signIn();
    deployApp(client);
    const user = userEvent.setup();
    renderPage(PATH, { client });
    await fillLessonForm(user);
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await screen.findByRole('region', { name: 'Results' });
    const [options] = client.fake.calls('runs.start')[0] as [{ visitorSession?: string }];
    expect(options.visitorSession).toBeUndefined();
  });

  it('runs for the class named in ?class= (opened from My classes), and for no class otherwise', async () => {
    const client = createFakeAppforgeClient();
    client.fake.signIn();
    deployApp(client);
    const classId = '5b1f0c3e-2d4a-4e6b-8c7d-9e0f1a2b3c4d';
    const user = userEvent.setup();
    renderPage(`${PATH}?class=${classId}`, { client });
    await fillLessonForm(user);
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await screen.findByRole('region', { name: 'Results' });
    const [withClass] = client.fake.calls('runs.start')[0] as [{ classId?: string }];
    expect(withClass.classId).toBe(classId);
  });

  it('sends no class for a ?class= that is not a class id', async () => {
    const client = createFakeAppforgeClient();
    client.fake.signIn();
    deployApp(client);
    const user = userEvent.setup();
    renderPage(`${PATH}?class=not-a-class`, { client });
    await fillLessonForm(user);
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await screen.findByRole('region', { name: 'Results' });
    const [options] = client.fake.calls('runs.start')[0] as [{ classId?: string }];
    expect(options.classId).toBeUndefined();
  });

  it('shows the tokens of a streaming answer as they arrive', async () => {
    const feed = controlledStream();
    const client = createFakeAppforgeClient({ runs: { start: () => feed.stream() } });
    deployApp(client);
    const user = userEvent.setup();
    renderPage(PATH, { client });
    await fillLessonForm(user);
    await user.click(screen.getByRole('button', { name: 'Run' }));

    feed.push({ type: 'run', run_id: RUN_ID, offline: false, model_label: 'GPT' });
    feed.push({ type: 'step_started', stepId: 'plan', kind: 'ai', title: 'Lesson plan' });
    feed.push({ type: 'token', stepId: 'plan', text: 'Start with ' });
    const answer = await screen.findByRole('region', { name: 'Answer' });
    await waitFor(() => expect(answer).toHaveTextContent('Start with'));
    expect(answer).not.toHaveTextContent('a pizza');

    feed.push({ type: 'token', stepId: 'plan', text: 'a pizza.' });
    await waitFor(() => expect(answer).toHaveTextContent('Start with a pizza.'));
    expect(screen.queryByTitle(/built-in offline model/)).not.toBeInTheDocument();

    feed.push({ type: 'run_done', outputs: [{ stepId: 'show', title: 'Your plan', markdown: 'Start with a pizza.' }], variables: {}, usage: { inputTokens: 1, outputTokens: 2 } });
    feed.close();
    expect(await screen.findByRole('article', { name: 'Your plan' })).toHaveTextContent('Start with a pizza.');
  });

  it('continues the run with the chosen button', async () => {
    const client = createFakeAppforgeClient();
    deployApp(
      client,
      {},
      spec({
        entryStepId: 'write',
        steps: [
          {
            id: 'write',
            kind: 'ai',
            title: 'Draft',
            config: { prompt: 'Write a poem', outputVariable: 'poem' },
            next: { type: 'choices', prompt: 'Like it?', buttons: [{ label: 'Keep it', goto: 'keep' }, { label: 'Start again', goto: 'write' }] },
          },
          { id: 'keep', kind: 'output', title: 'Your poem', config: { template: 'Kept: {{poem}}' }, next: { type: 'end' } },
        ],
      }),
    );
    const user = userEvent.setup();
    renderPage(PATH, { client });
    await user.click(await screen.findByRole('button', { name: 'Run' }));
    const group = await screen.findByRole('group', { name: 'Like it?' });
    await user.click(within(group).getByRole('button', { name: 'Keep it' }));
    const poem = await screen.findByRole('article', { name: 'Your poem' });
    expect(poem).toHaveTextContent('Kept:');
    const [continued] = client.fake.calls('runs.continue')[0] as [{ choice: number; runId: string }];
    expect(continued.choice).toBe(0);
  });

  it('asks a later step’s questions, and resumes that run after a reload', async () => {
    const client = createFakeAppforgeClient();
    deployApp(
      client,
      {},
      spec({
        entryStepId: 'intro',
        steps: [
          { id: 'intro', kind: 'ai', title: 'Welcome', config: { prompt: 'Say hello', outputVariable: 'hello' } },
          { id: 'more', kind: 'input', title: 'About you', config: { fields: [{ name: 'name', label: 'Your name', type: 'text', required: true }] } },
          { id: 'bye', kind: 'output', title: 'Goodbye', config: { template: 'Bye {{name}}' }, next: { type: 'end' } },
        ],
      }),
    );
    const user = userEvent.setup();
    const first = renderPage(PATH, { client });
    await user.click(await screen.findByRole('button', { name: 'Run' }));
    expect(await screen.findByRole('form', { name: 'About you' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Your name/ }), 'Ada');
    first.unmount();

    renderPage(PATH, { client });
    const form = await screen.findByRole('form', { name: 'About you' });
    expect(screen.getByText('You are continuing the run you started earlier.')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /Your name/ })).toHaveValue('Ada');
    await user.click(within(form).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('article', { name: 'Goodbye' })).toHaveTextContent('Bye Ada');
    expect(client.fake.calls('runs.start')).toHaveLength(1);
  });

  it('tells a rate limit in words and keeps the answers', async () => {
    const client = createFakeAppforgeClient({
      failures: { 'runs.start': new AppforgeError({ code: 'rate_limited', message: 'Too many runs; try again in 30 s', status: 429 }) },
    });
    deployApp(client);
    const user = userEvent.setup();
    renderPage(PATH, { client });
    await fillLessonForm(user);
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByRole('heading', { name: 'Too many runs right now' })).toBeInTheDocument();
    expect(screen.getByText('Too many runs; try again in 30 s.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Topic/ })).toHaveValue('Fractions');

    client.fake.heal('runs.start');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Results' })).toBeInTheDocument();
  });

  it('sends a visitor to sign in, branded with the app, when the app is for signed-in people', async () => {
    const client = createFakeAppforgeClient();
    deployApp(client);
    client.fake.fail('runs.start', new AppforgeError({ code: 'sign_in_required', message: 'Sign in to use Lesson Planner', status: 401 }));
    const user = userEvent.setup();
    const { router } = renderPage(PATH, { client });
    await fillLessonForm(user);
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await user.click(await screen.findByRole('link', { name: 'Sign in to continue' }));
    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeInTheDocument();
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ app_id: APP_ID, next: PATH });
  });

  it('says when the app is open only to the people its owner chose', async () => {
    const client = createFakeAppforgeClient();
    client.fake.signIn();
    deployApp(client, { visibility: 'signed_in' });
    client.fake.fail('runs.start', new AppforgeError({ code: 'not_allowed', message: 'Lesson Planner is open only to the people its owner chose', status: 403 }));
    const user = userEvent.setup();
    renderPage(PATH, { client });
    await fillLessonForm(user);
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByRole('heading', { name: 'You do not have access to this app' })).toBeInTheDocument();
  });

  it('shows a failed run’s reason in words', async () => {
    const client = createFakeAppforgeClient({
      runs: {
        start: async function* () {
          await Promise.resolve();
          yield { type: 'run', run_id: RUN_ID, offline: false, model_label: 'GPT' } as const;
          yield { type: 'run_failed', stepId: 'plan', code: 'model_error', message: 'Lesson plan: the model failed (HTTP 502)' } as const;
        },
      },
    });
    deployApp(client);
    const user = userEvent.setup();
    renderPage(PATH, { client });
    await fillLessonForm(user);
    await user.click(screen.getByRole('button', { name: 'Run' }));
    const alert = await screen.findByRole('alert', { name: 'The AI model failed' });
    expect(alert).toHaveTextContent('Lesson plan: the model failed (HTTP 502).');
  });

  it('stops a streaming run on request and starts over with the answers kept', async () => {
    const feed = controlledStream();
    const client = createFakeAppforgeClient({ runs: { start: () => feed.stream() } });
    deployApp(client);
    const user = userEvent.setup();
    renderPage(PATH, { client });
    await fillLessonForm(user);
    await user.click(screen.getByRole('button', { name: 'Run' }));
    feed.push({ type: 'run', run_id: RUN_ID, offline: false, model_label: 'GPT' });
    feed.push({ type: 'step_started', stepId: 'plan', kind: 'ai', title: 'Lesson plan' });
    await user.click(await screen.findByRole('button', { name: 'Stop' }));
    const stopped = await screen.findByRole('alert', { name: 'Run stopped' });
    await user.click(within(stopped).getByRole('button', { name: 'Start over' }));
    expect(screen.queryByRole('alert', { name: 'Run stopped' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Answer' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Topic/ })).toHaveValue('Fractions');
    expect(screen.getByRole('button', { name: 'Run' })).toBeEnabled();
  });

  it('starts fresh when the run it tried to resume is gone', async () => {
    const client = createFakeAppforgeClient();
    deployApp(client);
    window.sessionStorage.setItem(`appforge.run.${APP_ID}`, RUN_ID);
    const user = userEvent.setup();
    renderPage(PATH, { client });
    const problem = await screen.findByRole('alert', { name: 'This run cannot continue' });
    await user.click(within(problem).getByRole('button', { name: 'Start over' }));
    expect(screen.queryByRole('alert', { name: 'This run cannot continue' })).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem(`appforge.run.${APP_ID}`)).toBeNull();
    await fillLessonForm(user);
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByRole('region', { name: 'Results' })).toBeInTheDocument();
  });

  it('says when Appforge cannot be reached and loads the app on Try again', async () => {
    const client = createFakeAppforgeClient();
    deployApp(client);
    client.fake.fail('apps.getPublic');
    const user = userEvent.setup();
    renderPage(PATH, { client });
    const problem = await screen.findByRole('alert', { name: 'Could not reach Appforge' });
    client.fake.heal('apps.getPublic');
    await user.click(within(problem).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lesson Planner' })).toBeInTheDocument();
  });
});
