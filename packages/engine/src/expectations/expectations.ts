import { z } from 'zod';

import { err, ok } from '../result';
import type { Result } from '../result';
import { extractJsonText } from '../spec/app-spec';
import type { AppSpec } from '../spec/app-spec';
import type { InputField } from '../spec/input-fields';
import { validateInputs } from '../run/inputs';
import type { JsonValue } from '../run/run-state';
import { lookupJsonPath, parseJsonPath } from './json-path';
import { SAFE_REGEX_LIMITS, compileSafeRegex } from './safe-regex';

export const TEST_LIMITS = {
  expectationsPerCase: 20,
  textLength: 5_000,
  rubricLength: 2_000,
  schemaCharacters: 20_000,
  schemaDepth: 20,
  caseNameLength: 120,
  inputsCharacters: 200_000,
  casesPerRun: 200,
  runsPerCase: 5,
} as const;

const text = z
  .string({ error: 'Write the text to look for.' })
  .min(1, { error: 'Write the text to look for.' })
  .max(TEST_LIMITS.textLength, { error: `The text has at most ${TEST_LIMITS.textLength} characters.` });

function depthOf(value: unknown, depth = 0): number {
  if (depth > TEST_LIMITS.schemaDepth) return depth;
  if (typeof value !== 'object' || value === null) return depth;
  let deepest = depth;
  for (const item of Object.values(value)) deepest = Math.max(deepest, depthOf(item, depth + 1));
  return deepest;
}

function hasKey(value: unknown, keys: readonly string[], depth = 0): string | null {
  if (depth > TEST_LIMITS.schemaDepth || typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    if (keys.includes(key)) return key;
    const found = hasKey(item, keys, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Turns a JSON schema into a checker, or says why it cannot be used. `pattern` is refused because
 * the schema library would run it with JavaScript's backtracking RegExp; a "matches" expectation
 * checks text safely instead.
 */
export function compileJsonSchema(schema: unknown): Result<z.ZodType, string> {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return err('A JSON schema is a JSON object, like {"type": "object"}.');
  let size: number;
  try {
    size = JSON.stringify(schema).length;
  } catch {
    return err('The JSON schema is not plain JSON.');
  }
  if (size > TEST_LIMITS.schemaCharacters) return err(`A JSON schema has at most ${TEST_LIMITS.schemaCharacters} characters.`);
  if (depthOf(schema) > TEST_LIMITS.schemaDepth) return err(`A JSON schema is nested at most ${TEST_LIMITS.schemaDepth} levels deep.`);
  const refused = hasKey(schema, ['pattern', 'patternProperties', '$ref', '$dynamicRef']);
  if (refused) {
    return err(
      refused.startsWith('$')
        ? `The JSON schema uses ${refused}, which tests do not follow; write the schema out in full.`
        : `The JSON schema uses “${refused}”, which tests do not run; check text with a “matches” expectation instead.`,
    );
  }
  try {
    // The shape was checked above (plain JSON object, bounded); zod reads the keywords itself.
    return ok(z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]));
  } catch (error) {
    return err(`The JSON schema cannot be used: ${error instanceof Error ? error.message : 'it is not valid'}.`);
  }
}

const jsonValueSchema: z.ZodType<JsonValue> = z.json();

export const EXPECTATION_KINDS = [
  'contains',
  'not_contains',
  'matches',
  'json_path_equals',
  'json_schema',
  'length',
  'choice_offered',
  'judged',
] as const;
export type ExpectationKind = (typeof EXPECTATION_KINDS)[number];

/** Where JSON expectations look: the output text (JSON in it), or a variable the run set. */
const jsonSource = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, { error: 'A variable name has letters, digits and underscores.' })
  .optional();

