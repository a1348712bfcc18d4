// Also @appforge/engine/describe: type imports only, so the light visitor entry's landing page
// (issue 28) describes an app without loading the engine's zod schemas.
import type { AppSpec } from '../spec/app-spec';
import type { InputField } from '../spec/input-fields';
import type { Step, StepKind } from '../spec/steps';

export interface AppOutline {
  /** Every question the app can ask, in step order (for a landing page or an API reference). */
  readonly asks: readonly { readonly stepId: string; readonly name: string; readonly label: string; readonly type: InputField['type']; readonly required: boolean }[];
  /** One plain sentence per step: what it does and how it moves on. */
  readonly steps: readonly { readonly stepId: string; readonly kind: StepKind; readonly title: string; readonly summary: string }[];
}

function list(items: readonly string[], last = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${last} ${items[items.length - 1] ?? ''}`;
}

function describeStep(step: Step): string {
  let sentence: string;
  switch (step.kind) {
    case 'input':
      sentence = step.config.fields.length === 0 ? 'Asks nothing yet.' : `Asks for ${list(step.config.fields.map((f) => f.label))}.`;
      break;
    case 'ai':
      sentence =
        step.config.outputFormat === 'json'
          ? `Uses AI to produce ${list((step.config.jsonFields ?? []).map((f) => f.name))} (“${step.title}”).`
          : `Uses AI to write “${step.title}”.`;
      break;
    case 'output':
      sentence = `Shows “${step.title}”.`;
      break;
    case 'database':
      sentence = step.config.operation === 'read' ? 'Looks up rows in the app’s database.' : 'Saves a row to the app’s database.';
      break;
    case 'api':
      sentence = 'Calls an external API.';
      break;
  }
  if (step.next.type === 'choices' && step.next.buttons.length > 0) {
    sentence += ` Then you choose: ${list(step.next.buttons.map((b) => b.label), 'or')}.`;
  } else if (step.next.type === 'conditions') {
    sentence += ' Then the next step depends on the answers.';
  }
  return sentence;
}

/** What an app does, derived from its steps: for landing pages, previews and API docs. */
export function describeApp(spec: AppSpec): AppOutline {
  const asks = spec.steps.flatMap((step) =>
    step.kind === 'input'
      ? step.config.fields.map((field) => ({ stepId: step.id, name: field.name, label: field.label, type: field.type, required: field.required }))
      : [],
  );
  const steps = spec.steps.map((step) => ({ stepId: step.id, kind: step.kind, title: step.title, summary: describeStep(step) }));
  return { asks, steps };
}
