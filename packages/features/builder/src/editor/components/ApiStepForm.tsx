import { isNotFound, messageOf } from '@appforge/sdk';
import type { ApiStep, Problem, Step } from '@appforge/engine';
import { useApi, useMyApis, useTestApiCall } from '@appforge/sdk/react';
import { Button, CodeBlock, LoadError, TextField } from '@appforge/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { retargetApiStep, templateVariables, withSamples } from '../lib/api-steps';
import type { CompletionVariable } from '../lib/spec-ops';
import { toVariableName } from './InputFieldsEditor';
import { SelectField } from './SelectField';
import { Skeleton } from './Skeleton';

export interface ApiStepFormProps {
  step: ApiStep;
  change: (update: (current: Step) => Step) => void;
  problemsAt: (prefix: string) => Problem[];
  variables: readonly CompletionVariable[];
  readOnly: boolean;
}

function messages(problems: Problem[]): string | undefined {
  return problems.length ? problems.map((problem) => problem.message).join(' ') : undefined;
}

/**
 * The `api` step's settings: which of the creator's APIs and endpoints it calls, what goes into
 * each parameter (a variable like {{city}} or fixed text), which part of the answer becomes the
 * output, and a preview call with sample values.
 */
export function ApiStepForm({ step, change, problemsAt, variables, readOnly }: ApiStepFormProps) {
  const id = useId();
  const apis = useMyApis();
  const api = useApi(step.config.apiId && /^[0-9a-f-]{36}$/i.test(step.config.apiId) ? step.config.apiId : undefined);
  const preview = useTestApiCall();
  const [samples, setSamples] = useState<Record<string, string>>({});
  const config = step.config;
  const setConfig = (patch: Partial<ApiStep['config']>) => change((current) => (current.kind === 'api' ? { ...current, config: { ...current.config, ...patch } } : current));
  // The API the creator just switched to: once its endpoints are known, a lone endpoint is chosen
  // for them. Only after a switch: a step opened with a deleted endpoint keeps saying so.
  const switchedTo = useRef<string | null>(null);
  useEffect(() => {
    const detail = api.data;
    if (!detail || switchedTo.current === null || detail.id !== switchedTo.current || config.apiId !== detail.id) return;
    switchedTo.current = null;
    const only = detail.endpoints.length === 1 ? detail.endpoints[0] : undefined;
    if (only) change((current) => (current.kind === 'api' && current.config.apiId === detail.id ? retargetApiStep(current, detail.id, only) : current));
  }, [api.data, config.apiId, change]);

  if (apis.isPending) return <Skeleton label="Loading your APIs" rows={3} />;
  if (apis.isError) return <LoadError what="Your APIs" message={messageOf(apis.error)} onRetry={() => void apis.refetch()} />;
  if (apis.data.length === 0) {
    return (
      <div className="editor-notice" role="note">
        <p>
          <strong>You have no APIs yet.</strong> Connect the API this step should call, then come back.
        </p>
        <Link className="af-button af-button--primary af-button--sm" to="/edit-api">
          Connect an API
        </Link>
      </div>
    );
  }
  const endpoint = api.data?.endpoints.find((e) => e.id === config.endpointId);
  const earlier = variables.filter((variable) => variable.earlier).map((variable) => variable.reference);
  const used = [...new Set(Object.values(config.params).flatMap(templateVariables))];

  return (
    <>
      <SelectField
        id={`${id}-api`}
        label="API"
        value={config.apiId}
        options={apis.data.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
        placeholder="Choose an API"
        unknownLabel={() => 'An API that is not among yours'}
        error={messages(problemsAt('config.apiId'))}
        hint={<Link to="/list-apis">Your APIs</Link>}
        disabled={readOnly}
        onChange={(apiId) => {
          if (apiId === config.apiId) return;
          switchedTo.current = apiId;
          // Another API's endpoints, parameters and answer shape: nothing of the old one carries over.
          change((current) => {
            if (current.kind !== 'api') return current;
            const { outputPath: _old, ...rest } = current.config;
            return { ...current, config: { ...rest, apiId, endpointId: '-', params: {} } };
          });
        }}
      />
      {api.isPending ? (
        <Skeleton label="Loading the API’s endpoints" rows={2} />
      ) : api.isError ? (
        <LoadError what="This API" message={messageOf(api.error)} notFound={isNotFound(api.error)} />
      ) : (
        <SelectField
          id={`${id}-endpoint`}
          label="Endpoint"
          value={endpoint?.id ?? ''}
          placeholder="Choose an endpoint"
          options={api.data.endpoints.map((e) => ({ value: e.id, label: `${e.method} ${e.path} — ${e.name}` }))}
          error={messages(problemsAt('config.endpointId'))}
          disabled={readOnly}
          onChange={(endpointId) => {
            const next = api.data.endpoints.find((e) => e.id === endpointId);
            if (next) change((current) => (current.kind === 'api' ? retargetApiStep(current, api.data.id, next) : current));
          }}
        />
      )}
      {endpoint ? (
        <fieldset className="editor-form">
          <legend className="editor-subtitle">What goes into each parameter</legend>
          {endpoint.parameters.length === 0 ? <p className="editor-hint">This endpoint takes no parameters.</p> : null}
          {endpoint.parameters.map((parameter) => (
            <TextField
              key={parameter.name}
              label={`${parameter.name}${parameter.required ? ' (required)' : ''}`}
              hint={`${parameter.in} · ${parameter.type}. A variable in braces${earlier[0] ? `, e.g. {{${earlier[0]}}}` : ''}, or fixed text.`}
              value={config.params[parameter.name] ?? ''}
              error={messages(problemsAt(`config.params.${parameter.name}`))}
              readOnly={readOnly}
              onChange={(event) => {
                const params = { ...config.params };
                if (event.target.value === '') Reflect.deleteProperty(params, parameter.name);
                else params[parameter.name] = event.target.value;
                setConfig({ params });
              }}
            />
          ))}
        </fieldset>
      ) : null}
      <TextField
        label="Output variable"
        hint="Later steps use the answer as {{name}}."
        value={config.outputVariable}
        error={messages(problemsAt('config.outputVariable'))}
        readOnly={readOnly}
        onChange={(event) => setConfig({ outputVariable: toVariableName(event.target.value) })}
      />
      <TextField
        label="Part of the answer to keep (JSON path)"
        hint="e.g. $.current.temperature; empty keeps the whole answer."
        value={config.outputPath ?? ''}
        error={messages(problemsAt('config.outputPath'))}
        readOnly={readOnly}
        onChange={(event) => {
          const { outputPath: _old, ...rest } = config;
          change((current) => (current.kind === 'api' ? { ...current, config: event.target.value ? { ...rest, outputPath: event.target.value } : rest } : current));
        }}
      />
      {endpoint ? (
        <fieldset className="editor-form">
          <legend className="editor-subtitle">Preview with a test call</legend>
          {used.map((name) => (
            <TextField key={name} label={`Sample value of ${name}`} value={samples[name] ?? ''} onChange={(event) => setSamples({ ...samples, [name]: event.target.value })} />
          ))}
          <Button
            type="button"
            variant="secondary"
            size="sm"
            loading={preview.isPending}
            onClick={() =>
              preview.mutate({
                apiId: config.apiId,
                endpointId: endpoint.id,
                params: Object.fromEntries(
                  Object.entries(config.params)
                    .map(([name, template]): [string, string] => [name, withSamples(template, samples)])
                    .filter(([, value]) => value !== ''),
                ),
              })
            }
          >
            Try it
          </Button>
          {preview.isError ? (
            <p role="alert" className="editor-error">
              {preview.error.message}
            </p>
          ) : null}
          {preview.data ? (
            <div role="status">
              <p>
                Status {preview.data.status} · {Math.round(preview.data.duration_ms)} ms. {config.outputVariable} would be:
              </p>
              <CodeBlock code={JSON.stringify(preview.data.output, null, 2) ?? 'null'} language="json" copyLabel="Copy" />
            </div>
          ) : null}
        </fieldset>
      ) : null}
    </>
  );
}
