import { parseAppSpec } from '../spec/app-spec';
import type { AppSpec } from '../spec/app-spec';
import { indexSteps, stepEdges } from '../spec/graph';
import { END } from '../spec/names';
import type { Step } from '../spec/steps';
import { extractVariables, findMalformedReferences, referenceRoot } from '../template/template';
import { validateApiSteps } from './api-steps';
import type { ApiCatalogue } from './api-steps';
import type { Problem } from './problem';

export type { Problem, ProblemCode } from './problem';

/** Fields a file input's value has (see FileValue). */
const FILE_VALUE_FIELDS = new Set(['name', 'mimeType', 'size', 'text', 'url']);

interface Definition {
  readonly name: string;
  readonly stepIndex: number | null;
  readonly field: string;
  /** Which sub-fields `{{name.x}}` may use; null means any (rows, API responses). */
  readonly fields: ReadonlySet<string> | null;
  readonly kind: 'constant' | 'input' | 'file' | 'ai_text' | 'ai_json' | 'data';
}

const quote = (text: string): string => `“${text}”`;

function definitionsOf(step: Step, stepIndex: number): Definition[] {
  switch (step.kind) {
    case 'input':
      return step.config.fields.map((field, i) => ({
        name: field.name,
        stepIndex,
        field: `config.fields[${i}].name`,
        fields: field.type === 'file' ? FILE_VALUE_FIELDS : new Set<string>(),
        kind: field.type === 'file' ? 'file' : 'input',
      }));
    case 'ai':
      return [
        {
          name: step.config.outputVariable,
          stepIndex,
          field: 'config.outputVariable',
          fields: step.config.outputFormat === 'json' ? new Set((step.config.jsonFields ?? []).map((f) => f.name)) : new Set<string>(),
          kind: step.config.outputFormat === 'json' ? 'ai_json' : 'ai_text',
        },
      ];
    case 'api':
      return [{ name: step.config.outputVariable, stepIndex, field: 'config.outputVariable', fields: null, kind: 'data' }];
    case 'database':
      return step.config.outputVariable
        ? [{ name: step.config.outputVariable, stepIndex, field: 'config.outputVariable', fields: null, kind: 'data' }]
        : [];
    case 'output':
      return [];
  }
}

interface Use {
  readonly reference: string;
  readonly field: string;
  /** `before`: needs the variable when the step starts; `after`: when its next is decided. */
  readonly at: 'before' | 'after';
  readonly verb: 'uses' | 'checks';
}

function usesOf(step: Step): Use[] {
  const fromTemplate = (template: string | undefined, field: string): Use[] =>
    template === undefined ? [] : extractVariables(template).map((reference) => ({ reference, field, at: 'before', verb: 'uses' }));
  const uses: Use[] = [];
  switch (step.kind) {
    case 'ai':
      uses.push(...fromTemplate(step.config.prompt, 'config.prompt'), ...fromTemplate(step.config.system, 'config.system'));
      break;
    case 'output':
      uses.push(...fromTemplate(step.config.template, 'config.template'));
      break;
    case 'api':
      for (const [param, template] of Object.entries(step.config.params)) uses.push(...fromTemplate(template, `config.params.${param}`));
      break;
    case 'database':
      step.config.filters.forEach((filter, i) =>
        uses.push({ reference: filter.variable, field: `config.filters[${i}].variable`, at: 'before', verb: 'uses' }),
      );
      for (const [column, reference] of Object.entries(step.config.values)) {
        uses.push({ reference, field: `config.values.${column}`, at: 'before', verb: 'uses' });
      }
      break;
    case 'input':
      break;
  }
  if (step.next.type === 'conditions') {
    step.next.conditions.forEach((condition, i) =>
      uses.push({ reference: condition.when.variable, field: `next.conditions[${i}].when.variable`, at: 'after', verb: 'checks' }),
    );
  }
  return uses;
}

/**
 * Reports EVERY problem of an app spec at once, each with its step, field, a code and a message in
 * plain words. An empty list (or warnings only) means the app can run and be deployed.
 */
