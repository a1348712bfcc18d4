import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { buildRunView, IDLE_VIEW } from '@appforge/run-view';
import type { Draft, RunView, RunViewEvent } from '@appforge/run-view';
import { APP_ID, DESIGN, LESSON_SPEC, RUN_ID, renderInRouter } from '../../test/fixtures';
import { DeployedAppView } from './DeployedAppView';
import type { DeployedAppViewProps, EntryStep } from './DeployedAppView';

const entryStep = LESSON_SPEC.steps[0];
if (entryStep?.kind !== 'input') throw new Error('fixture');
const ENTRY: EntryStep = { stepId: entryStep.id, title: entryStep.title, intro: entryStep.config.intro, fields: entryStep.config.fields };

const model = { id: 'm', label: 'Model', offline: false };
const START: RunViewEvent[] = [
  { type: 'run', run_id: RUN_ID, offline: false, model_label: 'GPT' },
  { type: 'run_started', runId: RUN_ID, stepId: 'ask', resumed: false, model },
  { type: 'step_started', stepId: 'plan', kind: 'ai', title: 'Lesson plan' },
];

function Harness(props: Partial<DeployedAppViewProps>) {
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  return (
    <DeployedAppView
      app={{ id: APP_ID, name: 'Lesson Planner', icon_url: null, visibility: 'public', design: DESIGN }}
      entry={ENTRY}
      view={IDLE_VIEW}
      signInRequired={false}
      signInHref={`/sign-in?app_id=${APP_ID}`}
      drafts={drafts}
      onDraftChange={(stepId, draft) => setDrafts((d) => ({ ...d, [stepId]: draft }))}
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
      {...props}
    />
  );
}

function show(props: Partial<DeployedAppViewProps> = {}) {
  return { user: userEvent.setup(), ...renderInRouter(<Harness {...props} />) };
}

const view = (events: RunViewEvent[]): RunView => buildRunView(events);

