import { CONDITION_OPERATORS, END, LIMITS } from '@appforge/engine';
import type { ConditionOperator, Next } from '@appforge/engine';
import { Button, EmptyState, PageTitle, TextField } from '@appforge/ui';
import { useId } from 'react';
import { Link, useParams } from 'react-router';
import { ProblemList } from '../components/ProblemList';
import { SelectField } from '../components/SelectField';
import { editorPaths, useEditor } from '../lib/editor-context';
import { NUMERIC_OPERATORS, OPERATOR_LABELS, conditionValue, modeOf } from '../lib/next-rules';
import type { NextMode as Mode } from '../lib/next-rules';
import { describeNext, indexOfStep, setNext, variablesDefinedBy, variablesForStep } from '../lib/spec-ops';

/**
 * `/create-app/:appId/:versionId/:stepId/next-step-selector` — what happens after a step: the
 * following step, a fixed step, the end, conditions on variables, or buttons the visitor picks.
 */
export function Component() {
  const { stepId = '' } = useParams();
  const { appId, versionId, spec, problems, frozen, edit } = useEditor();
  const index = indexOfStep(spec, stepId);
  const step = spec.steps[index];
  const modeName = useId();

  const tabTitle = <PageTitle title="Next step" />;

  if (!step) {
    return (
      <>
        {tabTitle}
        <EmptyState
          title="This step is not in this version"
          action={
            <Link className="af-button af-button--primary af-button--md" to={editorPaths.version(appId, versionId)}>
              Back to the steps
            </Link>
          }
        />
      </>
    );
  }

  const next = step.next;
  const mode = modeOf(next);
  const set = (value: Next) => edit((current) => setNext(current, stepId, value));
  const others = spec.steps.filter((other, i) => i !== index);
  const targetOptions = [...others.map((other) => ({ value: other.id, label: other.title })), { value: END, label: 'End the app' }];
  const followingStep = spec.steps[index + 1];
  const firstTarget = followingStep?.id ?? END;
  // Conditions are checked after the step ran: its own variables first, then earlier ones.
  const available = variablesForStep(spec, stepId);
  const variables = [
    ...new Set([
      ...variablesDefinedBy(step).map((definition) => definition.name),
      ...available.filter((variable) => variable.earlier).map((variable) => variable.reference),
      ...available.filter((variable) => !variable.earlier).map((variable) => variable.reference),
    ]),
  ];

  const choose = (chosen: Mode) => {
    switch (chosen) {
      case 'following':
        return set({ type: 'step' });
      case 'step':
        return set({ type: 'step', stepId: others[0]?.id ?? firstTarget });
      case 'end':
        return set({ type: 'end' });
      case 'conditions':
        return set({
          type: 'conditions',
          conditions: [{ when: { variable: variables[0] ?? '', op: 'eq', value: '' }, goto: firstTarget }],
          otherwise: END,
        });
      case 'choices':
        return set({
          type: 'choices',
          buttons: [
            { label: 'Continue', goto: firstTarget },
            { label: 'Finish', goto: END },
          ],
        });
    }
  };

  const modes: { value: Mode; label: string; hint: string }[] = [
    { value: 'following', label: 'The next step in the list', hint: followingStep ? `Now: “${followingStep.title}”` : 'This is the last step, so the app ends.' },
    { value: 'step', label: 'A specific step', hint: 'Jump to any step, e.g. back to the start.' },
    { value: 'end', label: 'End the app', hint: 'Nothing runs after this step.' },
    { value: 'conditions', label: 'Depends on an answer', hint: 'Check variables in order; the first that matches decides.' },
    { value: 'choices', label: 'Let the visitor choose', hint: 'Buttons, each leading to a step.' },
  ];

  return (
    <>
      {tabTitle}
      <div className="editor-layout">
        <section className="editor-layout__main" aria-labelledby="next-heading">
          <Link to={editorPaths.step(appId, versionId, stepId)} className="editor-back">
            ← Back to “{step.title}”
          </Link>
          <h2 id="next-heading" className="editor-section-title">
            After “{step.title}”
          </h2>
          <p className="editor-hint">{describeNext(spec, index)}</p>
          <fieldset className="editor-form" disabled={frozen}>
            <legend className="editor-subtitle">What happens next</legend>
            <div className="editor-modes">
              {modes.map((option) => (
                <label key={option.value} className={`editor-mode${mode === option.value ? ' editor-mode--active' : ''}`}>
                  <input type="radio" name={modeName} value={option.value} checked={mode === option.value} onChange={() => choose(option.value)} />
                  <span>
                    <strong>{option.label}</strong>
                    <span className="editor-hint"> {option.hint}</span>
                  </span>
                </label>
              ))}
            </div>
            {next.type === 'step' && next.stepId !== undefined ? (
              <TargetSelect label="Go to" value={next.stepId} options={targetOptions} onChange={(target) => set(target === END ? { type: 'end' } : { type: 'step', stepId: target })} />
            ) : null}
            {next.type === 'conditions' ? <ConditionsEditor next={next} variables={variables} targets={targetOptions} onChange={set} /> : null}
            {next.type === 'choices' ? <ChoicesEditor next={next} targets={targetOptions} onChange={set} /> : null}
          </fieldset>
        </section>
        <aside className="editor-layout__side">
          <ProblemList
            title="This step"
            problems={problems.filter((problem) => problem.stepId === stepId && problem.field.startsWith('next'))}
            emptyText="Where this step goes is fine."
          />
        </aside>
      </div>
    </>
  );
}

