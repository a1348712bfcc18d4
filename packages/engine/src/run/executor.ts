import { parseAppSpec } from '../spec/app-spec';
import type { AppSpec } from '../spec/app-spec';
import { followingTarget, indexSteps } from '../spec/graph';
import { END } from '../spec/names';
import type { AiStep, ApiStep, DatabaseStep, InputStep, OutputStep, Step } from '../spec/steps';
import { extractVariables, formatValue, lookupReference, renderTemplate } from '../template/template';
import type { RenderOptions } from '../template/template';
import { hasErrors, validateApp } from '../validate/validate-app';
import type { ApiCapability, Clock, DatabaseCapability, ModelCapability, ModelRequest, TokenUsage } from './capabilities';
import { evaluateCondition } from './conditions';
import type { ModelInfo, RunEvent } from './events';
import { validateInputs } from './inputs';
import { jsonInstructions, parseJsonOutput } from './json-output';
import { runStateSchema, variableStore } from './run-state';
import type { FieldError, JsonValue, RunFailureCode, RunState, StepRecord } from './run-state';

export const DEFAULT_STEP_TIMEOUT_MS = 120_000;
export const DEFAULT_MAX_STEPS = 200;

export interface RunOptions {
  readonly model: ModelCapability;
  readonly clock: Clock;
  readonly database?: DatabaseCapability;
  readonly api?: ApiCapability;
  /** Called with a JSON-safe snapshot after every step and at every pause, failure and end. */
  readonly persist?: (state: RunState) => void | Promise<void>;
  readonly signal?: AbortSignal;
  /**
   * Answers given up front (an API call, a form already filled): every input step reached in this
   * call takes its fields from here instead of pausing; wrong answers pause with field errors.
   */
  readonly inputs?: Readonly<Record<string, unknown>>;
  /** Per-step limit for AI, database and API steps unless the step sets its own. */
  readonly stepTimeoutMs?: number;
  /** Stops a run that executed this many steps (a loop that never ends at runtime). */
  readonly maxSteps?: number;
  readonly runId?: string;
}

export interface ResumeOptions extends RunOptions {
  /** The index of the button the person pressed, when the run waits for a choice. */
  readonly choice?: number;
}

/** The events of one run, plus a snapshot of its state at any moment. */
export interface RunStream extends AsyncIterable<RunEvent> {
  /** A JSON-safe copy of the run state as it is now. */
  readonly state: RunState;
}

class RunStop extends Error {
  constructor(
    readonly code: RunFailureCode,
    message: string,
  ) {
    super(message);
  }
}

const quote = (text: string): string => `“${text}”`;

function errorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : 'unknown error';
  return message.length > 500 ? `${message.slice(0, 500)}…` : message;
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

function snapshot(state: RunState): RunState {
  return structuredClone(state);
}

/**
 * Races work against the run's AbortSignal and a timer on the injected clock. On either, the
 * step's own signal aborts too, so a well-behaved model or capability stops its work.
 */
class StepGuard {
  readonly controller = new AbortController();
  readonly stopped: Promise<never>;
  private timer: unknown = null;
  private onAbort: (() => void) | null = null;

  constructor(
    private readonly clock: Clock,
    timeoutMs: number,
    private readonly runSignal: AbortSignal | undefined,
    stepLabel: string,
  ) {
    this.stopped = new Promise<never>((_resolve, reject) => {
      this.timer = clock.setTimeout(() => {
        const stop = new RunStop('timeout', `${stepLabel} took longer than ${seconds(timeoutMs)} and was stopped.`);
        this.controller.abort(stop);
        reject(stop);
      }, timeoutMs);
      if (runSignal) {
        this.onAbort = () => {
          const stop = new RunStop('cancelled', 'The run was cancelled.');
          this.controller.abort(stop);
          reject(stop);
        };
        runSignal.addEventListener('abort', this.onAbort, { once: true });
      }
    });
    // The race below observes the rejection; this keeps an unraced rejection from being reported.
    this.stopped.catch(() => undefined);
  }

  race<T>(work: Promise<T>): Promise<T> {
    return Promise.race([work, this.stopped]);
  }

