// Specs for tests and stories of the builder overview: a straight three-step app and one that
// branches on a choice. Parsed with the engine so defaults are applied exactly as in production.
import { parseAppSpec } from '@appforge/engine';
import type { AppSpec } from '@appforge/engine';

function parsed(input: unknown): AppSpec {
  const result = parseAppSpec(input);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

export const lessonSpec: AppSpec = parsed({
  entryStepId: 'ask',
  steps: [
    {
      id: 'ask',
      kind: 'input',
      title: 'About the lesson',
      config: {
        fields: [
          { type: 'text', name: 'topic', label: 'Topic', required: true },
          { type: 'choice', name: 'level', label: 'Level', options: ['beginner', 'advanced'], required: true },
        ],
      },
    },
    { id: 'plan', kind: 'ai', title: 'Write the plan', config: { prompt: 'Plan a lesson on {{topic}} for {{level}} students.', outputVariable: 'plan' } },
    {
      id: 'show',
      kind: 'output',
      title: 'Your lesson plan',
      config: { template: '# {{topic}}\n\n{{plan}}' },
      next: { type: 'choices', prompt: 'What now?', buttons: [{ label: 'Another topic', goto: 'ask' }, { label: 'Done', goto: 'end' }] },
    },
  ],
});

/** Parses without validating meaning: for specs that are well-formed but have problems. */
export function specWithProblems(): AppSpec {
  return parsed({
    entryStepId: 'ask',
    steps: [
      { id: 'ask', kind: 'input', title: 'Ask', config: { fields: [{ type: 'text', name: 'topic', label: 'Topic' }] } },
      { id: 'write', kind: 'ai', title: 'Write', config: { prompt: '', outputVariable: 'text' }, next: { type: 'step', stepId: 'nowhere' } },
      { id: 'show', kind: 'output', title: 'Show', config: { template: '{{missing}}' } },
    ],
  });
}
