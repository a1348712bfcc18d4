import { describe, expect, it } from 'vitest';

import { spec as parseSpec } from '../../test/fixtures';
import type { AppSpec } from '../spec/app-spec';
import { validateApp } from '../validate/validate-app';
import { buildAppFromDescription } from './build-app';
import { reviseApp } from './revise-app';

const summariser = (): AppSpec => buildAppFromDescription('summarise articles').spec;

function expectValid(spec: AppSpec): void {
  expect(validateApp(spec).filter((p) => p.severity === 'error')).toEqual([]);
}

describe('reviseApp', () => {
  it('renames the app without touching the steps', () => {
    const spec = summariser();
    const revision = reviseApp(spec, 'Rename the app to "News Digest"');
    expect(revision).toMatchObject({ changed: true, name: 'News Digest', understood: 'rename_app', changeSummary: 'Renamed the app to “News Digest”.' });
    expect(revision.spec).toEqual(spec);
  });

  it('renames a step by its number', () => {
    const revision = reviseApp(summariser(), 'rename step 2 to Condense');
    expect(revision.changed).toBe(true);
    expect(revision.spec.steps[1]?.title).toBe('Condense');
    expect(revision.changeSummary).toBe('Renamed step 2 from “Summarise” to “Condense”.');
  });

  it('adds a text field to the input step and passes it to the AI step', () => {
    const before = summariser();
    const revision = reviseApp(before, 'Add a field for reading level');
    expect(revision.changed).toBe(true);
    const input = revision.spec.steps[0];
    expect(input?.kind === 'input' && input.config.fields.at(-1)).toMatchObject({ type: 'text', name: 'reading_level', label: 'Reading level' });
    const ai = revision.spec.steps[1];
    expect(ai?.kind === 'ai' && ai.config.prompt.endsWith('\n\nReading level: {{reading_level}}')).toBe(true);
    expect(revision.changeSummary).toBe(
      'Added the text field “Reading level” (variable reading_level) to step “What to summarise”. Step “Summarise” now receives it.',
    );
    expectValid(revision.spec);
    // The original is untouched.
    expect(before.steps[0]?.kind === 'input' && before.steps[0].config.fields).toHaveLength(3);
  });

  it('adds typed fields, including a choice with its options, with unique names', () => {
    const number = reviseApp(summariser(), 'add a number field for word limit');
    const numberField = number.spec.steps[0]?.kind === 'input' ? number.spec.steps[0].config.fields.at(-1) : undefined;
    expect(numberField).toMatchObject({ type: 'number', name: 'word_limit' });
    const choice = reviseApp(summariser(), 'add a choice field for style with options plain, playful or academic');
    const choiceField = choice.spec.steps[0]?.kind === 'input' ? choice.spec.steps[0].config.fields.at(-1) : undefined;
    expect(choiceField).toMatchObject({ type: 'choice', name: 'style', options: ['plain', 'playful', 'academic'] });
    const duplicate = reviseApp(summariser(), 'add a field for text');
    const dupField = duplicate.spec.steps[0]?.kind === 'input' ? duplicate.spec.steps[0].config.fields.at(-1) : undefined;
    expect(dupField?.name).toBe('text_2');
    expectValid(duplicate.spec);
    expect(reviseApp(summariser(), 'add a choice field for style').changed).toBe(false);
  });

  it('changes the tone of every AI step', () => {
    const quiz = buildAppFromDescription('quiz').spec;
    const once = reviseApp(quiz, 'make it more formal');
    expect(once).toMatchObject({ changed: true, understood: 'change_tone', changeSummary: 'Changed the tone of 1 AI step to formal.' });
    const twice = reviseApp(once.spec, 'change the tone to playful');
    const ai = twice.spec.steps.find((s) => s.kind === 'ai');
    expect(ai?.kind === 'ai' && ai.config.system).toBe('Tone: playful.');
  });

  it('adds a closing choice that starts again or finishes', () => {
    const revision = reviseApp(summariser(), 'add a choice step');
    expect(revision.changed).toBe(true);
    expect(revision.spec.steps[2]?.next).toEqual({
      type: 'choices',
      prompt: 'What next?',
      buttons: [{ label: 'Start again', goto: 'the-text' }, { label: 'Finish', goto: 'end' }],
    });
    expectValid(revision.spec);
  });

  it('adds a choice whose options rewrite the AI answer', () => {
    const revision = reviseApp(summariser(), 'add a choice between shorter and simpler');
    expect(revision.changed).toBe(true);
    expect(revision.spec.steps.map((s) => s.id)).toEqual(['the-text', 'summarise', 'show-summary', 'rewrite-shorter', 'show-shorter', 'rewrite-simpler', 'show-simpler']);
    const show = revision.spec.steps[2];
    expect(show?.next.type === 'choices' && show.next.buttons.map((b) => b.label)).toEqual(['Shorter', 'Simpler', 'Done']);
    expect(revision.changeSummary).toContain('Shorter, Simpler, Done');
    expectValid(revision.spec);
  });

  it('removes a step and reconnects the steps around it', () => {
    const lesson = buildAppFromDescription('lesson plan').spec;
    const revision = reviseApp(lesson, 'remove step 5');
    expect(revision.changed).toBe(true);
    expect(revision.spec.steps.map((s) => s.id)).toEqual(['about-lesson', 'write-plan', 'show-plan', 'write-homework']);
    expect(revision.changeSummary).toBe('Removed step 5 “Homework”.');
    // The last step now simply goes on, which is the end.
    expect(revision.spec.steps[3]?.next).toEqual({ type: 'step' });
    expectValid(revision.spec);
  });

  it('points buttons and the entry at the removed step’s successor', () => {
    const spec = parseSpec({
      entryStepId: 'note',
      steps: [
        { id: 'note', kind: 'output', title: 'Note', config: { template: 'Welcome' } },
        { id: 'ask', kind: 'input', title: 'Ask', config: { fields: [{ type: 'text', name: 'x', label: 'X' }] } },
        { id: 'show', kind: 'output', title: 'Show', config: { template: '{{x}}' }, next: { type: 'choices', buttons: [{ label: 'Again', goto: 'note' }, { label: 'Finish', goto: 'end' }] } },
      ],
    });
    const revision = reviseApp(spec, 'remove step 1');
    expect(revision.changed).toBe(true);
    expect(revision.spec.entryStepId).toBe('ask');
    expect(revision.spec.steps[1]?.next).toEqual({ type: 'choices', buttons: [{ label: 'Again', goto: 'ask' }, { label: 'Finish', goto: 'end' }] });
    expectValid(revision.spec);
  });

  it('refuses to remove a step whose variable a later step still uses, and changes nothing', () => {
    const spec = summariser();
    const revision = reviseApp(spec, 'delete step 2');
    expect(revision.changed).toBe(false);
    expect(revision.spec).toBe(spec);
    expect(revision.changeSummary).toContain('No change: that would break the app.');
    expect(revision.changeSummary).toContain('uses {{summary}}');
    expect(reviseApp(spec, 'remove step 9').changeSummary).toBe('No change: There is no step 9; the app has 3.');
  });

  it('answers an instruction it does not understand honestly and changes nothing', () => {
    const spec = summariser();
    const revision = reviseApp(spec, 'Make the app sing opera and connect to my CRM');
    expect(revision.changed).toBe(false);
    expect(revision.understood).toBeNull();
    expect(revision.spec).toBe(spec);
    expect(revision.changeSummary).toMatch(/^The offline model can't do that; it understood: “Make the app sing opera and connect to my CRM”/);
    expect(reviseApp(spec, 'make it blue').changed).toBe(false);
  });

  it('is deterministic', () => {
    expect(reviseApp(summariser(), 'add a choice between shorter and simpler')).toEqual(reviseApp(summariser(), 'add a choice between shorter and simpler'));
  });
});