  dispose(): void {
    this.clock.clearTimeout(this.timer);
    if (this.onAbort) this.runSignal?.removeEventListener('abort', this.onAbort);
    if (!this.controller.signal.aborted) this.controller.abort(new RunStop('cancelled', 'The step finished.'));
  }
}

type Resume = { readonly inputs?: Readonly<Record<string, unknown>>; readonly choice?: number };

class Execution {
  readonly steps: Map<string, Step>;
  /** AI outputs meant to be formatted (markdown, JSON fields): inserted unescaped in output templates. */
  readonly rawVariables: Set<string>;
  readonly model: ModelInfo;
  /** Input steps that already took their answers from `options.inputs` in this call. */
  private readonly usedPool = new Set<string>();
  state: RunState;

  constructor(
    readonly spec: AppSpec,
    readonly options: RunOptions,
    state: RunState | null,
  ) {
    this.steps = new Map();
    const index = indexSteps(spec);
    for (const [id, i] of index) {
      const step = spec.steps[i];
      if (step) this.steps.set(id, step);
    }
    this.rawVariables = new Set(spec.steps.flatMap((s) => (s.kind === 'ai' && s.config.outputFormat !== 'text' ? [s.config.outputVariable] : [])));
    this.model = { id: options.model.id, label: options.model.label, offline: options.model.offline };
    const now = options.clock.now();
    this.state = state ?? {
      version: 1,
      runId: options.runId ?? null,
      status: 'running',
      currentStepId: spec.entryStepId,
      currentStepStartedAt: null,
      waiting: null,
      variables: variableStore(Object.fromEntries((spec.variables ?? []).map((c) => [c.name, c.value]))),
      outputs: [],
      steps: [],
      stepsExecuted: 0,
      usage: { inputTokens: 0, outputTokens: 0 },
      startedAt: now,
      updatedAt: now,
      finishedAt: null,
      error: null,
      model: this.model,
    };
  }

  private label(step: Step): string {
    return `Step ${quote(step.title)}`;
  }

  private async persist(): Promise<void> {
    this.state.updatedAt = this.options.clock.now();
    if (!this.options.persist) return;
    try {
      await this.options.persist(snapshot(this.state));
    } catch (error) {
      throw new RunStop('persist_error', `The run could not be saved: ${errorMessage(error)}`);
    }
  }

  private checkCancelled(): void {
    if (this.options.signal?.aborted) throw new RunStop('cancelled', 'The run was cancelled.');
  }

  async *start(): AsyncGenerator<RunEvent> {
    try {
      yield { type: 'run_started', runId: this.state.runId, stepId: this.spec.entryStepId, resumed: false, model: this.model };
      yield* this.loop(this.spec.entryStepId);
    } catch (error) {
      yield* this.fail(error);
    }
  }

  async *resume(resume: Resume): AsyncGenerator<RunEvent> {
    const state = this.state;
    try {
      if (state.status === 'done' || state.status === 'failed') {
        yield { type: 'run_failed', code: 'invalid_state', message: `This run has already ${state.status === 'done' ? 'finished' : 'failed'}; start a new run.` };
        return;
      }
      const currentId = state.waiting?.stepId ?? state.currentStepId;
      const current = currentId === null ? undefined : this.steps.get(currentId);
      if (!current) {
        yield { type: 'run_failed', code: 'invalid_state', message: 'This run does not belong to this version of the app; start a new run.' };
        return;
      }
      yield { type: 'run_started', runId: state.runId, stepId: current.id, resumed: true, model: this.model };
      state.model = this.model;
      const waiting = state.waiting;
      if (waiting === null) {
        // Saved while running (e.g. the server restarted mid-step): run that step again.
        yield* this.loop(current.id);
        return;
      }
      if (waiting.type === 'input') {
        if (current.kind !== 'input') {
          yield { type: 'run_failed', code: 'invalid_state', message: 'This run does not belong to this version of the app; start a new run.' };
          return;
        }
        if (resume.inputs === undefined) {
          yield this.awaitingInput(current, waiting.errors);
          return;
        }
        this.usedPool.add(current.id);
        const accepted = yield* this.acceptInputs(current, resume.inputs);
        if (!accepted) return;
        yield* this.continueAfter(current);
        return;
      }
      const next = current.next;
      const button = next.type === 'choices' && resume.choice !== undefined && Number.isInteger(resume.choice) ? next.buttons[resume.choice] : undefined;
      if (next.type !== 'choices') {
        yield { type: 'run_failed', code: 'invalid_state', message: 'This run does not belong to this version of the app; start a new run.' };
        return;
      }
      if (!button) {
        yield {
          type: 'choice_needed',
          stepId: current.id,
          ...(next.prompt ? { prompt: next.prompt } : {}),
          buttons: next.buttons.map((b, index) => ({ index, label: b.label })),
          error: 'Pick one of the buttons.',
        };
        return;
      }
      state.waiting = null;
      state.status = 'running';
      if (button.goto === END) {
        yield* this.finish();
        return;
      }
      state.currentStepId = button.goto;
      await this.persist();
      yield* this.loop(button.goto);
    } catch (error) {
      yield* this.fail(error);
    }
  }