export const expectationSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('contains'), text, ignoreCase: z.boolean().default(true) }),
    z.object({ kind: z.literal('not_contains'), text, ignoreCase: z.boolean().default(true) }),
    z
      .object({ kind: z.literal('matches'), pattern: z.string().max(1_000), flags: z.string().max(5).default('') })
      .superRefine((value, ctx) => {
        const compiled = compileSafeRegex(value.pattern, value.flags);
        if (!compiled.ok) ctx.addIssue({ code: 'custom', path: ['pattern'], message: compiled.error });
      }),
    z
      .object({ kind: z.literal('json_path_equals'), path: z.string().max(1_000), value: jsonValueSchema, variable: jsonSource })
      .superRefine((value, ctx) => {
        const parsed = parseJsonPath(value.path);
        if (!parsed.ok) ctx.addIssue({ code: 'custom', path: ['path'], message: parsed.error });
      }),
    z
      .object({ kind: z.literal('json_schema'), schema: z.record(z.string(), z.unknown()), variable: jsonSource })
      .superRefine((value, ctx) => {
        const compiled = compileJsonSchema(value.schema);
        if (!compiled.ok) ctx.addIssue({ code: 'custom', path: ['schema'], message: compiled.error });
      }),
    z
      .object({
        kind: z.literal('length'),
        min: z.number().int().min(0).max(1_000_000).optional(),
        max: z.number().int().min(0).max(1_000_000).optional(),
      })
      .refine((value) => value.min !== undefined || value.max !== undefined, { error: 'Give a shortest length, a longest length, or both.' })
      .refine((value) => value.min === undefined || value.max === undefined || value.min <= value.max, {
        error: 'The shortest length is larger than the longest.',
        path: ['min'],
      }),
    z.object({ kind: z.literal('choice_offered'), label: text }),
    z.object({
      kind: z.literal('judged'),
      rubric: z
        .string()
        .trim()
        .min(1, { error: 'Write what a good answer does, for the model to judge by.' })
        .max(TEST_LIMITS.rubricLength, { error: `A rubric has at most ${TEST_LIMITS.rubricLength} characters.` }),
    }),
  ],
  { error: `An expectation kind is one of ${EXPECTATION_KINDS.join(', ')}.` },
);
export type Expectation = z.output<typeof expectationSchema>;
export type ExpectationInput = z.input<typeof expectationSchema>;

export const TEST_CASE_MODES = ['must_pass', 'warn_only'] as const;
export type TestCaseMode = (typeof TEST_CASE_MODES)[number];

const inputsSchema = z
  .record(z.string().max(64), jsonValueSchema)
  .refine((value) => JSON.stringify(value).length <= TEST_LIMITS.inputsCharacters, {
    error: `A case's inputs have at most ${TEST_LIMITS.inputsCharacters} characters.`,
  });

export const testCaseSchema = z.object({
  name: z
    .string({ error: 'A test case needs a name.' })
    .trim()
    .min(1, { error: 'A test case needs a name.' })
    .max(TEST_LIMITS.caseNameLength, { error: `A test case name has at most ${TEST_LIMITS.caseNameLength} characters.` }),
  inputs: inputsSchema,
  expectations: z
    .array(expectationSchema)
    .min(1, { error: 'A test case checks at least one thing.' })
    .max(TEST_LIMITS.expectationsPerCase, { error: `A test case has at most ${TEST_LIMITS.expectationsPerCase} expectations.` }),
  mode: z.enum(TEST_CASE_MODES).default('must_pass'),
  /** "n of m runs pass": the case runs `runs` times and passes when at least `passesNeeded` of them pass. */
  runs: z
    .number({ error: 'Say how many times the case runs (1 to 5).' })
    .int({ error: 'Runs is a whole number from 1 to 5.' })
    .min(1, { error: 'A case runs at least once.' })
    .max(TEST_LIMITS.runsPerCase, { error: `A case runs at most ${TEST_LIMITS.runsPerCase} times.` })
    .default(1),
  passesNeeded: z
    .number({ error: 'Say how many runs must pass (1 to 5).' })
    .int({ error: 'Runs that must pass is a whole number from 1 to 5.' })
    .min(1, { error: 'At least one run must pass.' })
    .max(TEST_LIMITS.runsPerCase, { error: `At most ${TEST_LIMITS.runsPerCase} runs can be asked to pass.` })
    .default(1),
}).refine((value) => value.passesNeeded <= value.runs, {
  error: 'The runs that must pass cannot be more than the runs: choose n of m with n at most m.',
  path: ['passesNeeded'],
});
export type TestCase = z.output<typeof testCaseSchema>;
export type TestCaseInput = z.input<typeof testCaseSchema>;

