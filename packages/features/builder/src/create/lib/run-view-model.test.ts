import { describe, expect, it } from 'vitest';
import { runViewOf, runViewOfStream } from './run-view-model';
import type { PreviewEvent } from './run-view-model';

const model = { id: 'offline', label: 'offline model', offline: true };
const field = { type: 'text', name: 'topic', label: 'Topic', required: true } as const;

describe('runViewOf', () => {
  it('appends tokens to the AI step as they arrive, then keeps the final text', () => {
    const events: PreviewEvent[] = [
      { type: 'run', run_id: 'r1', offline: true, model_label: 'offline model' },
      { type: 'run_started', runId: 'r1', stepId: 'plan', resumed: false, model },
      { type: 'step_started', stepId: 'plan', kind: 'ai', title: 'Write the plan' },
      { type: 'token', stepId: 'plan', text: 'Hello ' },
      { type: 'token', stepId: 'plan', text: 'world' },
    ];
    const streaming = runViewOf(events);
    expect(streaming.status).toBe('running');
    expect(streaming.offline).toBe(true);
    expect(streaming.blocks).toEqual([{ stepId: 'plan', kind: 'ai', title: 'Write the plan', text: 'Hello world', streaming: true, json: false }]);

    const done = runViewOf([
      ...events,
      { type: 'step_output', stepId: 'plan', variable: 'plan', value: 'Hello world.' },
      { type: 'step_started', stepId: 'show', kind: 'output', title: 'Result' },
      { type: 'step_output', stepId: 'show', value: '# Result\n\nHello world.' },
      { type: 'run_done', outputs: [], variables: {}, usage: { inputTokens: 1, outputTokens: 2 } },
    ]);
    expect(done.status).toBe('done');
    expect(done.blocks.map((block) => [block.kind, block.text, block.streaming])).toEqual([
      ['ai', 'Hello world.', false],
      ['output', '# Result\n\nHello world.', false],
    ]);
  });

  it('waits for input with the refused answers’ reasons, and for a choice', () => {
    const waiting = runViewOf([
      { type: 'awaiting_input', stepId: 'ask', title: 'About', fields: [field], errors: [{ field: 'topic', code: 'required', message: '“Topic” is required.' }] },
    ]);
    expect(waiting.status).toBe('awaiting_input');
    expect(waiting.awaiting?.errors[0]?.message).toBe('“Topic” is required.');

    const choosing = runViewOf([{ type: 'choice_needed', stepId: 'show', prompt: 'What now?', buttons: [{ index: 0, label: 'Again' }] }]);
    expect(choosing.status).toBe('choice_needed');
    expect(choosing.awaiting).toBeNull();
    expect(choosing.choice?.buttons).toEqual([{ index: 0, label: 'Again' }]);
  });

  it('ends a failed run with its message and stops the streaming cursor', () => {
    const failed = runViewOf([
      { type: 'step_started', stepId: 'plan', kind: 'ai', title: 'Plan' },
      { type: 'token', stepId: 'plan', text: 'Half' },
      { type: 'run_failed', stepId: 'plan', code: 'model_error', message: 'The model did not answer.' },
    ]);
    expect(failed.status).toBe('failed');
    expect(failed.error).toEqual({ code: 'model_error', message: 'The model did not answer.', stepId: 'plan' });
    expect(failed.blocks[0]).toMatchObject({ text: 'Half', streaming: false });

    const transport = runViewOf([{ type: 'error', code: 'network_error', message: 'The connection was lost.' }]);
    expect(transport.error?.message).toBe('The connection was lost.');
  });

  it('shows a JSON output as data', () => {
    const view = runViewOf([
      { type: 'step_started', stepId: 'q', kind: 'ai', title: 'Quiz' },
      { type: 'step_output', stepId: 'q', variable: 'quiz', value: { questions: ['a'] } },
    ]);
    expect(view.blocks[0]).toMatchObject({ json: true, text: '{\n  "questions": [\n    "a"\n  ]\n}' });
  });
});

describe('runViewOfStream', () => {
  it('is empty before the first run', () => {
    expect(runViewOfStream({ status: 'idle', events: [], error: null }, false)).toBeNull();
  });

  it('shows a refusal that came before any event', () => {
    const view = runViewOfStream({ status: 'failed', events: [], error: { code: 'draft_owner_only', message: 'Only the app’s owner can preview a version that is not deployed' } }, false);
    expect(view?.status).toBe('failed');
    expect(view?.error?.message).toBe('Only the app’s owner can preview a version that is not deployed');
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
    expect(view?.error?.message).toBe('You stopped the run.');
    expect(view?.blocks[0]).toMatchObject({ text: 'Half', streaming: false });
  });
});