  private async *loop(startId: string): AsyncGenerator<RunEvent> {
    const maxSteps = this.options.maxSteps ?? DEFAULT_MAX_STEPS;
    let currentId = startId;
    for (;;) {
      this.checkCancelled();
      const step = this.steps.get(currentId);
      if (!step) throw new RunStop('invalid_spec', `The app goes to step ${quote(currentId)}, which does not exist.`);
      if (this.state.stepsExecuted >= maxSteps) {
        throw new RunStop('max_steps', `The app ran ${maxSteps} steps without finishing, so it was stopped. A loop in the app probably never ends.`);
      }
      this.state.status = 'running';
      this.state.currentStepId = step.id;
      this.state.currentStepStartedAt = this.options.clock.now();
      yield { type: 'step_started', stepId: step.id, kind: step.kind, title: step.title };
      let completed: boolean;
      switch (step.kind) {
        case 'input':
          completed = yield* this.inputStep(step);
          break;
        case 'ai':
          yield* this.aiStep(step);
          completed = true;
          break;
        case 'output':
          yield this.outputStep(step);
          completed = true;
          break;
        case 'database':
          yield* this.databaseStep(step);
          completed = true;
          break;
        case 'api':
          yield* this.apiStep(step);
          completed = true;
          break;
      }
      if (!completed) return;
      const target = yield* this.route(step);
      if (target === null) return;
      if (target === END) {
        yield* this.finish();
        return;
      }
      currentId = target;
    }
  }

  private async *continueAfter(step: Step): AsyncGenerator<RunEvent> {
    const target = yield* this.route(step);
    if (target === null) return;
    if (target === END) {
      yield* this.finish();
      return;
    }
    yield* this.loop(target);
  }

  /** Decides where to go after a completed step; null when the run now waits for a choice. */
  private async *route(step: Step): AsyncGenerator<RunEvent, string | null> {
    const next = step.next;
    let target: string;
    switch (next.type) {
      case 'step':
        target = next.stepId ?? followingTarget(this.spec, this.spec.steps.indexOf(step));
        break;
      case 'end':
        target = END;
        break;
      case 'conditions': {
        const hit = next.conditions.find((c) => evaluateCondition(c.when, this.state.variables));
        target = hit ? hit.goto : next.otherwise;
        break;
      }
      case 'choices':
        this.state.status = 'awaiting_input';
        this.state.waiting = { type: 'choice', stepId: step.id };
        this.state.currentStepId = step.id;
        this.state.currentStepStartedAt = null;
        await this.persist();
        yield {
          type: 'choice_needed',
          stepId: step.id,
          ...(next.prompt ? { prompt: next.prompt } : {}),
          buttons: next.buttons.map((b, index) => ({ index, label: b.label })),
        };
        return null;
    }
    this.state.currentStepId = target === END ? null : target;
    this.state.currentStepStartedAt = null;
    await this.persist();
    return target;
  }

