import { JSON_FIELD_TYPES } from '@appforge/engine';
import type { AiStep, InputStep, JsonFieldType, OutputStep, Problem, Step } from '@appforge/engine';
import { Badge, Button, EmptyState, PageTitle, TextField } from '@appforge/ui';
import { Suspense, lazy, useId } from 'react';
import { Link, useParams } from 'react-router';
import { ApiStepForm } from '../components/ApiStepForm';
import { DatabaseStepForm } from '../components/DatabaseStepForm';
import { InputFieldsEditor, toVariableName } from '../components/InputFieldsEditor';
import { ProblemList } from '../components/ProblemList';
import { SelectField } from '../components/SelectField';
import { Skeleton } from '../components/Skeleton';
import { apiCheckWords, editorPaths, useEditor } from '../lib/editor-context';
import { STEP_KIND_LABELS } from '../lib/step-kinds';
import { describeNext, indexOfStep, uniqueVariableName, updateStep, variablesForStep } from '../lib/spec-ops';
import type { CompletionVariable } from '../lib/spec-ops';

// CodeMirror downloads with this page only, and only once a prompt or template is on screen.
const PromptEditor = lazy(() => import('../components/PromptEditor').then((module) => ({ default: module.PromptEditor })));

/** `/create-app/:appId/:versionId/:stepId` — edit one step, with the engine's messages for it. */
export function Component() {
  const { stepId = '' } = useParams();
  const { appId, versionId, app, spec, problems, apiCheck, frozen, edit } = useEditor();
  const index = indexOfStep(spec, stepId);
  const step = spec.steps[index];

  const tabTitle = <PageTitle title={[step && (step.title || 'Step'), 'Edit step']} />;

  if (!step) {
    return (
      <>
        {tabTitle}
        <EmptyState
          title="This step is not in this version"
          description="It may have been deleted, or the link is from another version."
          action={
            <Link className="af-button af-button--primary af-button--md" to={editorPaths.version(appId, versionId)}>
              Back to the steps
            </Link>
          }
        />
      </>
    );
  }

  const stepProblems = problems.filter((problem) => problem.stepId === step.id);
  const variables = variablesForStep(spec, step.id);
  const change = (update: (current: Step) => Step) => edit((current) => updateStep(current, step.id, update));
  const previous = spec.steps[index - 1];
  const following = spec.steps[index + 1];
  const problemsAt = (prefix: string) => stepProblems.filter((problem) => problem.field === prefix || problem.field.startsWith(`${prefix}.`) || problem.field.startsWith(`${prefix}[`));

  return (
    <>
      {tabTitle}
      <div className="editor-layout">
        <section className="editor-layout__main" aria-labelledby="editor-step-heading">
          <div className="editor-step-head">
            <Link to={editorPaths.version(appId, versionId)} className="editor-back">
              ← All steps
            </Link>
            <h2 id="editor-step-heading" className="editor-section-title">
              Step {index + 1}: {step.title || 'untitled'} <Badge tone="neutral">{STEP_KIND_LABELS[step.kind]}</Badge>
            </h2>
          </div>
          <fieldset className="editor-form" disabled={frozen}>
            <legend className="af-visually-hidden">Step settings</legend>
            <TextField
              label="Step title"
              hint="Visitors see it as the heading of this step."
              value={step.title}
              required
              error={step.title.trim() === '' ? 'A step needs a title.' : undefined}
              onChange={(event) => change((current) => ({ ...current, title: event.target.value }))}
            />
            {step.kind === 'input' ? <InputStepForm step={step} change={change} problemsAt={problemsAt} readOnly={frozen} newName={() => uniqueVariableName(spec, 'answer')} /> : null}
            {step.kind === 'ai' ? <AiStepForm step={step} change={change} problemsAt={problemsAt} variables={variables} readOnly={frozen} /> : null}
            {step.kind === 'output' ? <OutputStepForm step={step} change={change} problemsAt={problemsAt} variables={variables} readOnly={frozen} /> : null}
            {step.kind === 'database' ? (
              <DatabaseStepForm
                step={step}
                change={change}
                problemsAt={problemsAt}
                variables={variables}
                readOnly={frozen}
                appId={appId}
                versionId={versionId}
                databaseId={app.database_id}
                newVariableName={() => uniqueVariableName(spec, 'rows')}
              />
            ) : null}
            {step.kind === 'api' ? <ApiStepForm step={step} change={change} problemsAt={problemsAt} variables={variables} readOnly={frozen} /> : null}
          </fieldset>
          <div className="editor-next-summary">
            <p>
              <strong>Next:</strong> {describeNext(spec, index)}
            </p>
            <Link className="af-button af-button--secondary af-button--sm" to={editorPaths.nextStep(appId, versionId, step.id)}>
              Choose what happens next
            </Link>
            {!frozen ? (
              <Link className="af-button af-button--ghost af-button--sm" to={editorPaths.deleteStep(appId, versionId, step.id)}>
                Delete this step
              </Link>
            ) : null}
          </div>
          <nav className="editor-step-nav" aria-label="Other steps">
            {previous ? <Link to={editorPaths.step(appId, versionId, previous.id)}>← {previous.title}</Link> : <span />}
            {following ? <Link to={editorPaths.step(appId, versionId, following.id)}>{following.title} →</Link> : null}
          </nav>
        </section>
        <aside className="editor-layout__side">
          <ProblemList problems={stepProblems} title="This step" emptyText="No problems in this step." incomplete={step.kind === 'api' ? apiCheckWords(apiCheck) : undefined} />
          <VariablesPanel variables={variables} />
        </aside>
      </div>
    </>
  );
}

