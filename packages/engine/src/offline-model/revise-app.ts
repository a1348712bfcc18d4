import type { AppSpec } from '../spec/app-spec';
import { followingTarget } from '../spec/graph';
import type { InputField } from '../spec/input-fields';
import { LIMITS } from '../spec/limits';
import { END, STEP_ID_PATTERN } from '../spec/names';
import type { Next } from '../spec/next';
import type { AiStep, InputStep, Step } from '../spec/steps';
import { validateApp } from '../validate/validate-app';

export type RevisionKind = 'rename_app' | 'rename_step' | 'add_field' | 'change_tone' | 'add_choice' | 'remove_step';

export interface Revision {
  /** False when the instruction was not understood or would break the app: the spec is unchanged. */
  readonly changed: boolean;
  readonly spec: AppSpec;
  /** Set when the instruction renamed the app (the name lives on the App, not in the spec). */
  readonly name?: string;
  /** What was done, or why nothing was, in words for the builder chat and the version history. */
  readonly changeSummary: string;
  readonly understood: RevisionKind | null;
}

export const OFFLINE_CAPABILITIES =
  'rename the app (“rename the app to Study Buddy”), rename a step (“rename step 2 to Draft”), ' +
  'add a field (“add a number field for age”), change the tone (“make it more formal”), ' +
  'add a choice step (“add a choice between shorter and simpler”) or remove a step (“remove step 3”)';

const TONES = [
  'formal', 'friendly', 'casual', 'professional', 'playful', 'warm', 'concise', 'encouraging', 'enthusiastic',
  'serious', 'humorous', 'funny', 'neutral', 'simple', 'polite', 'firm', 'kind', 'gentle', 'upbeat', 'calm',
];

const FIELD_TYPES: Record<string, InputField['type']> = {
  text: 'text',
  'short text': 'text',
  'long text': 'long_text',
  'long-text': 'long_text',
  paragraph: 'long_text',
  number: 'number',
  numeric: 'number',
  'yes/no': 'yes_no',
  'yes-no': 'yes_no',
  'yes or no': 'yes_no',
  checkbox: 'yes_no',
  choice: 'choice',
  dropdown: 'choice',
  'multiple choice': 'choice',
  file: 'file',
  upload: 'file',
};

const quote = (text: string): string => `“${text}”`;