  private complete(step: Step, extra: Partial<Pick<StepRecord, 'variable' | 'usage' | 'modelCalls'>> = {}): void {
    const now = this.options.clock.now();
    const startedAt = this.state.currentStepStartedAt ?? now;
    this.state.steps.push({ stepId: step.id, kind: step.kind, status: 'done', startedAt, finishedAt: now, durationMs: now - startedAt, ...extra });
    this.state.stepsExecuted += 1;
  }

  private async *finish(): AsyncGenerator<RunEvent> {
    const state = this.state;
    state.status = 'done';
    state.waiting = null;
    state.currentStepId = null;
    state.currentStepStartedAt = null;
    state.finishedAt = this.options.clock.now();
    await this.persist();
    yield { type: 'run_done', outputs: structuredClone(state.outputs), variables: structuredClone(state.variables), usage: { ...state.usage } };
  }

  private async *fail(error: unknown): AsyncGenerator<RunEvent> {
    const stop = error instanceof RunStop ? error : new RunStop('model_error', errorMessage(error));
    const state = this.state;
    const stepId = state.currentStepId ?? undefined;
    const step = stepId === undefined ? undefined : this.steps.get(stepId);
    const now = this.options.clock.now();
    if (step && state.currentStepStartedAt !== null) {
      state.steps.push({
        stepId: step.id,
        kind: step.kind,
        status: 'failed',
        startedAt: state.currentStepStartedAt,
        finishedAt: now,
        durationMs: now - state.currentStepStartedAt,
      });
    }
    state.status = 'failed';
    state.waiting = null;
    state.finishedAt = now;
    state.error = { ...(stepId !== undefined ? { stepId } : {}), code: stop.code, message: stop.message };
    if (stop.code !== 'persist_error') {
      try {
        await this.persist();
      } catch {
        // The failure itself is what the caller needs to hear about.
      }
    }
    yield { type: 'run_failed', ...(stepId !== undefined ? { stepId } : {}), code: stop.code, message: stop.message };
  }

  // ── input ────────────────────────────────────────────────────────────────────

  private async *inputStep(step: InputStep): AsyncGenerator<RunEvent, boolean> {
    const pool = this.options.inputs;
    const pooled = pool !== undefined && !this.usedPool.has(step.id) && step.config.fields.some((f) => Object.prototype.hasOwnProperty.call(pool, f.name));
    if (pooled) {
      this.usedPool.add(step.id);
      return yield* this.acceptInputs(step, pool);
    }
    this.state.status = 'awaiting_input';
    this.state.waiting = { type: 'input', stepId: step.id, errors: [] };
    await this.persist();
    yield this.awaitingInput(step, []);
    return false;
  }

  private awaitingInput(step: InputStep, errors: readonly FieldError[]): RunEvent {
    return {
      type: 'awaiting_input',
      stepId: step.id,
      title: step.title,
      ...(step.config.intro ? { intro: step.config.intro } : {}),
      ...(step.config.submitLabel ? { submitLabel: step.config.submitLabel } : {}),
      fields: step.config.fields,
      errors,
    };
  }

  /** Validates answers; on success stores them and completes the step, otherwise pauses with errors. */
  private async *acceptInputs(step: InputStep, inputs: Readonly<Record<string, unknown>>): AsyncGenerator<RunEvent, boolean> {
    const checked = validateInputs(step.config.fields, inputs);
    if (!checked.ok) {
      this.state.status = 'awaiting_input';
      this.state.waiting = { type: 'input', stepId: step.id, errors: checked.errors };
      this.state.currentStepId = step.id;
      await this.persist();
      yield this.awaitingInput(step, checked.errors);
      return false;
    }
    for (const [name, value] of Object.entries(checked.values)) this.state.variables[name] = value;
    this.state.waiting = null;
    this.state.status = 'running';
    this.complete(step);
    // Events carry ordinary objects (a key named `__proto__` stays an own key through structuredClone).
    yield { type: 'step_output', stepId: step.id, value: structuredClone(checked.values) };
    return true;
  }

  // ── ai ───────────────────────────────────────────────────────────────────────

  private render(step: Step, template: string, field: string, options?: RenderOptions): string {
    const rendered = renderTemplate(template, this.state.variables, options);
    if (!rendered.ok) {
      throw new RunStop(
        'template_error',
        `${this.label(step)} needs ${rendered.error.missing.map((m) => `{{${m}}}`).join(', ')} in its ${field}, but this run has no value for it.`,
      );
    }
    return rendered.value;
  }

