import type { ApiInputField } from '@appforge/sdk';
import { useAppforge } from '@appforge/sdk/react';
import { Button, Markdown, TextField } from '@appforge/ui';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { messageOf } from '../lib/format';
import { sampleInputs } from '../lib/snippets';

interface DoneData {
  status?: string;
  output?: string | null;
  error?: { message?: string };
}

/**
 * Runs the app through the public API with a key the person pastes. The key lives in this
 * component's state only: never stored, never sent anywhere but the API.
 */
export function TryIt({ appId, inputs }: { appId: string; inputs: readonly ApiInputField[] }) {
  const client = useAppforge();
  const [key, setKey] = useState('');
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(Object.entries(sampleInputs(inputs)).map(([name, value]) => [name, String(value)])),
  );
  const [streamed, setStreamed] = useState('');
  const [result, setResult] = useState<DoneData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const typed = (field: ApiInputField, value: string): unknown =>
    field.type === 'number' ? Number(value) : field.type === 'yes_no' ? ['yes', 'true'].includes(value.trim().toLowerCase()) : value;

  const run = async (event: FormEvent) => {
    event.preventDefault();
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setStreamed('');
    setResult(null);
    setError(null);
    setRunning(true);
    try {
      const body = Object.fromEntries(inputs.filter((field) => field.type !== 'file').map((field) => [field.name, typed(field, values[field.name] ?? '')]));
      for await (const message of client.apiKeys.tryRun({ key, appId, inputs: body, signal: controller.signal })) {
        const data = message.data as { text?: string } & DoneData;
        if (message.event === 'token' && typeof data.text === 'string') setStreamed((text) => text + data.text);
        if (message.event === 'done') setResult(data);
      }
    } catch (caught) {
      if (!controller.signal.aborted) setError(messageOf(caught));
    } finally {
      if (abort.current === controller) setRunning(false);
    }
  };

  return (
    <form className="af-keys-try" onSubmit={(event) => void run(event)} aria-label="Try the API">
      <TextField
        label="API key"
        type="password"
        autoComplete="off"
        spellCheck={false}
        value={key}
        onChange={(event) => setKey(event.target.value)}
        hint="Kept in this page only, never saved."
      />
      {inputs
        .filter((field) => field.type !== 'file')
        .map((field) => (
          <TextField
            key={field.name}
            label={`${field.label} (${field.name})`}
            value={values[field.name] ?? ''}
            onChange={(event) => setValues((current) => ({ ...current, [field.name]: event.target.value }))}
            hint={field.type === 'choice' ? `One of: ${(field.options ?? []).join(', ')}` : field.type === 'yes_no' ? 'yes or no' : undefined}
          />
        ))}
      <Button type="submit" loading={running} disabled={key.trim() === ''}>
        Run with this key
      </Button>
      {error !== null ? (
        <p role="alert" className="af-keys-error">
          {error}
        </p>
      ) : null}
      <section aria-label="Answer" aria-live="polite" aria-busy={running} className="af-keys-answer">
        {result?.status === 'done' && result.output ? (
          <Markdown source={result.output} />
        ) : result?.status === 'failed' ? (
          <p role="alert">{result.error?.message ?? 'The run failed.'}</p>
        ) : result?.status === 'awaiting_input' ? (
          <p>The app is waiting for more input; continue it with POST …/v1/runs/&#123;run_id&#125;.</p>
        ) : streamed !== '' ? (
          <p>{streamed}</p>
        ) : null}
      </section>
    </form>
  );
}