export function validateApp(spec: AppSpec): Problem[] {
  const problems: Problem[] = [];
  const steps = spec.steps;
  const label = (i: number): string => {
    const step = steps[i];
    return step ? `Step ${quote(step.title)}` : 'A step';
  };
  const add = (problem: Omit<Problem, 'severity'> & { severity?: Problem['severity'] }): void => {
    problems.push({ severity: 'error', ...problem });
  };

  if (steps.length === 0) {
    add({ field: 'steps', code: 'no_steps', message: 'The app has no steps yet. Add an input step that asks the visitor something.' });
    return problems;
  }

  const index = indexSteps(spec);
  steps.forEach((step, i) => {
    const first = index.get(step.id);
    if (first !== undefined && first !== i) {
      add({
        stepId: step.id,
        field: 'id',
        code: 'duplicate_step_id',
        message: `${label(i)} has the id ${quote(step.id)}, which step ${first + 1} (${quote(steps[first]?.title ?? '')}) already uses. Give each step its own id.`,
      });
    }
  });

  const entry = index.get(spec.entryStepId);
  if (entry === undefined) {
    add({
      field: 'entryStepId',
      code: 'entry_missing',
      message: `The app starts at step ${quote(spec.entryStepId)}, but there is no step with that id. Choose the first step again.`,
    });
  }

  // Variables: every name is defined once (fixed variables, input fields, step outputs).
  const definitions = new Map<string, Definition>();
  const stepDefinitions: Definition[][] = steps.map((step, i) => definitionsOf(step, i));
  const constants = new Set<string>();
  (spec.variables ?? []).forEach((constant, i) => {
    if (definitions.has(constant.name)) {
      add({
        field: `variables[${i}].name`,
        code: 'duplicate_variable',
        message: `The fixed variable ${constant.name} is defined twice. Each variable name is used once.`,
      });
      return;
    }
    constants.add(constant.name);
    definitions.set(constant.name, { name: constant.name, stepIndex: null, field: `variables[${i}].name`, fields: new Set(), kind: 'constant' });
  });
  stepDefinitions.forEach((defs, i) => {
    for (const def of defs) {
      const earlier = definitions.get(def.name);
      if (earlier) {
        const where =
          earlier.stepIndex === null ? 'a fixed variable of the app' : earlier.stepIndex === i ? 'this step' : `step ${quote(steps[earlier.stepIndex]?.title ?? '')}`;
        add({
          stepId: steps[i]?.id,
          field: def.field,
          code: 'duplicate_variable',
          message: `${label(i)} sets ${def.name}, but ${where} already does. Each variable name is used once: rename one of them.`,
        });
        continue;
      }
      definitions.set(def.name, def);
    }
  });

  // The graph: edges by index; dangling targets are reported and then treated as exits.
  const successors: number[][] = steps.map(() => []);
  const exits = new Set<number>();
  steps.forEach((step, i) => {
    const edges = stepEdges(spec, step, i);
    if (edges.length === 0) exits.add(i); // reported below as choices without buttons
    for (const edge of edges) {
      if (edge.target === END) {
        exits.add(i);
        continue;
      }
      const target = index.get(edge.target);
      if (target === undefined) {
        exits.add(i);
        add({
          stepId: step.id,
          field: edge.field,
          code: 'dangling_next',
          message: `${label(i)} goes to ${quote(edge.target)}, but there is no step with that id. Pick another step or the end.`,
        });
        continue;
      }
      if (!successors[i]?.includes(target)) successors[i]?.push(target);
    }
  });
  const predecessors: number[][] = steps.map(() => []);
  successors.forEach((targets, from) => targets.forEach((to) => predecessors[to]?.push(from)));

  // Reachability from the entry.
  const reachable = new Set<number>();
  if (entry !== undefined) {
    const queue = [entry];
    reachable.add(entry);
    while (queue.length > 0) {
      const at = queue.pop() ?? 0;
      for (const to of successors[at] ?? []) {
        if (!reachable.has(to)) {
          reachable.add(to);
          queue.push(to);
        }
      }
    }
    steps.forEach((step, i) => {
      if (!reachable.has(i) && index.get(step.id) === i) {
        add({
          stepId: step.id,
          field: 'id',
          code: 'unreachable_step',
          message: `${label(i)} can never be reached: no step leads to it. Point a step's “next” at it, or delete it.`,
        });
      }
    });
  }

  // Loops: a cycle is fine when some step on it can still reach the end.
  const canExit = new Set<number>(exits);
  const queue = [...exits];
  while (queue.length > 0) {
    const at = queue.pop() ?? 0;
    for (const from of predecessors[at] ?? []) {
      if (!canExit.has(from)) {
        canExit.add(from);
        queue.push(from);
      }
    }
  }
  for (const component of stronglyConnected(successors)) {
    const cyclic = component.length > 1 || (component[0] !== undefined && successors[component[0]]?.includes(component[0]));
    if (!cyclic || component.some((i) => canExit.has(i))) continue;
    const ordered = [...component].sort((a, b) => a - b);
    const first = ordered[0] ?? 0;
    const names = ordered.map((i) => quote(steps[i]?.title ?? '')).join(' → ');
    add({
      stepId: steps[first]?.id,
      field: 'next',
      code: 'cycle_without_exit',
      message:
        ordered.length === 1
          ? `${label(first)} goes back to itself and nothing ever leads to the end, so the app would never finish. Add a condition or a button that ends the app.`
          : `Steps ${names} go round in a loop and none of them leads to the end, so the app would never finish. Add a condition or a button that ends the app.`,
    });
  }

  // Which variables are set on EVERY path before each step: a must-analysis over reachable
  // steps, on bit sets (one bit per variable name) so that a 50-step app validates in microseconds.
  const allNames = new Set(definitions.keys());
  const nameList = [...allNames];
  const bit = new Map(nameList.map((name, i) => [name, i]));
  const words = Math.max(1, Math.ceil(nameList.length / 32));
  const toBits = (names: Iterable<string>): Uint32Array => {
    const bits = new Uint32Array(words);
    for (const name of names) {
      const at = bit.get(name);
      if (at !== undefined) bits[at >>> 5] = (bits[at >>> 5] ?? 0) | (1 << (at & 31));
    }
    return bits;
  };
  const definedBy = (i: number): string[] => (stepDefinitions[i] ?? []).map((d) => d.name);
  const defines = steps.map((_, i) => toBits(definedBy(i)));
  const full = new Uint32Array(words).fill(0xffffffff);
  const availableBits: Uint32Array[] = steps.map(() => full.slice());
  if (entry !== undefined) {
    availableBits[entry] = toBits(constants);
    // Reverse postorder makes a straight or branching app converge in one or two passes.
    const postorder: number[] = [];
    const seen = new Set<number>([entry]);
    const work: { node: number; edge: number }[] = [{ node: entry, edge: 0 }];
    while (work.length > 0) {
      const frame = work[work.length - 1];
      if (!frame) break;
      const to = successors[frame.node]?.[frame.edge];
      if (to === undefined) {
        postorder.push(frame.node);
        work.pop();
        continue;
      }
      frame.edge += 1;
      if (!seen.has(to)) {
        seen.add(to);
        work.push({ node: to, edge: 0 });
      }
    }
    const order = postorder.reverse();
    const updated = new Uint32Array(words);
    let changed = true;
    while (changed) {
      changed = false;
      for (const i of order) {
        if (i === entry) continue;
        updated.fill(0xffffffff);
        for (const p of predecessors[i] ?? []) {
          if (!reachable.has(p)) continue;
          const before = availableBits[p] ?? full;
          const defs = defines[p] ?? full;
          for (let w = 0; w < words; w++) updated[w] = (updated[w] ?? 0) & ((before[w] ?? 0) | (defs[w] ?? 0));
        }
        const current = availableBits[i] ?? full;
        for (let w = 0; w < words; w++) {
          if (current[w] !== updated[w]) {
            availableBits[i] = updated.slice();
            changed = true;
            break;
          }
        }
      }
    }
  }
  const fromBits = (bits: Uint32Array): Set<string> =>
    new Set(nameList.filter((_, at) => ((bits[at >>> 5] ?? 0) & (1 << (at & 31))) !== 0));
  const availableBefore: Set<string>[] = availableBits.map((bits, i) => (reachable.has(i) ? fromBits(bits) : allNames));

  steps.forEach((step, i) => {
    const stepLabel = label(i);
    const before = reachable.has(i) ? (availableBefore[i] ?? new Set<string>()) : allNames;
    const after = new Set([...before, ...definedBy(i)]);
    for (const use of usesOf(step)) {
      const root = referenceRoot(use.reference);
      const available = use.at === 'before' ? before : after;
      const definition = definitions.get(root);
      const shown = `{{${use.reference}}}`;
      if (!available.has(root)) {
        let message: string;
        if (!definition) {
          message = `${stepLabel} ${use.verb} ${shown}, but no earlier step asks for ${root}. Add a field named ${root} to an input step, or fix the spelling.`;
        } else if (definition.stepIndex === i) {
          message = `${stepLabel} ${use.verb} ${shown}, but ${root} is only set by this step itself, after it is needed.`;
        } else {
          const source = definition.stepIndex === null ? 'a fixed variable' : `step ${quote(steps[definition.stepIndex]?.title ?? '')}`;
          message = `${stepLabel} ${use.verb} ${shown}, but ${root} comes from ${source}, which does not always run before this step.`;
        }
        add({ stepId: step.id, field: use.field, code: 'unknown_variable', message });
        continue;
      }
      const sub = use.reference.slice(root.length + 1).split('.')[0];
      if (definition && sub && definition.fields !== null && !definition.fields.has(sub)) {
        const source = definition.stepIndex === null ? 'the fixed variable' : `step ${quote(steps[definition.stepIndex]?.title ?? '')}`;
        const known = [...definition.fields];
        add({
          stepId: step.id,
          field: use.field,
          code: 'unknown_field',
          message:
            known.length === 0
              ? `${stepLabel} ${use.verb} ${shown}, but ${root} from ${source} is plain text without fields. Use {{${root}}}.`
              : `${stepLabel} ${use.verb} ${shown}, but ${root} from ${source} has no field ${quote(sub)} (it has: ${known.join(', ')}).`,
        });
      }
    }
    checkStepContent(step, stepLabel, add);
  });

  return problems;
}