  private guard(step: AiStep | DatabaseStep | ApiStep): StepGuard {
    const timeout = step.config.timeoutMs ?? this.options.stepTimeoutMs ?? DEFAULT_STEP_TIMEOUT_MS;
    return new StepGuard(this.options.clock, timeout, this.options.signal, this.label(step));
  }

  private async *aiStep(step: AiStep): AsyncGenerator<RunEvent> {
    const config = step.config;
    const prompt = this.render(step, config.prompt, 'prompt');
    const system = config.system === undefined ? undefined : this.render(step, config.system, 'system prompt');
    const referenced: Record<string, string> = Object.create(null) as Record<string, string>;
    for (const reference of extractVariables(`${config.prompt}\n${config.system ?? ''}`)) {
      referenced[reference] = formatValue(lookupReference(this.state.variables, reference).value);
    }
    const json = config.outputFormat === 'json';
    const fields = config.jsonFields ?? [];
    const fullPrompt = json ? `${prompt}\n\n${jsonInstructions(fields)}` : prompt;
    const usage = { inputTokens: 0, outputTokens: 0 };
    const guard = this.guard(step);
    try {
      const request = (text: string): ModelRequest => ({
        ...(system !== undefined ? { system } : {}),
        prompt: text,
        settings: config.settings,
        signal: guard.controller.signal,
        responseFormat: json ? 'json' : 'text',
        ...(json ? { jsonFields: fields } : {}),
        variables: referenced,
      });
      const first = yield* this.callModel(step, request(fullPrompt), guard, !json, usage);
      let value: JsonValue = first;
      let modelCalls = 1;
      if (json) {
        let parsed = parseJsonOutput(first, fields);
        if (!parsed.ok) {
          modelCalls = 2;
          const repair =
            `${fullPrompt}\n\nYour previous answer could not be used because ${parsed.problems.join('; ')}.\n` +
            `Your previous answer was:\n${first.slice(0, 4_000)}\n\nAnswer again with ONLY the JSON object described above.`;
          const second = yield* this.callModel(step, request(repair), guard, false, usage);
          parsed = parseJsonOutput(second, fields);
          if (!parsed.ok) {
            throw new RunStop(
              'invalid_model_output',
              `${this.label(step)}: the model's answer did not have the expected fields, even after asking again (${parsed.problems.join('; ')}).`,
            );
          }
        }
        value = parsed.value;
      }
      this.state.variables[config.outputVariable] = value;
      this.addUsage(usage);
      this.complete(step, { variable: config.outputVariable, usage, modelCalls });
      yield { type: 'step_output', stepId: step.id, variable: config.outputVariable, value: structuredClone(value) };
    } catch (error) {
      this.addUsage(usage);
      throw error;
    } finally {
      guard.dispose();
    }
  }

  private addUsage(usage: TokenUsage): void {
    this.state.usage = {
      inputTokens: this.state.usage.inputTokens + usage.inputTokens,
      outputTokens: this.state.usage.outputTokens + usage.outputTokens,
    };
  }

  private async *callModel(
    step: AiStep,
    request: ModelRequest,
    guard: StepGuard,
    streamTokens: boolean,
    usage: { inputTokens: number; outputTokens: number },
  ): AsyncGenerator<RunEvent, string> {
    this.checkCancelled();
    let text = '';
    let iterator: AsyncIterator<unknown> | undefined;
    try {
      iterator = this.options.model.stream(request)[Symbol.asyncIterator]();
      for (;;) {
        const result = await guard.race(iterator.next());
        if (result.done) break;
        const chunk = result.value as { type?: unknown; text?: unknown; inputTokens?: unknown; outputTokens?: unknown };
        if (chunk.type === 'text' && typeof chunk.text === 'string') {
          if (chunk.text === '') continue;
          text += chunk.text;
          if (streamTokens) yield { type: 'token', stepId: step.id, text: chunk.text };
        } else if (chunk.type === 'usage') {
          usage.inputTokens += typeof chunk.inputTokens === 'number' ? Math.max(0, Math.round(chunk.inputTokens)) : 0;
          usage.outputTokens += typeof chunk.outputTokens === 'number' ? Math.max(0, Math.round(chunk.outputTokens)) : 0;
        }
      }
      iterator = undefined;
    } catch (error) {
      if (error instanceof RunStop) throw error;
      if (this.options.signal?.aborted) throw new RunStop('cancelled', 'The run was cancelled.');
      throw new RunStop('model_error', `${this.label(step)}: the model failed (${errorMessage(error)}).`);
    } finally {
      // Stop a stream we left early (timeout, cancel, or the consumer went away); never wait on it.
      if (iterator?.return) iterator.return().catch(() => undefined);
    }
    return text;
  }

