import { describe, expect, it } from 'vitest';
const RUN_ID = '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0';
import { buildRunView, resultsOf, runViewOfStream } from './run-view';
import type { RunViewEvent } from './run-view';

const model = { id: 'offline', label: 'Offline model', offline: true };
const head: RunViewEvent[] = [
  { type: 'run', run_id: RUN_ID, offline: true, model_label: 'Offline model' },
  { type: 'run_started', runId: RUN_ID, stepId: 'ask', resumed: false, model },
  { type: 'step_started', stepId: 'plan', kind: 'ai', title: 'Lesson plan' },
];

describe('buildRunView', () => {
  it('grows an AI step’s text token by token, then settles on its final text', () => {
    const partial = buildRunView([...head, { type: 'token', stepId: 'plan', text: '# Pl' }, { type: 'token', stepId: 'plan', text: 'an' }]);
    expect(partial.phase).toBe('streaming');
    expect(partial.offline).toBe(true);
    expect(partial.segments).toEqual([expect.objectContaining({ title: 'Lesson plan', markdown: '# Plan', streaming: true })]);

    const settled = buildRunView([...head, { type: 'token', stepId: 'plan', text: '# Pl' }, { type: 'step_output', stepId: 'plan', variable: 'plan', value: '# Plan A' }]);
    expect(settled.segments).toEqual([expect.objectContaining({ markdown: '# Plan A', streaming: false })]);
  });

  it('shows a JSON answer as a code block', () => {
    const view = buildRunView([...head, { type: 'step_output', stepId: 'plan', variable: 'plan', value: { title: 'Fractions' } }]);
    expect(view.segments[0]?.markdown).toBe('```json\n{\n  "title": "Fractions"\n}\n```');
  });

  it('keeps an output step’s result with its title and ends with the outputs as results', () => {
    const view = buildRunView([
      ...head,
      { type: 'step_output', stepId: 'plan', variable: 'plan', value: 'Plan' },
      { type: 'step_started', stepId: 'show', kind: 'output', title: 'Your plan' },
      { type: 'step_output', stepId: 'show', value: '**Plan**' },
      { type: 'run_done', outputs: [{ stepId: 'show', title: 'Your plan', markdown: '**Plan**' }], variables: {}, usage: { inputTokens: 1, outputTokens: 2 } },
    ]);
    expect(view.phase).toBe('done');
    expect(view.segments.map((s) => [s.kind, s.title])).toEqual([
      ['ai', 'Lesson plan'],
      ['output', 'Your plan'],
    ]);
    expect(resultsOf(view)).toEqual([{ key: 'show:0', title: 'Your plan', markdown: '**Plan**' }]);
  });

  it('falls back to the AI texts as results when the app has no output step', () => {
    const view = buildRunView([
      ...head,
      { type: 'step_output', stepId: 'plan', variable: 'plan', value: 'Plan' },
      { type: 'run_done', outputs: [], variables: {}, usage: { inputTokens: 0, outputTokens: 0 } },
    ]);
    expect(resultsOf(view).map((r) => r.markdown)).toEqual(['Plan']);
  });

  it('waits for input with the server’s reasons by field, and for a choice with its buttons', () => {
    const waiting = buildRunView([
      ...head,
      { type: 'awaiting_input', stepId: 'more', title: 'More', fields: [], errors: [{ field: 'age', code: 'required', message: '“Age” is required.' }] },
    ]);
    expect(waiting.phase).toBe('awaiting_input');
    expect(waiting.awaiting?.errors).toEqual({ age: '“Age” is required.' });
    expect(waiting.segments.every((s) => !s.streaming)).toBe(true);

    const choosing = buildRunView([...head, { type: 'choice_needed', stepId: 'plan', prompt: 'Next?', buttons: [{ index: 0, label: 'Quiz' }] }]);
    expect(choosing.phase).toBe('choice_needed');
    expect(choosing.choice?.buttons).toEqual([{ index: 0, label: 'Quiz' }]);
  });

  it('ends failed with the code and message of a run failure or a stream error', () => {
    expect(buildRunView([...head, { type: 'run_failed', code: 'model_error', message: 'The model failed' }]).failure).toEqual({ code: 'model_error', message: 'The model failed' });
    expect(buildRunView([...head, { type: 'error', code: 'persist_error', message: 'Not saved' }]).phase).toBe('failed');
  });

  it('gives a step that runs again its own segment', () => {
    const view = buildRunView([
      ...head,
      { type: 'step_output', stepId: 'plan', variable: 'plan', value: 'One' },
      { type: 'step_started', stepId: 'plan', kind: 'ai', title: 'Lesson plan' },
      { type: 'token', stepId: 'plan', text: 'Two' },
    ]);
    expect(view.segments.map((s) => s.markdown)).toEqual(['One', 'Two']);
    expect(new Set(view.segments.map((s) => s.key)).size).toBe(2);
  });

  it('shows nothing of an input step’s answers and stops the cursor when a run fails midway', () => {
    const view = buildRunView([
      { type: 'step_started', stepId: 'ask', kind: 'input', title: 'Ask' },
      { type: 'step_output', stepId: 'ask', variable: 'topic', value: 'x' },
      { type: 'step_started', stepId: 'w', kind: 'ai', title: 'Write' },
      { type: 'token', stepId: 'w', text: 'Half' },
      { type: 'error', code: 'network_error', message: 'Lost' },
    ]);
    expect(view.segments.map((s) => [s.stepId, s.markdown, s.streaming])).toEqual([['w', 'Half', false]]);
  });
});

describe('runViewOfStream', () => {
  it('is empty before the first run, and running as soon as a start is on its way', () => {
    expect(runViewOfStream({ status: 'idle', events: [], error: null }, false)).toBeNull();
    expect(runViewOfStream({ status: 'streaming', events: [], error: null }, false)?.phase).toBe('streaming');
  });

  it('shows a refusal that came before any event', () => {
    const view = runViewOfStream({ status: 'failed', events: [], error: { code: 'draft_owner_only', message: 'Only the app’s owner can preview a version that is not deployed' } }, false);
    expect(view?.phase).toBe('failed');
    expect(view?.failure?.message).toBe('Only the app’s owner can preview a version that is not deployed');
  });

  it('says the run was stopped, keeping what was written', () => {
    const view = runViewOfStream(
      {
        status: 'idle',
        events: [
          { type: 'step_started', stepId: 'plan', kind: 'ai', title: 'Plan' },
          { type: 'token', stepId: 'plan', text: 'Half' },
        ],
        error: null,
      },
      true,
    );
    expect(view?.failure?.message).toBe('You stopped the run.');
    expect(view?.segments[0]).toMatchObject({ markdown: 'Half', streaming: false });
  });
});