type Add = (problem: Omit<Problem, 'severity'> & { severity?: Problem['severity'] }) => void;

function checkStepContent(step: Step, stepLabel: string, add: Add): void {
  const stepId = step.id;
  const malformed = (template: string | undefined, field: string): void => {
    for (const piece of findMalformedReferences(template ?? '')) {
      add({
        stepId,
        field,
        code: 'malformed_reference',
        severity: 'warning',
        message: `${stepLabel} contains ${quote(piece)}, which is not a variable reference and will be shown as written. A reference looks like {{topic}}.`,
      });
    }
  };
  switch (step.kind) {
    case 'input': {
      if (step.config.fields.length === 0) {
        add({ stepId, field: 'config.fields', code: 'no_fields', message: `${stepLabel} asks nothing: add at least one field.` });
      }
      step.config.fields.forEach((field, i) => {
        const at = `config.fields[${i}]`;
        if (field.type === 'choice') {
          if (field.options.length === 0) {
            add({ stepId, field: `${at}.options`, code: 'choice_without_options', message: `${stepLabel}: the choice ${quote(field.label)} has no options to pick from.` });
          }
          const seen = new Set<string>();
          for (const option of field.options) {
            if (seen.has(option)) {
              add({ stepId, field: `${at}.options`, code: 'duplicate_option', message: `${stepLabel}: the choice ${quote(field.label)} lists ${quote(option)} twice.` });
            }
            seen.add(option);
          }
        }
        if (field.type === 'number' && field.min !== undefined && field.max !== undefined && field.min > field.max) {
          add({ stepId, field: `${at}.min`, code: 'invalid_range', message: `${stepLabel}: ${quote(field.label)} has a minimum (${field.min}) above its maximum (${field.max}).` });
        }
        if ((field.type === 'text' || field.type === 'long_text') && field.minLength !== undefined && field.maxLength !== undefined && field.minLength > field.maxLength) {
          add({
            stepId,
            field: `${at}.minLength`,
            code: 'invalid_range',
            message: `${stepLabel}: ${quote(field.label)} must be at least ${field.minLength} characters but at most ${field.maxLength}.`,
          });
        }
      });
      break;
    }
    case 'ai': {
      if (step.config.prompt.trim() === '') {
        add({ stepId, field: 'config.prompt', code: 'empty_prompt', message: `${stepLabel} has an empty prompt: write what the AI should do.` });
      }
      malformed(step.config.prompt, 'config.prompt');
      malformed(step.config.system, 'config.system');
      if (step.config.outputFormat === 'json') {
        const fields = step.config.jsonFields ?? [];
        if (fields.length === 0) {
          add({ stepId, field: 'config.jsonFields', code: 'json_without_fields', message: `${stepLabel} answers in JSON but lists no fields: say which fields the answer has.` });
        }
        const seen = new Set<string>();
        fields.forEach((field, i) => {
          if (seen.has(field.name)) {
            add({ stepId, field: `config.jsonFields[${i}].name`, code: 'duplicate_json_field', message: `${stepLabel} lists the JSON field ${quote(field.name)} twice.` });
          }
          seen.add(field.name);
        });
      }
      break;
    }
    case 'output':
      if (step.config.template.trim() === '') {
        add({ stepId, field: 'config.template', code: 'empty_template', message: `${stepLabel} shows nothing: write what the visitor should see.` });
      }
      malformed(step.config.template, 'config.template');
      break;
    case 'api':
      for (const [param, template] of Object.entries(step.config.params)) malformed(template, `config.params.${param}`);
      break;
    case 'database':
      break;
  }
  const next = step.next;
  if (next.type === 'choices') {
    if (next.buttons.length === 0) {
      add({ stepId, field: 'next.buttons', code: 'choices_without_buttons', message: `${stepLabel} lets the visitor choose what happens next, but has no buttons. Add at least one.` });
    }
    const seen = new Set<string>();
    next.buttons.forEach((button, i) => {
      const key = button.label.toLowerCase();
      if (seen.has(key)) {
        add({ stepId, field: `next.buttons[${i}].label`, code: 'duplicate_button', severity: 'warning', message: `${stepLabel} has two buttons labelled ${quote(button.label)}.` });
      }
      seen.add(key);
    });
  }
  if (next.type === 'conditions') {
    next.conditions.forEach((condition, i) => {
      const { op, value, variable } = condition.when;
      if (op === 'empty' || op === 'not_empty') return;
      if (value === undefined) {
        add({
          stepId,
          field: `next.conditions[${i}].when.value`,
          code: 'condition_without_value',
          message: `${stepLabel}: condition ${i + 1} compares ${variable} but says nothing to compare it with.`,
        });
      } else if ((op === 'gt' || op === 'lt' || op === 'gte' || op === 'lte') && typeof value !== 'number' && !Number.isFinite(Number(value))) {
        add({
          stepId,
          field: `next.conditions[${i}].when.value`,
          code: 'condition_value_not_number',
          message: `${stepLabel}: condition ${i + 1} compares ${variable} as a number, but ${quote(String(value))} is not a number.`,
        });
      }
    });
  }
}

