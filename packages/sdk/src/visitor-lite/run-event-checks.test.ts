import { describe, expect, it } from 'vitest';
import { toRunStreamEvent } from '../run-events';
import { checkRunStreamEvent } from './run-event-checks';

// Both checkers must agree: the light visitor entry shows a run exactly as the full client would.
const CASES: [string, unknown][] = [
  ['run', { run_id: 'r1', offline: false, model_label: 'Claude' }],
  ['run', { run_id: 'r1' }],
  ['error', { code: 'rate_limited', message: 'Too many runs. Try again in a minute.' }],
  ['error', 'boom'],
  ['message', { type: 'run_started', stepId: 'a', resumed: false }],
  ['message', { type: 'step_started', stepId: 'a', kind: 'llm', title: 'Write' }],
  ['message', { type: 'token', stepId: 'a', text: 'Hel' }],
  ['message', { type: 'token', stepId: '', text: 'Hel' }],
  ['message', { type: 'token', stepId: 'a', text: 5 }],
  ['message', { type: 'step_output', stepId: 'a', value: { x: 1 } }],
  ['message', { type: 'awaiting_input', stepId: 'a', title: 'Your topic', fields: [{ name: 'topic', type: 'text' }], errors: [] }],
  ['message', { type: 'awaiting_input', stepId: 'a', title: 'Your topic', fields: [{ name: 'topic' }], errors: [] }],
  ['message', { type: 'choice_needed', stepId: 'a', buttons: [{ index: 0, label: 'Yes' }] }],
  ['message', { type: 'choice_needed', stepId: 'a', buttons: [{ index: 0.5, label: 'Yes' }] }],
  ['message', { type: 'run_done', outputs: [{ stepId: 'a', title: 'T', markdown: 'm' }], variables: {}, usage: { inputTokens: 1, outputTokens: 2 } }],
  ['message', { type: 'run_done', outputs: [], variables: {}, usage: {} }],
  ['message', { type: 'run_failed', code: 'model_error', message: 'The model did not answer.' }],
  ['message', { type: 'something_new', stepId: 'a' }],
  ['message', 'not json'],
  ['message', { type: '<script>', stepId: 'a' }],
];

describe('checkRunStreamEvent', () => {
  it.each(CASES)('answers a %s event %j as the full client does', (event, data) => {
    expect(checkRunStreamEvent(event, data)).toEqual(toRunStreamEvent(event, data));
  });
});