/** What a finished run showed, as the expectations see it. */
export interface RunObservation {
  /** The run's outputs, joined as the visitor read them. */
  readonly text: string;
  readonly variables?: Readonly<Record<string, JsonValue>>;
  /** Button labels when the run waits for a choice. */
  readonly choices?: readonly string[];
}

export interface ExpectationResult {
  readonly kind: ExpectationKind;
  readonly pass: boolean;
  /** One sentence saying what was found. */
  readonly reason: string;
}

/**
 * "n of m runs pass": a case that ran `outcomes.length` times passes when at least `passesNeeded`
 * of its runs passed; the sentence says how many did.
 */
export function repeatedVerdict(outcomes: readonly boolean[], passesNeeded: number): { pass: boolean; reason: string | null } {
  const passed = outcomes.filter(Boolean).length;
  const pass = passed >= passesNeeded;
  if (outcomes.length <= 1) return { pass, reason: null };
  return { pass, reason: `${passed} of ${outcomes.length} runs passed; ${passesNeeded} ${passesNeeded === 1 ? 'needs' : 'need'} to pass.` };
}

/** Asks a model whether `output` meets `rubric`; answers pass/fail with the model's reason. */
export type Judge = (request: { rubric: string; output: string }) => Promise<{ pass: boolean; reason: string }>;

function quote(value: string, max = 80): string {
  return `“${value.length > max ? `${value.slice(0, max)}…` : value}”`;
}

function jsonTarget(observation: RunObservation, variable: string | undefined): { ok: true; value: unknown } | { ok: false; reason: string } {
  if (variable !== undefined) {
    const vars = observation.variables ?? {};
    if (!Object.prototype.hasOwnProperty.call(vars, variable)) return { ok: false, reason: `The run did not set the variable ${variable}.` };
    const value = vars[variable];
    if (typeof value !== 'string') return { ok: true, value };
    try {
      return { ok: true, value: JSON.parse(extractJsonText(value)) as unknown };
    } catch {
      return { ok: true, value };
    }
  }
  try {
    return { ok: true, value: JSON.parse(extractJsonText(observation.text)) as unknown };
  } catch {
    return { ok: false, reason: 'The output is not JSON.' };
  }
}

function sameJson(a: unknown, b: unknown, depth = 0): boolean {
  if (depth > 64) return false;
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameJson(item, b[i], depth + 1));
  if (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null && !Array.isArray(a) && !Array.isArray(b)) {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return (
      ka.length === kb.length &&
      ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], depth + 1))
    );
  }
  return false;
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? 'nothing';
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

/**
 * Checks one expectation that needs no model. A `judged` expectation answers "not judged" here;
 * `evaluateExpectations` runs it with a judge.
 */
