import type { ModelCapability, TokenUsage } from '@appforge/engine';
import { extractJsonText } from '@appforge/engine';
import { NoObjectGeneratedError, Output, generateText } from 'ai';
import type { ModelMessage } from 'ai';
import { z } from 'zod';

import { ModelError } from './model-error';
import { providerBinding, withAttemptTimeout, withRetries } from './openai-compatible-model';

export interface StructuredRequest<S extends z.ZodType> {
  readonly model: ModelCapability;
  readonly schema: S;
  /** Names the object for providers with structured outputs (e.g. "app_spec"). */
  readonly schemaName?: string;
  readonly schemaDescription?: string;
  readonly system?: string;
  readonly prompt: string;
  readonly signal?: AbortSignal;
  readonly temperature?: number;
  readonly maxOutputTokens?: number;
  /** Checks beyond the schema (e.g. the engine's validator); each returned line is a problem to repair. */
  readonly check?: (value: z.output<S>) => readonly string[];
}

export interface StructuredResult<T> {
  readonly value: T;
  readonly usage: TokenUsage;
  /** 1, or 2 when the first answer had to be repaired. */
  readonly modelCalls: number;
}

const MAX_ISSUES = 30;

function formatIssues(error: z.ZodError): string[] {
  return error.issues.slice(0, MAX_ISSUES).map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(root)'}: ${issue.message}`);
}

type Verdict<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly issues: readonly string[] };

/** Parses what the model wrote (fences and prose around the object tolerated) and checks it. */
function judge<S extends z.ZodType>(request: StructuredRequest<S>, text: string): Verdict<z.output<S>> {
  // Parsed from the text even when the SDK accepted it, so the schema's transforms apply exactly once.
  let candidate: unknown;
  try {
    candidate = JSON.parse(extractJsonText(text));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, issues: [`(root): the answer is not valid JSON (${reason}).`] };
  }
  const parsed = request.schema.safeParse(candidate);
  if (!parsed.success) return { ok: false, issues: formatIssues(parsed.error) };
  const problems = request.check?.(parsed.data) ?? [];
  return problems.length > 0 ? { ok: false, issues: problems.slice(0, MAX_ISSUES) } : { ok: true, value: parsed.data };
}

function schemaInstructions(schema: z.ZodType): string {
  // The schema in words for endpoints without json_schema support: JSON mode alone says "JSON", not which JSON.
  const jsonSchema = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return `Answer with one JSON object only (no prose, no code fence) that matches this JSON schema:\n${JSON.stringify(jsonSchema)}`;
}

function repairPrompt(issues: readonly string[]): string {
  return [
    'Your answer could not be used. These problems were found:',
    ...issues.map((issue) => `- ${issue}`),
    'Answer again with the complete, corrected JSON object only.',
  ].join('\n');
}

const addUsage = (a: TokenUsage, b: { inputTokens?: number | undefined; outputTokens?: number | undefined } | undefined): TokenUsage => ({
  inputTokens: a.inputTokens + (b?.inputTokens ?? 0),
  outputTokens: a.outputTokens + (b?.outputTokens ?? 0),
});

/**
 * A JSON object matching a zod schema, through the AI SDK's object output (`Output.object`, or
 * `Output.json` for endpoints without structured outputs). An
 * answer that is not JSON or does not fit (schema or `check`) gets one repair attempt with the
 * problems spelled out; a second misfit is a ModelError `invalid_output` listing them.
 * Retries (429/5xx) and timeouts apply to each call as for streaming.
 */
export async function generateStructured<S extends z.ZodType>(request: StructuredRequest<S>): Promise<StructuredResult<z.output<S>>> {
  const binding = providerBinding(request.model);
  if (binding === undefined) {
    throw new ModelError(
      'bad_request',
      request.model.offline
        ? 'The offline model cannot write structured answers; connect an AI provider (AI_BASE_URL) or use the offline app templates.'
        : `${request.model.label} was not created by @appforge/models, so it cannot write structured answers.`,
    );
  }
  const signal = request.signal ?? new AbortController().signal;
  const system = [request.system, binding.structuredOutputs ? undefined : schemaInstructions(request.schema)]
    .filter((part): part is string => part !== undefined && part.trim() !== '')
    .join('\n\n');
  const messages: ModelMessage[] = [{ role: 'user', content: request.prompt }];
  let usage: TokenUsage = { inputTokens: 0, outputTokens: 0 };
  const maxOutputTokens =
    request.maxOutputTokens === undefined ? binding.maxOutputTokens : Math.min(request.maxOutputTokens, binding.maxOutputTokens ?? Infinity);

  const naming = {
    ...(request.schemaName !== undefined ? { name: request.schemaName } : {}),
    ...(request.schemaDescription !== undefined ? { description: request.schemaDescription } : {}),
  };
  // With json_schema support the SDK's object output enforces the schema at the provider; without
  // it, JSON mode (json_object) plus the schema in the prompt: passing a schema the endpoint cannot
  // take would only make the SDK warn on every call. Either way the answer is checked below.
  for (let call = 1; ; call++) {
    const answer = await withRetries(binding, signal, () =>
      withAttemptTimeout(binding, signal, async (attemptSignal) => {
        try {
          const result = await generateText({
            model: binding.languageModel,
            system,
            messages,
            output: binding.structuredOutputs ? Output.object({ schema: request.schema, ...naming }) : Output.json(naming),
            ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
            ...(maxOutputTokens !== undefined ? { maxOutputTokens } : {}),
            // Non-strict: strict mode refuses schemas with optional fields, such as the app spec's;
            // the zod check below is what guarantees the shape.
            ...(binding.structuredOutputs ? { providerOptions: { openaiCompatible: { strictJsonSchema: false } } } : {}),
            abortSignal: attemptSignal,
            maxRetries: 0,
          });
          return { text: result.text, usage: result.totalUsage };
        } catch (error) {
          // Not JSON or not the schema: keep the text so the model can be asked to repair it.
          if (NoObjectGeneratedError.isInstance(error)) return { text: error.text ?? '', usage: error.usage };
          throw error;
        }
      }),
    );
    usage = addUsage(usage, answer.usage);
    const verdict = judge(request, answer.text);
    if (verdict.ok) return { value: verdict.value, usage, modelCalls: call };
    if (call >= 2) {
      throw new ModelError(
        'invalid_output',
        `${binding.label} did not produce a usable answer, even after being asked to fix it: ${verdict.issues.slice(0, 5).join('; ')}`,
        { issues: verdict.issues },
      );
    }
    messages.push({ role: 'assistant', content: answer.text }, { role: 'user', content: repairPrompt(verdict.issues) });
  }
}
