import type { AppSpec, ModelCapability, TokenUsage } from '@appforge/engine';
import { appSpecSchema, validateApp } from '@appforge/engine';
import { APP_TEMPLATES, buildAppFromDescription, reviseApp } from '@appforge/engine/offline-model';
import type { TemplateMatch } from '@appforge/engine/offline-model';
import { z } from 'zod';

import { ModelError } from './model-error';
import { generateStructured } from './structured';

const MAX_DESCRIPTION = 4_000;
const MAX_INSTRUCTION = 4_000;

const appNameSchema = z.string().trim().min(1, { error: 'The app needs a name.' }).max(80, { error: 'An app name has at most 80 characters.' });

/** What the model writes for a new app. */
export const generatedAppSchema = z.object({
  name: appNameSchema,
  description: z.string().trim().max(500, { error: 'The description has at most 500 characters.' }),
  spec: appSpecSchema,
});

/** What the model writes for a change. */
export const revisedAppSchema = z.object({
  spec: appSpecSchema,
  /** Only when the instruction renamed the app. */
  name: appNameSchema.optional(),
  changeSummary: z.string().trim().min(1, { error: 'Say in one sentence what changed.' }).max(500),
});

export interface GeneratedApp {
  readonly name: string;
  readonly description: string;
  readonly spec: AppSpec;
  /** For the version's change summary. */
  readonly changeSummary: string;
  /** True when the offline model's template catalogue served. */
  readonly offline: boolean;
  readonly modelId: string;
  /** Offline only: which template was picked and why. */
  readonly templateId?: string;
  readonly matchedBy?: TemplateMatch;
  readonly usage: TokenUsage;
  readonly modelCalls: number;
}

export interface RevisedApp {
  /** False when nothing changed (the offline model did not understand, or refused a breaking change). */
  readonly changed: boolean;
  readonly spec: AppSpec;
  readonly name?: string;
  readonly changeSummary: string;
  readonly offline: boolean;
  readonly modelId: string;
  readonly usage: TokenUsage;
  readonly modelCalls: number;
}

const NO_USAGE: TokenUsage = { inputTokens: 0, outputTokens: 0 };

/** The validator's blocking problems, as lines the model can act on. */
function specProblems(spec: AppSpec): string[] {
  return validateApp(spec)
    .filter((problem) => problem.severity === 'error')
    .map((problem) => `${problem.stepId !== undefined ? `step ${problem.stepId}, ` : ''}${problem.field}: ${problem.message}`);
}

const EXAMPLE = APP_TEMPLATES[0];

const SPEC_GUIDE = [
  'You build apps for Appforge. An app is a list of steps run in order:',
  '- "input" steps ask the visitor for fields (text, long_text, number, yes_no, choice, file); each field name becomes a variable.',
  '- "ai" steps send a prompt to a language model; {{variable}} inserts a variable; the answer goes into config.outputVariable.',
  '- "output" steps show a markdown template filled with {{variables}}.',
  '- "next" says where to go after a step: the following step, a named step, the end, conditions on variables, or choice buttons.',
  'Use only variables that are set on every path before the step that uses them. Every step must be reachable; keep prompts specific.',
  EXAMPLE ? `Here is a complete, valid example app spec (${EXAMPLE.name}):\n${JSON.stringify(EXAMPLE.spec)}` : '',
].join('\n');

function clean(text: string, max: number, what: string): string {
  const trimmed = text.trim();
  if (trimmed === '') throw new ModelError('bad_request', `The ${what} is empty: say what the app should do.`);
  if (trimmed.length > max) throw new ModelError('bad_request', `The ${what} is too long (${trimmed.length} characters; at most ${max}).`);
  return trimmed;
}

/**
 * A new app from a description: the offline model's template catalogue when `model` is offline,
 * else the model writes the spec as structured output, checked by the engine's schema and
 * validator (one repair attempt, then `invalid_output`). Never returns a broken spec.
 */
export async function generateAppSpec(request: { readonly description: string; readonly model: ModelCapability; readonly signal?: AbortSignal }): Promise<GeneratedApp> {
  const description = clean(request.description, MAX_DESCRIPTION, 'description');
  if (request.model.offline) {
    const built = buildAppFromDescription(description);
    return {
      name: built.name,
      description: built.description,
      spec: built.spec,
      changeSummary: built.changeSummary,
      offline: true,
      modelId: request.model.id,
      templateId: built.templateId,
      matchedBy: built.matchedBy,
      usage: NO_USAGE,
      modelCalls: 0,
    };
  }
  const result = await generateStructured({
    model: request.model,
    schema: generatedAppSchema,
    schemaName: 'appforge_app',
    schemaDescription: 'A new Appforge app: its name, a one-sentence description and its spec.',
    system: SPEC_GUIDE,
    prompt: `Build an app for this description. Reply with its name, a one-sentence description and its spec.\n\nDescription:\n${description}`,
    ...(request.signal ? { signal: request.signal } : {}),
    temperature: 0.2,
    check: (value) => specProblems(value.spec),
  });
  return {
    name: result.value.name,
    description: result.value.description === '' ? description.slice(0, 500) : result.value.description,
    spec: result.value.spec,
    changeSummary: `Built by ${request.model.label} from the description.`,
    offline: false,
    modelId: request.model.id,
    usage: result.usage,
    modelCalls: result.modelCalls,
  };
}

/**
 * A change to an app from a chat instruction: the offline model's rule-based reviser when offline,
 * else the model rewrites the spec (schema and validator enforced as for `generateAppSpec`).
 */
export async function reviseAppSpec(request: {
  readonly spec: AppSpec;
  readonly instruction: string;
  readonly model: ModelCapability;
  readonly name?: string;
  readonly signal?: AbortSignal;
}): Promise<RevisedApp> {
  const instruction = clean(request.instruction, MAX_INSTRUCTION, 'instruction');
  if (request.model.offline) {
    const revision = reviseApp(request.spec, instruction);
    return {
      changed: revision.changed,
      spec: revision.spec,
      ...(revision.name !== undefined ? { name: revision.name } : {}),
      changeSummary: revision.changeSummary,
      offline: true,
      modelId: request.model.id,
      usage: NO_USAGE,
      modelCalls: 0,
    };
  }
  const result = await generateStructured({
    model: request.model,
    schema: revisedAppSchema,
    schemaName: 'appforge_revision',
    schemaDescription: 'The complete changed app spec, the new app name if it was renamed, and a one-sentence summary of the change.',
    system: SPEC_GUIDE,
    prompt: [
      request.name !== undefined ? `The app is called “${request.name}”.` : '',
      `Its current spec:\n${JSON.stringify(request.spec)}`,
      `Change it as the creator asks, keeping everything else as it is. Reply with the complete new spec, "name" only if the app is renamed, and a one-sentence "changeSummary".`,
      `The creator asks:\n${instruction}`,
    ]
      .filter((line) => line !== '')
      .join('\n\n'),
    ...(request.signal ? { signal: request.signal } : {}),
    temperature: 0.2,
    check: (value) => specProblems(value.spec),
  });
  return {
    changed: JSON.stringify(result.value.spec) !== JSON.stringify(request.spec) || result.value.name !== undefined,
    spec: result.value.spec,
    ...(result.value.name !== undefined ? { name: result.value.name } : {}),
    changeSummary: result.value.changeSummary,
    offline: false,
    modelId: request.model.id,
    usage: result.usage,
    modelCalls: result.modelCalls,
  };
}