/** Tarjan's strongly connected components, iteratively (no recursion limit on 50 steps, but cheap). */
function stronglyConnected(successors: readonly (readonly number[])[]): number[][] {
  const count = successors.length;
  const order = new Array<number>(count).fill(-1);
  const low = new Array<number>(count).fill(0);
  const onStack = new Array<boolean>(count).fill(false);
  const stack: number[] = [];
  const components: number[][] = [];
  let counter = 0;
  const visit = (root: number): void => {
    const work: { node: number; edge: number }[] = [{ node: root, edge: 0 }];
    order[root] = low[root] = counter++;
    stack.push(root);
    onStack[root] = true;
    while (work.length > 0) {
      const frame = work[work.length - 1];
      if (!frame) break;
      const next = successors[frame.node]?.[frame.edge];
      if (next !== undefined) {
        frame.edge += 1;
        if ((order[next] ?? -1) === -1) {
          order[next] = low[next] = counter++;
          stack.push(next);
          onStack[next] = true;
          work.push({ node: next, edge: 0 });
        } else if (onStack[next]) {
          low[frame.node] = Math.min(low[frame.node] ?? 0, order[next] ?? 0);
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low[parent.node] = Math.min(low[parent.node] ?? 0, low[frame.node] ?? 0);
      if (low[frame.node] === order[frame.node]) {
        const component: number[] = [];
        let member: number | undefined;
        do {
          member = stack.pop();
          if (member === undefined) break;
          onStack[member] = false;
          component.push(member);
        } while (member !== frame.node);
        components.push(component);
      }
    }
  };
  for (let i = 0; i < count; i++) if (order[i] === -1) visit(i);
  return components;
}

/** True when no problem is an error (warnings do not block running or deploying). */
export function hasErrors(problems: readonly Problem[]): boolean {
  return problems.some((problem) => problem.severity === 'error');
}

/**
 * Parse and validate in one go, e.g. for model output meant to become a version: the spec when
 * it is usable, otherwise every problem (shape problems first, as `invalid_spec`).
 */
export function checkAppSpec(input: unknown, context: { apis?: ApiCatalogue } = {}): { spec: AppSpec | null; problems: Problem[] } {
  const parsed = parseAppSpec(input);
  if (!parsed.ok) {
    return {
      spec: null,
      problems: parsed.error.issues.map((issue) => ({ field: issue.field, code: 'invalid_spec', message: issue.message, severity: 'error' })),
    };
  }
  const problems = validateApp(parsed.value);
  if (context.apis) problems.push(...validateApiSteps(parsed.value, context.apis));
  return { spec: hasErrors(problems) ? null : parsed.value, problems };
}