interface FormProps<S extends Step> {
  step: S;
  change: (update: (current: Step) => Step) => void;
  problemsAt: (prefix: string) => Problem[];
  readOnly: boolean;
}

function messages(problems: Problem[]): string | undefined {
  return problems.length ? problems.map((problem) => problem.message).join(' ') : undefined;
}

function InputStepForm({ step, change, problemsAt, readOnly, newName }: FormProps<InputStep> & { newName: () => string }) {
  const setConfig = (config: Partial<InputStep['config']>) => change((current) => (current.kind === 'input' ? { ...current, config: { ...current.config, ...config } } : current));
  const fieldsProblems = problemsAt('config.fields').filter((problem) => problem.field === 'config.fields');
  return (
    <>
      <TextField
        label="Introduction (optional)"
        hint="A sentence above the form."
        value={step.config.intro ?? ''}
        onChange={(event) => setConfig({ intro: event.target.value || undefined })}
      />
      <h3 className="editor-subtitle">What the visitor answers</h3>
      {fieldsProblems.length ? <p className="editor-inline-error">{messages(fieldsProblems)}</p> : null}
      <InputFieldsEditor
        fields={step.config.fields}
        readOnly={readOnly}
        newName={newName}
        onChange={(fields) => setConfig({ fields })}
        problemsFor={(i) => problemsAt(`config.fields[${i}]`).map((problem) => problem.message)}
      />
      <TextField
        label="Button label (optional)"
        hint="Shown on the button that sends the answers; “Continue” when empty."
        value={step.config.submitLabel ?? ''}
        onChange={(event) => setConfig({ submitLabel: event.target.value || undefined })}
      />
    </>
  );
}

interface TemplateFieldProps {
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  variables: readonly CompletionVariable[];
  readOnly: boolean;
  error: string | undefined;
  placeholder: string;
}