  // ── output ───────────────────────────────────────────────────────────────────

  private outputStep(step: OutputStep): RunEvent {
    const markdown = this.render(step, step.config.template, 'template', { escape: 'markdown', raw: this.rawVariables });
    this.state.outputs.push({ stepId: step.id, title: step.title, markdown });
    this.complete(step);
    return { type: 'step_output', stepId: step.id, value: markdown };
  }

  // ── database and api (through injected capabilities only) ───────────────────

  private valueOf(step: Step, reference: string, field: string): unknown {
    const { found, value } = lookupReference(this.state.variables, reference);
    if (!found) throw new RunStop('template_error', `${this.label(step)} needs ${reference} for ${field}, but this run has no value for it.`);
    return value;
  }

  private async *databaseStep(step: DatabaseStep): AsyncGenerator<RunEvent> {
    const database = this.options.database;
    if (!database) {
      throw new RunStop('capability_unavailable', `${this.label(step)} uses the app's database, which is not available here (for example in a preview without a database).`);
    }
    const config = step.config;
    const guard = this.guard(step);
    try {
      if (config.operation === 'read') {
        const filters = config.filters.map((f) => ({ column: f.column, op: f.op, value: this.valueOf(step, f.variable, `the filter on ${f.column}`) }));
        const rows = await guard.race(
          database.read({ databaseId: config.databaseId, tableId: config.tableId, filters, limit: config.limit, signal: guard.controller.signal }),
        );
        const value = JSON.parse(JSON.stringify(rows ?? [])) as JsonValue;
        if (config.outputVariable) this.state.variables[config.outputVariable] = value;
        this.complete(step, config.outputVariable ? { variable: config.outputVariable } : {});
        yield { type: 'step_output', stepId: step.id, ...(config.outputVariable ? { variable: config.outputVariable } : {}), value };
      } else {
        const values: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
        for (const [column, reference] of Object.entries(config.values)) values[column] = this.valueOf(step, reference, `the column ${column}`);
        const written = await guard.race(
          database.write({ databaseId: config.databaseId, tableId: config.tableId, values, signal: guard.controller.signal }),
        );
        this.complete(step);
        yield { type: 'step_output', stepId: step.id, value: (JSON.parse(JSON.stringify(written ?? null)) as JsonValue) ?? null };
      }
    } catch (error) {
      if (error instanceof RunStop) throw error;
      throw new RunStop('database_error', `${this.label(step)}: the database said: ${errorMessage(error)}`);
    } finally {
      guard.dispose();
    }
  }

  private async *apiStep(step: ApiStep): AsyncGenerator<RunEvent> {
    const api = this.options.api;
    if (!api) {
      throw new RunStop('capability_unavailable', `${this.label(step)} calls an API, which is not available here (for example in a preview).`);
    }
    const config = step.config;
    const params: Record<string, string> = Object.create(null) as Record<string, string>;
    for (const [name, template] of Object.entries(config.params)) params[name] = this.render(step, template, `parameter ${name}`);
    const guard = this.guard(step);
    try {
      const response = await guard.race(api.call({ apiId: config.apiId, endpointId: config.endpointId, stepId: step.id, ...(config.outputPath ? { outputPath: config.outputPath } : {}), params, signal: guard.controller.signal }));
      const value = (JSON.parse(JSON.stringify(response ?? null)) as JsonValue) ?? null;
      this.state.variables[config.outputVariable] = value;
      this.complete(step, { variable: config.outputVariable });
      yield { type: 'step_output', stepId: step.id, variable: config.outputVariable, value };
    } catch (error) {
      if (error instanceof RunStop) throw error;
      throw new RunStop('api_error', `${this.label(step)}: the API call failed: ${errorMessage(error)}`);
    } finally {
      guard.dispose();
    }
  }
}