describe('DeployedAppView', () => {
  it('applies the app’s design: theme colour, font, layout and welcome text', () => {
    const { container } = show();
    const root = container.querySelector<HTMLElement>('.visitor-app');
    expect(root?.style.getPropertyValue('--af-color-primary')).toBe('#0f766e');
    expect(root?.dataset.font).toBe('serif');
    expect(root?.dataset.layout).toBe('centered');
    expect(screen.getByRole('heading', { level: 1, name: 'Lesson Planner' })).toBeInTheDocument();
    expect(screen.getByText('Plan a lesson in a minute.')).toBeInTheDocument();
  });

  it('shows the first step’s questions as a labelled form', () => {
    show();
    const form = screen.getByRole('form', { name: 'Your lesson' });
    expect(within(form).getByRole('textbox', { name: /Topic/ })).toBeRequired();
    expect(within(form).getByRole('textbox', { name: /Notes/ })).toBeInTheDocument();
    expect(within(form).getByRole('spinbutton', { name: /Minutes/ })).toBeInTheDocument();
    expect(within(form).getByRole('group', { name: /Level/ })).toBeInTheDocument();
    expect(within(form).getByRole('radio', { name: 'Advanced' })).toBeInTheDocument();
    expect(within(form).getByRole('group', { name: /Homework/ })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Run' })).toBeInTheDocument();
  });

  it('refuses to send wrong answers: each error beside its field, a summary, focus on the first', async () => {
    const onStart = vi.fn();
    const { user } = show({ onStart });
    await user.type(screen.getByRole('spinbutton', { name: /Minutes/ }), '5');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(onStart).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('3 answers need your attention.');
    const topic = screen.getByRole('textbox', { name: /Topic/ });
    expect(topic).toHaveAccessibleDescription('“Topic” is required.');
    expect(topic).toHaveFocus();
    expect(screen.getByRole('spinbutton', { name: /Minutes/ })).toHaveAccessibleDescription('“Minutes” must be at least 10.');
    expect(screen.getByRole('group', { name: /Level/ })).toHaveAccessibleDescription('“Level” is required.');
  });

  it('sends the typed answers once they pass', async () => {
    const onStart = vi.fn();
    const { user } = show({ onStart });
    await user.type(screen.getByRole('textbox', { name: /Topic/ }), 'Fractions');
    await user.type(screen.getByRole('spinbutton', { name: /Minutes/ }), '45');
    await user.click(screen.getByRole('radio', { name: 'Beginner' }));
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(onStart).toHaveBeenCalledWith({ topic: 'Fractions', notes: '', minutes: 45, level: 'Beginner', homework: true });
  });

  it('refuses a huge answer in the browser and names the limit', async () => {
    const onStart = vi.fn();
    const { user } = show({ onStart });
    const topic = screen.getByRole('textbox', { name: /Topic/ });
    await user.click(topic);
    await user.paste('x'.repeat(5000));
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(onStart).not.toHaveBeenCalled();
    expect(topic).toHaveAccessibleDescription('“Topic” can be at most 200 characters (it has 5000).');
  });

  it('shows streamed tokens as they arrive', () => {
    const { rerender } = renderInRouter(<Harness view={view([...START, { type: 'token', stepId: 'plan', text: 'Warm' }])} />);
    const answer = screen.getByRole('region', { name: 'Answer' });
    expect(answer).toHaveTextContent('Warm');
    expect(answer).toHaveAttribute('aria-busy', 'true');
    rerender(<Harness view={view([...START, { type: 'token', stepId: 'plan', text: 'Warm' }, { type: 'token', stepId: 'plan', text: '-up **game**' }])} />);
    expect(screen.getByRole('region', { name: 'Answer' })).toHaveTextContent('Warm-up game');
    expect(screen.getByText('game').tagName).toBe('STRONG');
    expect(screen.getByRole('button', { name: 'Run' })).toBeDisabled();
  });

  it('offers a choice as buttons and sends the chosen index', async () => {
    const onChoose = vi.fn();
    const { user } = show({
      onChoose,
      view: view([...START, { type: 'choice_needed', stepId: 'plan', prompt: 'What next?', buttons: [{ index: 0, label: 'Make a quiz' }, { index: 1, label: 'Finish' }] }]),
    });
    const group = screen.getByRole('group', { name: 'What next?' });
    expect(within(group).getByRole('button', { name: 'Make a quiz' })).toHaveFocus();
    await user.click(within(group).getByRole('button', { name: 'Finish' }));
    expect(onChoose).toHaveBeenCalledWith(1);
  });

  it('asks a later step’s questions and continues the run with them', async () => {
    const onContinue = vi.fn();
    const { user } = show({
      onContinue,
      view: view([
        ...START,
        {
          type: 'awaiting_input',
          stepId: 'more',
          title: 'A few more details',
          fields: [{ name: 'age', label: 'Pupils’ age', type: 'number', required: true }],
          errors: [],
        },
      ]),
    });
    const form = screen.getByRole('form', { name: 'A few more details' });
    await user.type(within(form).getByRole('spinbutton', { name: /Pupils’ age/ }), '9');
    await user.click(within(form).getByRole('button', { name: 'Continue' }));
    expect(onContinue).toHaveBeenCalledWith({ age: 9 });
  });

  it('shows the server’s reasons when it refused the first answers, and continues the same run', async () => {
    const onContinue = vi.fn();
    const onStart = vi.fn();
    const { user } = show({
      onContinue,
      onStart,
      drafts: { ask: { topic: 'Fractions', minutes: '30', level: 'Beginner' } },
      view: view([
        { type: 'run', run_id: RUN_ID, offline: false, model_label: 'GPT' },
        { type: 'awaiting_input', stepId: 'ask', title: 'Your lesson', fields: ENTRY.fields, errors: [{ field: 'topic', code: 'too_short', message: '“Topic” needs at least 3 characters.' }] },
      ]),
    });
    expect(screen.getByRole('textbox', { name: /Topic/ })).toHaveAccessibleDescription('“Topic” needs at least 3 characters.');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(onStart).not.toHaveBeenCalled();
    expect(onContinue).toHaveBeenCalledWith(expect.objectContaining({ topic: 'Fractions' }));
  });

  it('shows the results with a Copy button each, and Run again', async () => {
    const onRunAgain = vi.fn();
    const { user } = show({
      onRunAgain,
      view: view([
        ...START,
        { type: 'step_output', stepId: 'plan', variable: 'plan', value: 'Plan' },
        { type: 'run_done', outputs: [{ stepId: 'show', title: 'Your plan', markdown: '## Warm-up\nCount to ten.' }], variables: {}, usage: { inputTokens: 1, outputTokens: 1 } },
      ]),
    });
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const result = screen.getByRole('article', { name: 'Your plan' });
    expect(within(result).getByRole('heading', { name: 'Warm-up' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Results' })).toHaveFocus();
    await user.click(within(result).getByRole('button', { name: 'Copy Your plan' }));
    expect(writeText).toHaveBeenCalledWith('## Warm-up\nCount to ten.');
    expect(await within(result).findByRole('button', { name: 'Copy Your plan' })).toHaveTextContent('Copied');
    await user.click(screen.getByRole('button', { name: 'Run again' }));
    expect(onRunAgain).toHaveBeenCalled();
  });

  it('tells a failed run in words and offers to try again', async () => {
    const onRetry = vi.fn();
    const { user } = show({ onRetry, view: view([...START, { type: 'run_failed', stepId: 'plan', code: 'model_error', message: 'Lesson plan: the model failed (HTTP 500)' }]) });
    const alert = screen.getByRole('alert', { name: 'The AI model failed' });
    expect(alert).toHaveTextContent('Lesson plan: the model failed (HTTP 500).');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
  });

  it('tells a rate limit with the wait time and keeps the answers', () => {
    show({ requestError: { code: 'rate_limited', message: 'Too many runs; try again in 30 s' }, drafts: { ask: { topic: 'Fractions' } } });
    expect(screen.getByRole('heading', { name: 'Too many runs right now' })).toBeInTheDocument();
    expect(screen.getByText('Too many runs; try again in 30 s.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Topic/ })).toHaveValue('Fractions');
  });

  it('sends a visitor to sign in, branded with the app, when the server asks for it', async () => {
    const { user, router } = show({ requestError: { code: 'sign_in_required', message: 'Sign in to use Lesson Planner' } });
    expect(screen.getByRole('heading', { name: 'Sign in to use Lesson Planner' })).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Sign in to continue' }));
    expect(router.state.location.search).toBe(`?app_id=${APP_ID}`);
  });

  it('says an invite-only app is for the people its owner chose', () => {
    show({ signInRequired: true, app: { id: APP_ID, name: 'Staff Tool', icon_url: null, visibility: 'allowed_users', design: DESIGN } });
    expect(screen.getByText(/Staff Tool is open only to the people its owner chose/)).toBeInTheDocument();
  });

  it('labels a run the offline model served', () => {
    show({ view: view([{ type: 'run', run_id: RUN_ID, offline: true, model_label: 'Offline model' }]) });
    expect(screen.getByText('Offline model')).toBeInTheDocument();
  });

  it('renders hostile model output inert', () => {
    const hostile = 'Hi <script>window.__pwned = true</script><img src=x onerror="window.__pwned = true"> <a href="javascript:alert(1)">link</a>';
    const { container } = show({ view: view([...START, { type: 'token', stepId: 'plan', text: hostile }]) });
    const answer = screen.getByRole('region', { name: 'Answer' });
    expect(container.querySelector('script')).toBeNull();
    expect(answer.querySelector('img')?.getAttribute('onerror') ?? null).toBeNull();
    expect(answer.querySelector('a')?.getAttribute('href') ?? null).toBeNull();
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
  });

  it('starts an app without questions with a single Run button', async () => {
    const onStart = vi.fn();
    const { user } = show({ entry: null, onStart });
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(onStart).toHaveBeenCalledWith({});
  });

  it('lets the visitor stop a run that is streaming', async () => {
    const onStop = vi.fn();
    const { user } = show({ onStop, view: view(START) });
    expect(screen.getByText('Thinking…')).toBeInTheDocument();
    await act(() => user.click(screen.getByRole('button', { name: 'Stop' })));
    expect(onStop).toHaveBeenCalled();
  });
});