/** A label, the lazily loaded prompt editor, a hint and the engine's message for it. */
function TemplateField({ label, hint, value, onChange, variables, readOnly, error, placeholder }: TemplateFieldProps) {
  const id = useId();
  return (
    <div className={`af-field${error ? ' af-field--invalid' : ''}`}>
      <span className="af-field__label" id={`${id}-label`}>
        {label}
      </span>
      <Suspense fallback={<Skeleton label={`Loading the editor for ${label}`} rows={2} />}>
        <PromptEditor
          value={value}
          onChange={onChange}
          variables={variables}
          labelledBy={`${id}-label`}
          describedBy={`${id}-hint${error ? ` ${id}-error` : ''}`}
          placeholder={placeholder}
          readOnly={readOnly}
          invalid={Boolean(error)}
        />
      </Suspense>
      <p className="af-field__hint" id={`${id}-hint`}>
        {hint}
      </p>
      {error ? (
        <p className="af-field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

function AiStepForm({ step, change, problemsAt, variables, readOnly }: FormProps<AiStep> & { variables: readonly CompletionVariable[] }) {
  const formatId = useId();
  const setConfig = (config: Partial<AiStep['config']>) => change((current) => (current.kind === 'ai' ? { ...current, config: { ...current.config, ...config } } : current));
  const settings = step.config.settings;
  const jsonFields = step.config.jsonFields ?? [];
  return (
    <>
      <TemplateField
        label="Prompt"
        hint="What the AI should do. Type {{ to insert an answer from an earlier step."
        placeholder="Write a friendly summary of {{topic}}…"
        value={step.config.prompt}
        onChange={(prompt) => setConfig({ prompt })}
        variables={variables}
        readOnly={readOnly}
        error={messages(problemsAt('config.prompt'))}
      />
      <TemplateField
        label="System prompt (optional)"
        hint="How the AI should behave in this step, e.g. its tone. The app’s own system prompt comes first."
        placeholder="You are a patient teacher…"
        value={step.config.system ?? ''}
        onChange={(system) => setConfig({ system: system || undefined })}
        variables={variables}
        readOnly={readOnly}
        error={messages(problemsAt('config.system'))}
      />
      <div className="editor-grid">
        <TextField
          label="Answer saved as"
          hint={`Later steps use it as {{${step.config.outputVariable}}}`}
          spellCheck={false}
          value={step.config.outputVariable}
          error={messages(problemsAt('config.outputVariable'))}
          onChange={(event) => setConfig({ outputVariable: toVariableName(event.target.value) })}
        />
        <div className="af-field">
          <label className="af-field__label" htmlFor={formatId}>
            Answer format
          </label>
          <select
            id={formatId}
            className="af-input editor-select"
            value={step.config.outputFormat}
            onChange={(event) => {
              const outputFormat = event.target.value as AiStep['config']['outputFormat'];
              setConfig(
                outputFormat === 'json' && jsonFields.length === 0
                  ? { outputFormat, jsonFields: [{ name: 'answer', type: 'string', required: true }] }
                  : { outputFormat },
              );
            }}
          >
            <option value="markdown">Formatted text (markdown)</option>
            <option value="text">Plain text</option>
            <option value="json">Structured data (JSON)</option>
          </select>
        </div>
        <TextField
          label="Temperature"
          hint="0 = focused, 2 = very creative"
          type="number"
          min={0}
          max={2}
          step={0.1}
          value={settings.temperature}
          onChange={(event) => setConfig({ settings: { ...settings, temperature: Number(event.target.value) } })}
        />
        <TextField
          label="Maximum answer length (tokens)"
          type="number"
          min={1}
          max={32000}
          value={settings.maxOutputTokens}
          onChange={(event) => setConfig({ settings: { ...settings, maxOutputTokens: Math.round(Number(event.target.value)) } })}
        />
      </div>
      {step.config.outputFormat === 'json' ? (
        <div className="editor-json-fields">
          <h3 className="editor-subtitle">Fields of the answer</h3>
          <p className="editor-hint">Later steps use each field as {`{{${step.config.outputVariable}.field}}`}.</p>
          {messages(problemsAt('config.jsonFields')) ? <p className="editor-inline-error">{messages(problemsAt('config.jsonFields'))}</p> : null}
          <ol className="editor-fields__list" aria-label="Fields of the answer">
            {jsonFields.map((field, i) => (
              <li key={i} className="editor-json-field">
                <TextField
                  label={`Field ${i + 1} name`}
                  spellCheck={false}
                  value={field.name}
                  onChange={(event) => setConfig({ jsonFields: jsonFields.map((f, j) => (j === i ? { ...f, name: event.target.value.trim() } : f)) })}
                />
                <SelectField
                  id={`${formatId}-json-${i}`}
                  label={`Field ${i + 1} type`}
                  value={field.type}
                  options={JSON_FIELD_TYPES.map((type) => ({ value: type, label: type.replace('_', ' ') }))}
                  onChange={(type) => setConfig({ jsonFields: jsonFields.map((f, j) => (j === i ? { ...f, type: type as JsonFieldType } : f)) })}
                />
                {!readOnly ? (
                  <Button size="sm" variant="ghost" aria-label={`Remove field ${i + 1}`} onClick={() => setConfig({ jsonFields: jsonFields.filter((_, j) => j !== i) })}>
                    Remove
                  </Button>
                ) : null}
              </li>
            ))}
          </ol>
          {!readOnly ? (
            <Button size="sm" variant="secondary" onClick={() => setConfig({ jsonFields: [...jsonFields, { name: `field_${jsonFields.length + 1}`, type: 'string', required: true }] })}>
              Add an answer field
            </Button>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

function OutputStepForm({ step, change, problemsAt, variables, readOnly }: FormProps<OutputStep> & { variables: readonly CompletionVariable[] }) {
  return (
    <TemplateField
      label="What the visitor sees"
      hint="Markdown: **bold**, lists, headings. Type {{ to insert an answer or an AI result."
      placeholder={'## Your result\n\n{{result}}'}
      value={step.config.template}
      onChange={(template) => change((current) => (current.kind === 'output' ? { ...current, config: { ...current.config, template } } : current))}
      variables={variables}
      readOnly={readOnly}
      error={messages(problemsAt('config.template'))}
    />
  );
}

function VariablesPanel({ variables }: { variables: readonly CompletionVariable[] }) {
  return (
    <section className="editor-variables" aria-labelledby="editor-variables-heading">
      <h3 id="editor-variables-heading" className="editor-subtitle">
        Variables you can use
      </h3>
      {variables.length === 0 ? (
        <p className="editor-hint">None yet: add a field to an input step before this one.</p>
      ) : (
        <ul className="editor-variables__list">
          {variables.map((variable) => (
            <li key={variable.reference}>
              <code>{`{{${variable.reference}}}`}</code> <span className="editor-hint">{variable.description}{variable.earlier ? '' : ' (set by a later step)'}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
