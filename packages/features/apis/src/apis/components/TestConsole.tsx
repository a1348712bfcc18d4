import type { ApiEndpointInfo, ApiTestResult } from '@appforge/sdk';
import { useTestApiCall } from '@appforge/sdk/react';
import { Badge, Button, CodeBlock, TextField } from '@appforge/ui';
import { useState } from 'react';
import { NativeSelect } from './NativeSelect';

/** The answer shown on screen at most (the server sends at most 64 KB). */
export const SHOWN_BODY_CHARS = 20_000;

/** JSON pretty-printed, anything else as it came; cut at SHOWN_BODY_CHARS. */
export function prettyBody(body: string): { text: string; language: string; cut: boolean } {
  let text = body;
  let language = 'text';
  try {
    text = JSON.stringify(JSON.parse(body), null, 2);
    language = 'json';
  } catch {
    // Not JSON: shown as text.
  }
  const cut = text.length > SHOWN_BODY_CHARS;
  return { text: cut ? `${text.slice(0, SHOWN_BODY_CHARS)}\n…` : text, language, cut };
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function TestResult({ result }: { result: ApiTestResult }) {
  const body = prettyBody(result.body);
  return (
    <section className="apis-result" aria-label="Answer">
      <p className="apis-row" role="status">
        <Badge tone={result.ok ? 'success' : result.status >= 500 ? 'danger' : 'warning'}>Status {result.status}</Badge>
        <span>{Math.round(result.duration_ms)} ms</span>
        <span>{formatBytes(result.size_bytes)}</span>
      </p>
      {result.output !== null && result.output !== undefined ? (
        <CodeBlock code={JSON.stringify(result.output, null, 2)} language="what apps get" copyLabel="Copy output" />
      ) : null}
      <details>
        <summary>Headers ({Object.keys(result.headers).length})</summary>
        <dl className="apis-headers">
          {Object.entries(result.headers).map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </details>
      <CodeBlock code={body.text} language={body.language} copyLabel="Copy answer" />
      {result.truncated || body.cut ? <p className="apis-hint">The answer is longer than shown here.</p> : null}
      <CodeBlock code={result.request.curl} language="curl (secret masked)" copyLabel="Copy curl" />
    </section>
  );
}

/** "Fill in city and days before sending: they are required." */
export function missingWords(names: readonly string[]): string {
  const list = names.length === 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
  return `Fill in ${list} before sending: ${names.length === 1 ? 'it is' : 'they are'} required.`;
}

/** Fill an endpoint's parameters, send one call through the server, see what came back. */
export function TestConsole({ apiId, endpoints }: { apiId: string; endpoints: readonly ApiEndpointInfo[] }) {
  const [endpointId, setEndpointId] = useState(endpoints[0]?.id ?? '');
  const [values, setValues] = useState<Record<string, string>>({});
  const call = useTestApiCall();
  // The required parameters still empty when Send was pressed; said in words, and nothing is sent.
  const [missing, setMissing] = useState<string[]>([]);
  const endpoint = endpoints.find((e) => e.id === endpointId) ?? endpoints[0];
  if (!endpoint) return <p className="apis-hint">Add an endpoint to try the API here.</p>;
  return (
    <div className="apis-console">
      <form
        // The browser's own bubble is easy to miss; the console says what is missing instead.
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const empty = endpoint.parameters.filter((parameter) => parameter.required && (values[`${endpoint.id}:${parameter.name}`] ?? '').trim() === '').map((parameter) => parameter.name);
          setMissing(empty);
          if (empty.length > 0) {
            call.reset();
            return;
          }
          const params: Record<string, string> = {};
          for (const parameter of endpoint.parameters) {
            const value = values[`${endpoint.id}:${parameter.name}`];
            if (value !== undefined && value !== '') params[parameter.name] = value;
          }
          call.mutate({ apiId, endpointId: endpoint.id, params });
        }}
      >
        <NativeSelect
          label="Endpoint"
          value={endpoint.id}
          options={endpoints.map((e) => ({ value: e.id, label: `${e.method} ${e.path} — ${e.name}` }))}
          onChange={(id) => {
            setEndpointId(id);
            setMissing([]);
            call.reset();
          }}
        />
        {endpoint.parameters.map((parameter) => (
          <TextField
            key={`${endpoint.id}:${parameter.name}`}
            label={`${parameter.name}${parameter.required ? ' (required)' : ''}`}
            hint={`${parameter.in} · ${parameter.type}${parameter.description ? ` · ${parameter.description}` : ''}`}
            value={values[`${endpoint.id}:${parameter.name}`] ?? ''}
            required={parameter.required}
            error={missing.includes(parameter.name) ? `${parameter.name} is required.` : undefined}
            onChange={(event) => setValues({ ...values, [`${endpoint.id}:${parameter.name}`]: event.target.value })}
          />
        ))}
        <Button type="submit" loading={call.isPending}>
          Send
        </Button>
      </form>
      {missing.length > 0 ? (
        <p role="alert" className="apis-error">
          {missingWords(missing)}
        </p>
      ) : null}
      {call.isError ? (
        <p role="alert" className="apis-error">
          {call.error.message}
        </p>
      ) : null}
      {call.data ? <TestResult result={call.data} /> : null}
    </div>
  );
}
