import type { RunStreamEvent } from '@appforge/sdk';
import { describe, expect, it } from 'vitest';
import { previewBlocks } from './preview-blocks';

const model = { id: 'offline', label: 'Offline model', offline: true };

describe('previewBlocks', () => {
  it('shows the AI text growing token by token, then settled', () => {
    const events: RunStreamEvent[] = [
      { type: 'run', run_id: 'r', offline: true, model_label: 'Offline model' },
      { type: 'run_started', runId: 'r', stepId: 'write', resumed: false, model },
      { type: 'step_started', stepId: 'write', kind: 'ai', title: 'Write' },
      { type: 'token', stepId: 'write', text: 'Hello ' },
      { type: 'token', stepId: 'write', text: 'world' },
    ];
    expect(previewBlocks(events)).toEqual([{ stepId: 'write', title: 'Write', text: 'Hello world', streaming: true, json: false }]);
    const done = previewBlocks([
      ...events,
      { type: 'step_output', stepId: 'write', variable: 'text', value: 'Hello world!' },
      { type: 'step_started', stepId: 'show', kind: 'output', title: 'Result' },
      { type: 'step_output', stepId: 'show', value: '**Hello world!**' },
      { type: 'run_done', outputs: [], variables: {}, usage: { inputTokens: 1, outputTokens: 2 } },
    ]);
    expect(done).toEqual([
      { stepId: 'write', title: 'Write', text: 'Hello world!', streaming: false, json: false },
      { stepId: 'show', title: 'Result', text: '**Hello world!**', streaming: false, json: false },
    ]);
  });

  it('shows a JSON output as data, and stops "streaming" when the run fails midway', () => {
    const json = previewBlocks([
      { type: 'step_started', stepId: 'w', kind: 'ai', title: 'Extract' },
      { type: 'step_output', stepId: 'w', variable: 'data', value: { a: 1 } },
    ]);
    expect(json[0]).toMatchObject({ json: true, text: '{\n  "a": 1\n}' });
    const failed = previewBlocks([
      { type: 'step_started', stepId: 'w', kind: 'ai', title: 'Write' },
      { type: 'token', stepId: 'w', text: 'Half' },
      { type: 'error', code: 'network_error', message: 'Lost' },
    ]);
    expect(failed).toEqual([{ stepId: 'w', title: 'Write', text: 'Half', streaming: false, json: false }]);
  });

  it('ignores tokens for a step that is not being written, and input-step outputs', () => {
    expect(
      previewBlocks([
        { type: 'token', stepId: 'ghost', text: '<script>' },
        { type: 'step_started', stepId: 'ask', kind: 'input', title: 'Ask' },
        { type: 'step_output', stepId: 'ask', variable: 'topic', value: 'x' },
      ]),
    ).toEqual([]);
  });
});
