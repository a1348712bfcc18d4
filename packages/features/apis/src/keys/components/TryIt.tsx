import { AnswerField } from '@appforge/run-view';
import type { Draft } from '@appforge/run-view';
import { messageOf } from '@appforge/sdk';
import type { ApiInputField, ApiKeysApi, TryAnswer } from '@appforge/sdk';
import type { ApiRun } from '@appforge/sdk/api';
import { useAppforge } from '@appforge/sdk/react';
import { Button, Markdown, TextField } from '@appforge/ui';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { controlFields, draftFrom, inputsFrom } from '../lib/answers';
import { sampleInputs } from '../lib/snippets';

type Awaiting = NonNullable<ApiRun['awaiting']>;

/** What the app waits for, as the fields of the continue form (a choice of buttons is one choice field). */
function waitingFields(awaiting: Awaiting) {
  if (awaiting.type === 'input') return controlFields(awaiting.fields);
  return [{ type: 'choice' as const, name: 'choice', label: awaiting.prompt ?? 'What next?', required: true, options: awaiting.buttons.map((button) => button.label) }];
}

/**
 * Runs the app through the public API with a key the person pastes, and continues a run that
 * waits for more input or a choice with the same key. The key lives in this component's state
 * only: never stored, never sent anywhere but the API.
 */
export function TryIt({ appId, inputs }: { appId: string; inputs: readonly ApiInputField[] }) {
  const client = useAppforge();
  const prefix = useId();
  const fields = useMemo(() => controlFields(inputs), [inputs]);
  const [key, setKey] = useState('');
  const [draft, setDraft] = useState<Draft>(() => draftFrom(sampleInputs(inputs)));
  const [streamed, setStreamed] = useState('');
  const [result, setResult] = useState<ApiRun | null>(null);
  const [answer, setAnswer] = useState<Draft>({});
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  /** Streams one call; the run's `done` replaces the result only when it arrives (a refusal keeps the waiting step). */
  const stream = async (call: (signal: AbortSignal) => ReturnType<ApiKeysApi['tryRun']>) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setStreamed('');
    setError(null);
    setRunning(true);
    try {
      for await (const event of call(controller.signal)) {
        if (event.event === 'progress' && event.name === 'token') {
          const { text } = event.data as { text?: unknown };
          if (typeof text === 'string') setStreamed((current) => current + text);
        }
        if (event.event === 'done') {
          setResult(event.data);
          setAnswer({});
          setStreamed('');
        }
      }
    } catch (caught) {
      if (!controller.signal.aborted) setError(messageOf(caught));
    } finally {
      if (abort.current === controller) setRunning(false);
    }
  };

  const run = (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    void stream((signal) => client.apiKeys.tryRun({ key, appId, inputs: inputsFrom(fields, draft), signal }));
  };

  const awaiting = result?.status === 'awaiting_input' ? result.awaiting : undefined;
  const continueRun = (event: FormEvent) => {
    event.preventDefault();
    if (!result || !awaiting) return;
    let body: TryAnswer;
    if (awaiting.type === 'input') {
      body = { inputs: inputsFrom(waitingFields(awaiting), answer) };
    } else {
      const picked = awaiting.buttons.find((button) => button.label === answer.choice);
      if (!picked) {
        setError('Choose one of the options first.');
        return;
      }
      body = { choice: picked.index };
    }
    const runId = result.run_id;
    void stream((signal) => client.apiKeys.tryContinue({ key, runId, answer: body, signal }));
  };

  return (
    <div className="af-keys-try">
      <form className="af-keys-try" onSubmit={run} aria-label="Try the API" noValidate>
        <TextField
          label="API key"
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={key}
          onChange={(event) => setKey(event.target.value)}
          hint="Kept in this page only, never saved."
        />
        {fields.map((field) => (
          <AnswerField
            key={field.name}
            field={field}
            id={`${prefix}-start-${field.name}`}
            value={draft[field.name] ?? ''}
            disabled={running}
            onChange={(value) => setDraft((current) => ({ ...current, [field.name]: value }))}
          />
        ))}
        <Button type="submit" loading={running && awaiting === undefined} disabled={key.trim() === '' || running}>
          Run with this key
        </Button>
      </form>
      {error !== null ? (
        <p role="alert" className="af-keys-error">
          {error}
        </p>
      ) : null}
      <section aria-label="Answer" aria-live="polite" aria-busy={running} className="af-keys-answer">
        {result?.output ? <Markdown source={result.output} /> : null}
        {result?.status === 'failed' ? <p role="alert">{result.error?.message ?? 'The run failed.'}</p> : null}
        {running && streamed !== '' ? <p>{streamed}</p> : null}
      </section>
      {result && awaiting ? (
        <form className="af-keys-try" onSubmit={continueRun} aria-label="Continue the run" noValidate>
          <p className="af-keys-note">
            {awaiting.type === 'input' ? 'The app waits for more input.' : 'The app waits for a choice.'} Continuing sends POST …/v1/runs/{result.run_id} with
            the same key.
          </p>
          {waitingFields(awaiting).map((field) => (
            <AnswerField
              key={`${result.run_id}-${awaiting.step_id}-${field.name}`}
              field={field}
              id={`${prefix}-wait-${field.name}`}
              value={answer[field.name] ?? ''}
              disabled={running}
              onChange={(value) => setAnswer((current) => ({ ...current, [field.name]: value }))}
            />
          ))}
          <Button type="submit" loading={running}>
            Continue
          </Button>
        </form>
      ) : null}
    </div>
  );
}