function failedStream(state: RunState, code: RunFailureCode, message: string): RunStream {
  return {
    get state() {
      return snapshot(state);
    },
    async *[Symbol.asyncIterator]() {
      await Promise.resolve();
      yield { type: 'run_failed', code, message } satisfies RunEvent;
    },
  };
}

function streamOf(execution: Execution, events: () => AsyncGenerator<RunEvent>): RunStream {
  let started = false;
  return {
    get state() {
      return snapshot(execution.state);
    },
    [Symbol.asyncIterator]() {
      if (started) throw new Error('A run can be iterated once.');
      started = true;
      return events();
    },
  };
}

function prepare(input: unknown): { ok: true; spec: AppSpec } | { ok: false; message: string } {
  const parsed = parseAppSpec(input);
  if (!parsed.ok) return { ok: false, message: parsed.error.message };
  const problems = validateApp(parsed.value);
  if (hasErrors(problems)) {
    const errors = problems.filter((p) => p.severity === 'error');
    return { ok: false, message: `The app cannot run yet: ${errors.map((p) => p.message).join(' ')}` };
  }
  return { ok: true, spec: parsed.value };
}

function emptyState(options: RunOptions): RunState {
  const now = options.clock.now();
  return {
    version: 1,
    runId: options.runId ?? null,
    status: 'failed',
    currentStepId: null,
    currentStepStartedAt: null,
    waiting: null,
    variables: variableStore(),
    outputs: [],
    steps: [],
    stepsExecuted: 0,
    usage: { inputTokens: 0, outputTokens: 0 },
    startedAt: now,
    updatedAt: now,
    finishedAt: now,
    error: null,
    model: { id: options.model.id, label: options.model.label, offline: options.model.offline },
  };
}

/**
 * Runs an app version from its first step. The spec is parsed and validated first (an invalid one
 * fails with `invalid_spec` and every reason). The stream ends at `run_done`, `run_failed`, or a
 * pause (`awaiting_input`, `choice_needed`) that `resumeApp` continues.
 */
export function runApp(spec: unknown, options: RunOptions): RunStream {
  const prepared = prepare(spec);
  if (!prepared.ok) {
    const state = emptyState(options);
    state.error = { code: 'invalid_spec', message: prepared.message };
    return failedStream(state, 'invalid_spec', prepared.message);
  }
  const execution = new Execution(prepared.spec, options, null);
  return streamOf(execution, () => execution.start());
}

/**
 * Continues a run from its saved state: with `inputs` when it waits for an input step, with
 * `choice` (a button index) when it waits for a choice, or with nothing to retry a step that was
 * interrupted while running. Wrong answers pause again with field errors and change nothing else.
 */
export function resumeApp(spec: unknown, state: unknown, options: ResumeOptions): RunStream {
  const prepared = prepare(spec);
  if (!prepared.ok) {
    const failed = emptyState(options);
    failed.error = { code: 'invalid_spec', message: prepared.message };
    return failedStream(failed, 'invalid_spec', prepared.message);
  }
  const parsed = runStateSchema.safeParse(state);
  if (!parsed.success) {
    const message = 'The saved run could not be read; start a new run.';
    const failed = emptyState(options);
    failed.error = { code: 'invalid_state', message };
    return failedStream(failed, 'invalid_state', message);
  }
  const restored: RunState = { ...parsed.data, variables: variableStore(parsed.data.variables) };
  const execution = new Execution(prepared.spec, options, restored);
  const resume: Resume = {
    ...(options.inputs !== undefined ? { inputs: options.inputs } : {}),
    ...(options.choice !== undefined ? { choice: options.choice } : {}),
  };
  return streamOf(execution, () => execution.resume(resume));
}