export function evaluateExpectation(expectation: Expectation, observation: RunObservation): ExpectationResult {
  const { kind } = expectation;
  const result = (pass: boolean, reason: string): ExpectationResult => ({ kind, pass, reason });
  const output = observation.text;
  switch (expectation.kind) {
    case 'contains':
    case 'not_contains': {
      const haystack = expectation.ignoreCase ? output.toLowerCase() : output;
      const needle = expectation.ignoreCase ? expectation.text.toLowerCase() : expectation.text;
      const found = haystack.includes(needle);
      if (expectation.kind === 'contains') {
        return result(found, found ? `The output contains ${quote(expectation.text)}.` : `The output does not contain ${quote(expectation.text)}.`);
      }
      return result(!found, found ? `The output contains ${quote(expectation.text)}, which it should not.` : `The output does not contain ${quote(expectation.text)}.`);
    }
    case 'matches': {
      const compiled = compileSafeRegex(expectation.pattern, expectation.flags);
      if (!compiled.ok) return result(false, compiled.error);
      if (output.length > SAFE_REGEX_LIMITS.inputLength) {
        return result(false, `The output has more than ${SAFE_REGEX_LIMITS.inputLength} characters, too long to check against a pattern.`);
      }
      const pass = compiled.value.test(output);
      return result(pass, pass ? `The output matches ${quote(expectation.pattern)}.` : `The output does not match ${quote(expectation.pattern)}.`);
    }
    case 'json_path_equals': {
      const path = parseJsonPath(expectation.path);
      if (!path.ok) return result(false, path.error);
      const target = jsonTarget(observation, expectation.variable);
      if (!target.ok) return result(false, target.reason);
      const found = lookupJsonPath(target.value, path.value);
      if (!found.found) return result(false, `Nothing is at ${expectation.path}.`);
      const pass = sameJson(found.value, expectation.value);
      return result(pass, pass ? `${expectation.path} is ${show(expectation.value)}.` : `${expectation.path} is ${show(found.value)}, not ${show(expectation.value)}.`);
    }
    case 'json_schema': {
      const compiled = compileJsonSchema(expectation.schema);
      if (!compiled.ok) return result(false, compiled.error);
      const target = jsonTarget(observation, expectation.variable);
      if (!target.ok) return result(false, target.reason);
      const parsed = compiled.value.safeParse(target.value);
      if (parsed.success) return result(true, 'The JSON matches the schema.');
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
      return result(false, `The JSON does not match the schema${where}: ${issue?.message ?? 'it is different'}.`);
    }
    case 'length': {
      const length = [...output].length;
      const { min, max } = expectation;
      if (min !== undefined && length < min) return result(false, `The output has ${length} characters, fewer than ${min}.`);
      if (max !== undefined && length > max) return result(false, `The output has ${length} characters, more than ${max}.`);
      return result(true, `The output has ${length} characters.`);
    }
    case 'choice_offered': {
      const choices = observation.choices ?? [];
      const wanted = expectation.label.trim().toLowerCase();
      const pass = choices.some((choice) => choice.trim().toLowerCase() === wanted);
      if (pass) return result(true, `The run offers the choice ${quote(expectation.label)}.`);
      return result(
        false,
        choices.length === 0
          ? `The run offers no choice; ${quote(expectation.label)} was expected.`
          : `The run offers ${choices.map((c) => quote(c)).join(', ')}, not ${quote(expectation.label)}.`,
      );
    }
    case 'judged':
      return result(false, 'This expectation is judged by the model, and no model was given to judge it.');
  }
}

/** Checks every expectation; `judged` ones go to `judge` (one at a time, in order). */
export async function evaluateExpectations(
  expectations: readonly Expectation[],
  observation: RunObservation,
  options: { judge?: Judge } = {},
): Promise<ExpectationResult[]> {
  const results: ExpectationResult[] = [];
  for (const expectation of expectations) {
    if (expectation.kind === 'judged' && options.judge) {
      try {
        const verdict = await options.judge({ rubric: expectation.rubric, output: observation.text });
        results.push({ kind: 'judged', pass: verdict.pass === true, reason: verdict.reason.slice(0, 1_000) || (verdict.pass ? 'The model judged it a pass.' : 'The model judged it a fail.') });
      } catch (error) {
        results.push({ kind: 'judged', pass: false, reason: `The model could not judge the output: ${error instanceof Error ? error.message : 'unknown error'}.` });
      }
    } else {
      results.push(evaluateExpectation(expectation, observation));
    }
  }
  return results;
}

/** Every input field of the app, across its input steps (the names a run's `inputs` use). */
export function appInputFields(spec: AppSpec): InputField[] {
  const fields: InputField[] = [];
  for (const step of spec.steps) if (step.kind === 'input') fields.push(...step.config.fields);
  return fields;
}

/**
 * Whether a case's inputs still fit the app. A case written before an edit that renamed, removed
 * or added a required field "needs update" rather than failing oddly; the reasons say what changed.
 */
export function checkCaseInputs(spec: AppSpec, inputs: Readonly<Record<string, unknown>>): { status: 'ready' } | { status: 'needs_update'; reasons: string[] } {
  const fields = appInputFields(spec);
  const names = new Set(fields.map((field) => field.name));
  const reasons: string[] = [];
  for (const key of Object.keys(inputs)) {
    if (!names.has(key)) reasons.push(`The app no longer has a field named ${key}.`);
  }
  const checked = validateInputs(fields, inputs);
  if (!checked.ok) for (const error of checked.errors) reasons.push(error.message);
  return reasons.length === 0 ? { status: 'ready' } : { status: 'needs_update', reasons };
}

/** The case passes when every expectation passes. */
export function casePassed(results: readonly ExpectationResult[]): boolean {
  return results.every((result) => result.pass);
}
