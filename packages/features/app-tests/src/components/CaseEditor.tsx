import type { ExpectationInput, InputField, TestCaseMode } from '@appforge/engine';
import type { AppTestCaseRow } from '@appforge/sdk';
import { AnswerField, checkAnswers } from '@appforge/run-view';
import type { DraftValue } from '@appforge/run-view';
import { Button, TextField } from '@appforge/ui';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { draftOf, emptyExpectation, toExpectation } from '../lib/expectations';
import type { ExpectationDraft } from '../lib/expectations';
import { draftOfInputs } from '../lib/inputs';
import { ExpectationEditor } from './ExpectationEditor';

export interface CaseEditorValue {
  name: string;
  inputs: Record<string, unknown>;
  expectations: ExpectationInput[];
  mode: TestCaseMode;
  /** "n of m runs pass": the case runs `runs` times and passes when `passesNeeded` of them pass. */
  runs: number;
  passesNeeded: number;
}

export interface CaseEditorProps {
  /** The app's input fields now (the same controls the app shows). */
  fields: readonly InputField[];
  /** The case to change; a new one when absent. */
  editing?: AppTestCaseRow | undefined;
  saving?: boolean;
  /** Why the last save was refused (the engine's words, from the SDK). */
  error?: string | null | undefined;
  onSave: (value: CaseEditorValue) => void;
  onCancel: () => void;
}

const MAX_CHECKS = 20;

/** Adds or changes a test case: its name, the inputs in the app's own controls, its checks and whether it must pass. */
export function CaseEditor({ fields, editing, saving = false, error, onSave, onCancel }: CaseEditorProps) {
  const formId = useId();
  const [name, setName] = useState(editing?.name ?? '');
  const [answers, setAnswers] = useState<Record<string, DraftValue>>(() => draftOfInputs(fields, editing?.inputs ?? {}));
  const [checks, setChecks] = useState<ExpectationDraft[]>(() => (editing ? editing.expectations.map(draftOf) : [emptyExpectation()]));
  const [mode, setMode] = useState<TestCaseMode>(editing?.mode ?? 'must_pass');
  const [runs, setRuns] = useState(String(editing?.runs ?? 1));
  const [passesNeeded, setPassesNeeded] = useState(String(editing?.passes_needed ?? 1));
  const [fieldErrors, setFieldErrors] = useState<Readonly<Record<string, string>>>({});
  const [localError, setLocalError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setLocalError(null);
    const answered = checkAnswers(fields, answers);
    if (!answered.ok) {
      setFieldErrors(answered.fieldErrors);
      setLocalError(answered.formError ?? 'Some inputs are not what the app accepts; see the messages beside them.');
      return;
    }
    setFieldErrors({});
    const expectations: ExpectationInput[] = [];
    for (const [index, check] of checks.entries()) {
      const converted = toExpectation(check);
      if (!converted.ok) {
        setLocalError(`Check ${index + 1}: ${converted.message}`);
        return;
      }
      expectations.push(converted.value);
    }
    // The SDK checks 1 ≤ n ≤ m ≤ 5 with the engine's rules and answers what to fix.
    onSave({ name, inputs: answered.values, expectations, mode, runs: Number(runs), passesNeeded: Number(passesNeeded) });
  };

  const shownError = localError ?? error ?? null;
  return (
    <form className="app-tests-editor" aria-labelledby={`${formId}-title`} onSubmit={submit} noValidate>
      <h2 id={`${formId}-title`}>{editing ? `Edit “${editing.name}”` : 'New test case'}</h2>
      <TextField id={`${formId}-name`} label="Name" hint="What this case checks, e.g. “Answers about Mars”." value={name} disabled={saving} onChange={(event) => setName(event.target.value)} />
      <fieldset className="app-tests-editor__group">
        <legend>Inputs</legend>
        {fields.length === 0 ? (
          <p className="app-tests-muted">The app asks for nothing, so each run starts the same way.</p>
        ) : (
          fields.map((field) => (
            <AnswerField
              key={field.name}
              field={field}
              id={`${formId}-input-${field.name}`}
              value={answers[field.name] ?? null}
              error={fieldErrors[field.name]}
              disabled={saving}
              onChange={(value) => setAnswers((previous) => ({ ...previous, [field.name]: value }))}
            />
          ))
        )}
      </fieldset>
      <div className="app-tests-editor__group">
        <h3>Checks on the result</h3>
        {checks.map((check, index) => (
          <ExpectationEditor
            // The position is the check's identity here: checks have no id until saved.
            key={index}
            index={index + 1}
            value={check}
            disabled={saving}
            onChange={(next) => setChecks((previous) => previous.map((item, at) => (at === index ? next : item)))}
            onRemove={checks.length > 1 ? () => setChecks((previous) => previous.filter((_, at) => at !== index)) : undefined}
          />
        ))}
        {checks.length < MAX_CHECKS ? (
          <div>
            <Button type="button" variant="secondary" size="sm" disabled={saving} onClick={() => setChecks((previous) => [...previous, emptyExpectation()])}>
              Add a check
            </Button>
          </div>
        ) : null}
      </div>
      <fieldset className="app-tests-editor__group">
        <legend>When this case fails</legend>
        <label className="app-tests-inline">
          <input type="radio" name={`${formId}-mode`} checked={mode === 'must_pass'} disabled={saving} onChange={() => setMode('must_pass')} /> Must pass: a failure counts against the version
        </label>
        <label className="app-tests-inline">
          <input type="radio" name={`${formId}-mode`} checked={mode === 'warn_only'} disabled={saving} onChange={() => setMode('warn_only')} /> Warn only: show the failure, but do not hold the version back
        </label>
      </fieldset>
      <fieldset className="app-tests-editor__group">
        <legend>How many runs must pass</legend>
        <p className="app-tests-muted">With a real model an answer can vary: run the case up to 5 times and let it pass when enough runs pass.</p>
        <TextField
          id={`${formId}-passes`}
          label="Runs that must pass"
          type="number"
          inputMode="numeric"
          min={1}
          max={5}
          value={passesNeeded}
          disabled={saving}
          onChange={(event) => setPassesNeeded(event.target.value)}
        />
        <TextField id={`${formId}-runs`} label="Runs" type="number" inputMode="numeric" min={1} max={5} value={runs} disabled={saving} onChange={(event) => setRuns(event.target.value)} />
      </fieldset>
      {shownError ? (
        <p role="alert" className="app-tests-error">
          {shownError}
        </p>
      ) : null}
      <div className="app-tests-actions">
        <Button type="submit" loading={saving}>
          {editing ? 'Save changes' : 'Save test case'}
        </Button>
        <Button type="button" variant="ghost" disabled={saving} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