function unquote(text: string): string {
  return text.trim().replace(/^["'“‘]+|["'”’.!]+$/g, '').trim();
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function slug(text: string, max = 32): string {
  const base = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, max)
    .replace(/_+$/g, '');
  return base === '' ? 'field' : /^[0-9]/.test(base) ? `f_${base}` : base;
}

function unique(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}_${i}`)) return `${base}_${i}`;
}

function uniqueStepId(base: string, spec: AppSpec): string {
  const taken = new Set(spec.steps.map((s) => s.id));
  let id = slug(base, 30).replace(/_/g, '-');
  if (!STEP_ID_PATTERN.test(id)) id = 'step';
  if (!taken.has(id)) return id;
  for (let i = 2; ; i++) if (!taken.has(`${id}-${i}`)) return `${id}-${i}`;
}

function variableNames(spec: AppSpec): Set<string> {
  const names = new Set((spec.variables ?? []).map((v) => v.name));
  for (const step of spec.steps) {
    if (step.kind === 'input') step.config.fields.forEach((f) => names.add(f.name));
    if (step.kind === 'ai' || step.kind === 'api') names.add(step.config.outputVariable);
    if (step.kind === 'database' && step.config.outputVariable) names.add(step.config.outputVariable);
  }
  return names;
}

function splitOptions(text: string): string[] {
  return unquote(text)
    .split(/\s*(?:,|;|\bor\b|\band\b|\/)\s*/i)
    .map(unquote)
    .filter((option) => option !== '');
}

/** Error messages of a spec, to tell which problems a revision would add. */
function errorMessages(spec: AppSpec): Set<string> {
  return new Set(validateApp(spec).filter((p) => p.severity === 'error').map((p) => p.message));
}

function newErrors(before: AppSpec, after: AppSpec): string[] {
  const old = errorMessages(before);
  return validateApp(after)
    .filter((p) => p.severity === 'error' && !old.has(p.message))
    .map((p) => p.message);
}

type Outcome = { spec: AppSpec; summary: string } | { name: string; summary: string } | { refused: string };

function renameApp(name: string): Outcome {
  const clean = unquote(name).slice(0, 120);
  if (clean === '') return { refused: 'The new name is empty.' };
  return { name: clean, summary: `Renamed the app to ${quote(clean)}.` };
}

function renameStep(spec: AppSpec, position: number, title: string): Outcome {
  const step = spec.steps[position - 1];
  if (!step) return { refused: `There is no step ${position}; the app has ${spec.steps.length}.` };
  const clean = unquote(title).slice(0, LIMITS.titleLength);
  if (clean === '') return { refused: 'The new title is empty.' };
  const old = step.title;
  step.title = clean;
  return { spec, summary: `Renamed step ${position} from ${quote(old)} to ${quote(clean)}.` };
}

function addField(spec: AppSpec, typeWord: string | undefined, what: string, optionsText: string | undefined): Outcome {
  const type: InputField['type'] = typeWord ? (FIELD_TYPES[typeWord.toLowerCase()] ?? 'text') : 'text';
  const label = capitalise(unquote(what)).slice(0, LIMITS.labelLength);
  if (label === '') return { refused: 'Say what the field is for, e.g. “add a field for age”.' };
  const name = unique(slug(label), variableNames(spec));
  let field: InputField;
  switch (type) {
    case 'choice': {
      const options = optionsText ? splitOptions(optionsText) : [];
      if (options.length < 2) return { refused: 'A choice field needs its options, e.g. “add a choice field for level with options easy, medium and hard”.' };
      field = { type, name, label, required: true, options };
      break;
    }
    case 'number':
      field = { type, name, label, required: false };
      break;
    case 'yes_no':
      field = { type, name, label, required: false };
      break;
    case 'file':
      field = { type, name, label, required: false, maxBytes: 10 * 1024 * 1024 };
      break;
    case 'long_text':
      field = { type, name, label, required: false, maxLength: 5_000 };
      break;
    case 'text':
      field = { type, name, label, required: false, maxLength: 500 };
      break;
  }
  let inputStep = spec.steps.find((s): s is InputStep => s.kind === 'input');
  let where: string;
  if (inputStep) {
    if (inputStep.config.fields.length >= LIMITS.fieldsPerStep) return { refused: `Step ${quote(inputStep.title)} already has ${LIMITS.fieldsPerStep} fields.` };
    inputStep.config.fields.push(field);
    where = `step ${quote(inputStep.title)}`;
  } else {
    if (spec.steps.length >= LIMITS.steps) return { refused: `The app already has ${LIMITS.steps} steps.` };
    inputStep = { id: uniqueStepId('ask', spec), kind: 'input', title: 'Your details', config: { fields: [field] }, next: { type: 'step', stepId: spec.entryStepId } };
    spec.steps.unshift(inputStep);
    spec.entryStepId = inputStep.id;
    where = `a new first step ${quote(inputStep.title)}`;
  }
  let summary = `Added the ${type.replace('_', ' ')} field ${quote(label)} (variable ${name}) to ${where}.`;
  // Pass the new answer to the first AI step, if that keeps the app valid.
  const ai = spec.steps.find((s): s is AiStep => s.kind === 'ai');
  if (ai && ai.config.prompt.length + label.length + name.length + 10 <= LIMITS.promptLength) {
    const before = structuredClone(spec);
    const oldPrompt = ai.config.prompt;
    ai.config.prompt = `${oldPrompt}\n\n${label}: {{${name}}}`;
    if (newErrors(before, spec).length > 0) ai.config.prompt = oldPrompt;
    else summary += ` Step ${quote(ai.title)} now receives it.`;
  }
  return { spec, summary };
}

function changeTone(spec: AppSpec, tone: string): Outcome {
  const clean = unquote(tone).toLowerCase().slice(0, 40);
  if (clean === '') return { refused: 'Say which tone, e.g. “make it more formal”.' };
  const aiSteps = spec.steps.filter((s): s is AiStep => s.kind === 'ai');
  if (aiSteps.length === 0) return { refused: 'The app has no AI step whose tone could change.' };
  for (const step of aiSteps) {
    const kept = (step.config.system ?? '')
      .split('\n')
      .filter((line) => !/^Tone: /.test(line))
      .join('\n')
      .trim();
    step.config.system = `${kept === '' ? '' : `${kept}\n`}Tone: ${clean}.`;
  }
  return { spec, summary: `Changed the tone of ${aiSteps.length === 1 ? '1 AI step' : `${aiSteps.length} AI steps`} to ${clean}.` };
}

/** The last step (in order) that finishes the app: where a closing choice goes. */
function finalStepIndex(spec: AppSpec): number {
  for (let i = spec.steps.length - 1; i >= 0; i--) {
    const step = spec.steps[i];
    if (!step) continue;
    if (step.next.type === 'end') return i;
    if (step.next.type === 'step' && (step.next.stepId ?? followingTarget(spec, i)) === END) return i;
  }
  return -1;
}

function addChoice(spec: AppSpec, optionsText: string | undefined): Outcome {
  const at = finalStepIndex(spec);
  const final = spec.steps[at];
  if (!final) return { refused: 'No step ends the app, so there is no place for a closing choice.' };
  const options = optionsText ? splitOptions(optionsText).slice(0, LIMITS.buttons - 1) : [];
  if (options.length === 0) {
    final.next = {
      type: 'choices',
      prompt: 'What next?',
      buttons: [
        { label: 'Start again', goto: spec.entryStepId },
        { label: 'Finish', goto: END },
      ],
    };
    return { spec, summary: `Added a choice after step ${quote(final.title)}: Start again or Finish.` };
  }
  const source = [...spec.steps].reverse().find((s): s is AiStep => s.kind === 'ai' && s.config.outputFormat !== 'json');
  if (!source) return { refused: 'A choice with options rewrites an AI answer, but the app has no AI step with a text answer.' };
  if (spec.steps.length + options.length * 2 > LIMITS.steps) return { refused: `That would take the app over ${LIMITS.steps} steps.` };
  const names = variableNames(spec);
  const buttons: { label: string; goto: string }[] = [];
  const added: Step[] = [];
  for (const option of options) {
    const label = capitalise(option).slice(0, LIMITS.buttonLabelLength);
    const variable = unique(`${source.config.outputVariable}_${slug(option, 20)}`.slice(0, 64), names);
    names.add(variable);
    const rewriteId = uniqueStepId(`rewrite-${option}`, { ...spec, steps: [...spec.steps, ...added] });
    const rewrite: AiStep = {
      id: rewriteId,
      kind: 'ai',
      title: `Rewrite: ${label}`.slice(0, LIMITS.titleLength),
      config: {
        prompt: `Rewrite the text below so that it is ${option.toLowerCase()}. Keep its meaning and its format.\n\n{{${source.config.outputVariable}}}`,
        settings: { ...source.config.settings },
        outputVariable: variable,
        outputFormat: 'markdown',
      },
      next: { type: 'step' },
    };
    added.push(rewrite);
    const showId = uniqueStepId(`show-${option}`, { ...spec, steps: [...spec.steps, ...added] });
    rewrite.next = { type: 'step', stepId: showId };
    added.push({ id: showId, kind: 'output', title: label, config: { template: `{{${variable}}}` }, next: { type: 'end' } });
    buttons.push({ label, goto: rewriteId });
  }
  buttons.push({ label: 'Done', goto: END });
  final.next = { type: 'choices', prompt: 'Would you like a different version?', buttons } satisfies Next;
  spec.steps.push(...added);
  return {
    spec,
    summary: `Added a choice after step ${quote(final.title)}: ${buttons.map((b) => b.label).join(', ')}. Each option rewrites ${quote(source.title)}’s answer.`,
  };
}

function removeStep(spec: AppSpec, position: number): Outcome {
  const removed = spec.steps[position - 1];
  if (!removed) return { refused: `There is no step ${position}; the app has ${spec.steps.length}.` };
  if (spec.steps.length === 1) return { refused: 'An app needs at least one step.' };
  const i = position - 1;
  const following = followingTarget(spec, i);
  // Where the removed step would have led on its simplest path.
  const exit =
    removed.next.type === 'step' ? (removed.next.stepId ?? following) : removed.next.type === 'end' ? END : following;
  const replacement = exit === removed.id ? END : exit;
  const retarget = (target: string): string => (target === removed.id ? replacement : target);
  // The step before it that simply "went on" must now go where the removed step led.
  const previous = spec.steps[i - 1];
  if (previous && previous.next.type === 'step' && previous.next.stepId === undefined && replacement !== following) {
    previous.next = replacement === END ? { type: 'end' } : { type: 'step', stepId: replacement };
  }
  spec.steps.splice(i, 1);
  for (const step of spec.steps) {
    const next = step.next;
    if (next.type === 'step' && next.stepId !== undefined) {
      const target = retarget(next.stepId);
      step.next = target === END ? { type: 'end' } : { type: 'step', stepId: target };
    } else if (next.type === 'conditions') {
      next.conditions.forEach((c) => (c.goto = retarget(c.goto)));
      next.otherwise = retarget(next.otherwise);
    } else if (next.type === 'choices') {
      next.buttons.forEach((b) => (b.goto = retarget(b.goto)));
    }
  }
  if (spec.entryStepId === removed.id) {
    const first = spec.steps[0];
    spec.entryStepId = replacement !== END ? replacement : (first?.id ?? spec.entryStepId);
  }
  return { spec, summary: `Removed step ${position} ${quote(removed.title)}.` };
}

function interpret(instruction: string, spec: AppSpec): { kind: RevisionKind; apply: () => Outcome } | null {
  const text = instruction.replace(/\s+/g, ' ').trim().replace(/[.!]+$/, '');
  let m: RegExpExecArray | null;
  if ((m = /^(?:please\s+)?(?:rename|call)\s+(?:the\s+app|this\s+app|my\s+app|the\s+application|it|app)\s+(?:to\s+|as\s+)?(.+)$/i.exec(text)) ||
      (m = /^(?:please\s+)?(?:change|set)\s+the\s+(?:app(?:'s)?\s+)?name\s+to\s+(.+)$/i.exec(text))) {
    const name = m[1] ?? '';
    return { kind: 'rename_app', apply: () => renameApp(name) };
  }
  if ((m = /^(?:please\s+)?(?:rename|retitle)\s+step\s+(\d+)\s+(?:to|as)\s+(.+)$/i.exec(text))) {
    const position = Number(m[1]);
    const title = m[2] ?? '';
    return { kind: 'rename_step', apply: () => renameStep(spec, position, title) };
  }
  const typeWords = Object.keys(FIELD_TYPES).sort((a, b) => b.length - a.length).map((w) => w.replace('/', '\\/')).join('|');
  const fieldPattern = new RegExp(
    `^(?:please\\s+)?(?:add|include)\\s+(?:an?\\s+|another\\s+)?(?:(${typeWords})\\s+)?(?:field|question|input)\\s+(?:for|asking\\s+for|about|called|named|with)\\s+(.+?)(?:\\s+with\\s+(?:the\\s+)?options?\\s+(.+))?$`,
    'i',
  );
  if ((m = fieldPattern.exec(text))) {
    const typeWord = m[1];
    const what = m[2] ?? '';
    const options = m[3];
    return { kind: 'add_field', apply: () => addField(spec, typeWord, what, options) };
  }
  if ((m = /^(?:please\s+)?ask\s+(?:the\s+(?:user|visitor|person)\s+)?(?:for|about)\s+(?:their\s+|the\s+)?(.+)$/i.exec(text))) {
    const what = m[1] ?? '';
    return { kind: 'add_field', apply: () => addField(spec, undefined, what, undefined) };
  }
  if ((m = /^(?:please\s+)?(?:change|set|switch)\s+(?:the\s+)?tone\s+(?:to\s+)?(?:be\s+)?(?:more\s+)?(.+)$/i.exec(text))) {
    const tone = m[1] ?? '';
    return { kind: 'change_tone', apply: () => changeTone(spec, tone) };
  }
  if ((m = /^(?:please\s+)?make\s+(?:it|the\s+app|the\s+answers?|the\s+output)\s+(?:sound\s+)?(?:more\s+|a\s+bit\s+more\s+)?([a-z-]+)$/i.exec(text))) {
    const tone = (m[1] ?? '').toLowerCase();
    if (TONES.includes(tone)) return { kind: 'change_tone', apply: () => changeTone(spec, tone) };
  }
  if ((m = /^(?:please\s+)?add\s+(?:a\s+)?(?:choice|choices|buttons?)(?:\s+step)?(?:\s+(?:with|between|for|offering)\s+(?:the\s+)?(?:options?\s+)?(.+))?$/i.exec(text)) ||
      (m = /^(?:please\s+)?let\s+(?:the\s+)?(?:user|visitor|people|them)\s+choose\s+(?:between\s+)?(.+)$/i.exec(text))) {
    const options = m[1];
    return { kind: 'add_choice', apply: () => addChoice(spec, options) };
  }
  if ((m = /^(?:please\s+)?(?:remove|delete|drop)\s+(?:the\s+)?step\s+(?:number\s+)?(\d+)$/i.exec(text))) {
    const position = Number(m[1]);
    return { kind: 'remove_step', apply: () => removeStep(spec, position) };
  }
  return null;
}

/**
 * The offline model's builder chat: applies one instruction it understands, deterministically,
 * and says what it did; anything else gets an honest "can't do that" and no change. A change that
 * would break the app (a variable still in use, a loop with no way out) is refused with the reason.
 */
export function reviseApp(spec: AppSpec, instruction: string): Revision {
  const draft = structuredClone(spec);
  const shown = instruction.replace(/\s+/g, ' ').trim().slice(0, 200);
  const understood = interpret(instruction, draft);
  if (!understood) {
    return {
      changed: false,
      spec,
      understood: null,
      changeSummary: `The offline model can't do that; it understood: ${quote(shown)}, which is not one of the changes it knows. It can ${OFFLINE_CAPABILITIES}.`,
    };
  }
  const outcome = understood.apply();
  if ('refused' in outcome) {
    return { changed: false, spec, understood: understood.kind, changeSummary: `No change: ${outcome.refused}` };
  }
  if ('name' in outcome) {
    return { changed: true, spec, understood: understood.kind, changeSummary: outcome.summary, name: outcome.name };
  }
  const broken = newErrors(spec, outcome.spec);
  if (broken.length > 0) {
    return { changed: false, spec, understood: understood.kind, changeSummary: `No change: that would break the app. ${broken.join(' ')}` };
  }
  return { changed: true, spec: outcome.spec, understood: understood.kind, changeSummary: outcome.summary };
}