interface TargetOption {
  value: string;
  label: string;
}

function TargetSelect({ label, value, options, onChange }: { label: string; value: string; options: TargetOption[]; onChange: (value: string) => void }) {
  return <SelectField label={label} value={value} options={options} unknownLabel={(missing) => `Missing step “${missing}” — choose another`} onChange={onChange} />;
}

type ConditionsNext = Extract<Next, { type: 'conditions' }>;
type ChoicesNext = Extract<Next, { type: 'choices' }>;

function ConditionsEditor({ next, variables, targets, onChange }: { next: ConditionsNext; variables: string[]; targets: TargetOption[]; onChange: (next: Next) => void }) {
  const id = useId();
  const update = (i: number, patch: Partial<ConditionsNext['conditions'][number]['when']> & { goto?: string }) =>
    onChange({
      ...next,
      conditions: next.conditions.map((condition, j) => {
        if (j !== i) return condition;
        const { goto, ...when } = patch;
        const merged = { ...condition.when, ...when };
        return { when: merged, goto: goto ?? condition.goto };
      }),
    });
  return (
    <div className="editor-rules">
      <ol className="editor-rules__list" aria-label="Conditions">
        {next.conditions.map((condition, i) => {
          const { variable, op, value } = condition.when;
          return (
            <li key={i} className="editor-rule">
              <span className="editor-rule__lead">{i === 0 ? 'If' : 'Else if'}</span>
              <SelectField
                id={`${id}-var-${i}`}
                label={`Condition ${i + 1} variable`}
                value={variable}
                placeholder="Choose a variable"
                options={variables.map((name) => ({ value: name, label: name }))}
                unknownLabel={(missing) => missing}
                onChange={(chosen) => update(i, { variable: chosen })}
              />
              <SelectField
                id={`${id}-op-${i}`}
                label={`Condition ${i + 1} comparison`}
                value={op}
                options={CONDITION_OPERATORS.map((operator) => ({ value: operator, label: OPERATOR_LABELS[operator] }))}
                onChange={(chosen) => {
                  const nextOp = chosen as ConditionOperator;
                  update(i, { op: nextOp, value: conditionValue(nextOp, value === undefined ? '' : String(value)) });
                }}
              />
              {op !== 'empty' && op !== 'not_empty' ? (
                <TextField
                  label={`Condition ${i + 1} value`}
                  value={value === undefined ? '' : String(value)}
                  inputMode={NUMERIC_OPERATORS.includes(op) ? 'decimal' : undefined}
                  onChange={(event) => update(i, { value: conditionValue(op, event.target.value) })}
                />
              ) : null}
              <TargetSelect label={`Condition ${i + 1}: then go to`} value={condition.goto} options={targets} onChange={(goto) => update(i, { goto })} />
              <Button size="sm" variant="ghost" aria-label={`Remove condition ${i + 1}`} onClick={() => onChange({ ...next, conditions: next.conditions.filter((_, j) => j !== i) })}>
                Remove
              </Button>
            </li>
          );
        })}
      </ol>
      <Button
        size="sm"
        variant="secondary"
        disabled={next.conditions.length >= LIMITS.conditions}
        onClick={() => onChange({ ...next, conditions: [...next.conditions, { when: { variable: variables[0] ?? '', op: 'eq', value: '' }, goto: END }] })}
      >
        Add a condition
      </Button>
      <TargetSelect label="Otherwise go to" value={next.otherwise} options={targets} onChange={(otherwise) => onChange({ ...next, otherwise })} />
    </div>
  );
}

function ChoicesEditor({ next, targets, onChange }: { next: ChoicesNext; targets: TargetOption[]; onChange: (next: Next) => void }) {
  const updateButton = (i: number, patch: Partial<ChoicesNext['buttons'][number]>) =>
    onChange({ ...next, buttons: next.buttons.map((button, j) => (j === i ? { ...button, ...patch } : button)) });
  return (
    <div className="editor-rules">
      <TextField
        label="Question above the buttons (optional)"
        value={next.prompt ?? ''}
        maxLength={LIMITS.labelLength}
        onChange={(event) => onChange({ ...next, prompt: event.target.value || undefined })}
      />
      <ol className="editor-rules__list" aria-label="Buttons">
        {next.buttons.map((button, i) => (
          <li key={i} className="editor-rule">
            <TextField
              label={`Button ${i + 1} label`}
              value={button.label}
              maxLength={LIMITS.buttonLabelLength}
              error={button.label.trim() === '' ? 'A button needs a label.' : undefined}
              onChange={(event) => updateButton(i, { label: event.target.value })}
            />
            <TargetSelect label={`Button ${i + 1} goes to`} value={button.goto} options={targets} onChange={(goto) => updateButton(i, { goto })} />
            <Button size="sm" variant="ghost" aria-label={`Remove button ${i + 1}`} onClick={() => onChange({ ...next, buttons: next.buttons.filter((_, j) => j !== i) })}>
              Remove
            </Button>
          </li>
        ))}
      </ol>
      <Button
        size="sm"
        variant="secondary"
        disabled={next.buttons.length >= LIMITS.buttons}
        onClick={() => onChange({ ...next, buttons: [...next.buttons, { label: `Option ${next.buttons.length + 1}`, goto: END }] })}
      >
        Add a button
      </Button>
    </div>
  );
}

