import { parseAppSpec } from '../src/spec/app-spec';
import type { AppSpec, AppSpecInput } from '../src/spec/app-spec';

/** Parses a spec written in a test, failing loudly when the test itself wrote a malformed one. */
export function spec(input: AppSpecInput): AppSpec {
  const parsed = parseAppSpec(input);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

/** input (topic) → ai (summary) → output. */
export const linearInput: AppSpecInput = {
  entryStepId: 'ask',
  steps: [
    {
      id: 'ask',
      kind: 'input',
      title: 'Ask',
      config: { fields: [{ type: 'text', name: 'topic', label: 'Topic', required: true, maxLength: 50 }] },
    },
    {
      id: 'summarise',
      kind: 'ai',
      title: 'Summarise',
      config: { prompt: 'Write about {{topic}}.', system: 'Be brief.', outputVariable: 'summary', outputFormat: 'markdown' },
    },
    { id: 'show', kind: 'output', title: 'Show', config: { template: '# {{topic}}\n\n{{summary}}' } },
  ],
};
