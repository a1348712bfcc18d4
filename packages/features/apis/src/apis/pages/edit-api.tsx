import { API_AUTH_KINDS } from '@appforge/sdk';
import type { ApiAuthKind, ApiDetail, ApiImportPreview, ApiInput } from '@appforge/sdk';
import { useApi, useSaveApi, useSetApiSecret } from '@appforge/sdk/react';
import { Button, PageHeader, TextArea, TextField } from '@appforge/ui';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { EndpointsEditor } from '../components/EndpointsEditor';
import type { EndpointDraft } from '../components/EndpointsEditor';
import { NativeSelect } from '../components/NativeSelect';
import { OpenApiImport } from '../components/OpenApiImport';
import { SecretField } from '../components/SecretField';
import { findExample } from '../lib/examples';

const AUTH_OPTIONS: { value: ApiAuthKind; label: string }[] = [
  { value: 'none', label: 'None' },
  { value: 'header', label: 'A header (e.g. X-API-Key)' },
  { value: 'bearer', label: 'Bearer token (Authorization)' },
  { value: 'query', label: 'A query parameter (e.g. ?key=)' },
  { value: 'basic', label: 'User name and password (Basic)' },
];
const AUTH_NAME_LABEL: Partial<Record<ApiAuthKind, string>> = { header: 'Header name', query: 'Query parameter name', basic: 'User name' };

interface FormState {
  name: string;
  description: string;
  base_url: string;
  auth_kind: ApiAuthKind;
  auth_name: string;
  timeout_s: string;
  endpoints: EndpointDraft[];
}

function formFrom(api: ApiDetail | ApiInput | undefined): FormState {
  return {
    name: api?.name ?? '',
    description: api?.description ?? '',
    base_url: api?.base_url ?? 'https://',
    auth_kind: api?.auth_kind && (API_AUTH_KINDS as readonly string[]).includes(api.auth_kind) ? api.auth_kind : 'none',
    auth_name: api?.auth_name ?? '',
    timeout_s: String(Math.round((api?.timeout_ms ?? 10_000) / 1000)),
    endpoints: (api?.endpoints ?? []).map((endpoint) => ({ ...endpoint, key: 'id' in endpoint && endpoint.id ? endpoint.id : crypto.randomUUID() })),
  };
}

/** The server's words when it refused the base URL itself (details.field), else undefined. */
function baseUrlRefusal(error: { message: string; details?: unknown } | null): string | undefined {
  const details = error?.details;
  return error && typeof details === 'object' && details !== null && (details as { field?: unknown }).field === 'base_url' ? error.message : undefined;
}

function ApiForm({ existing, initial, importFirst }: { existing: ApiDetail | undefined; initial: FormState; importFirst: boolean }) {
  const [form, setForm] = useState<FormState>(initial);
  const applyImport = (preview: ApiImportPreview): void => {
    // The document's endpoints are added to those already in the form; its API fields fill empty ones.
    setForm((current) => ({
      ...current,
      name: current.name.trim() ? current.name : preview.api.name,
      description: current.description.trim() ? current.description : preview.api.description,
      base_url: current.base_url.trim() && current.base_url !== 'https://' ? current.base_url : preview.api.base_url,
      ...(current.auth_kind === 'none' ? { auth_kind: preview.api.auth_kind, auth_name: preview.api.auth_name } : {}),
      endpoints: [...current.endpoints, ...preview.endpoints.map((endpoint) => ({ ...endpoint, key: crypto.randomUUID() }))],
    }));
  };
  const [secret, setSecret] = useState('');
  const save = useSaveApi();
  const setApiSecret = useSetApiSecret();
  const navigate = useNavigate();
  const set = (patch: Partial<FormState>): void => setForm((current) => ({ ...current, ...patch }));
  const nameLabel = AUTH_NAME_LABEL[form.auth_kind];
  // The server refuses a base URL it would never call (a private or loopback host…) when saving.
  const baseUrlError = baseUrlRefusal(save.error);

  return (
    <>
    <OpenApiImport onUse={applyImport} autoFocus={importFirst} />
    <form
      className="apis-form"
      aria-label={existing ? `Edit ${existing.name}` : 'New API'}
      onSubmit={(event) => {
        event.preventDefault();
        const api = {
          name: form.name,
          description: form.description,
          base_url: form.base_url,
          auth_kind: form.auth_kind,
          auth_name: form.auth_kind === 'none' || form.auth_kind === 'bearer' ? '' : form.auth_name,
          timeout_ms: Math.round(Number(form.timeout_s) * 1000),
        };
        const endpoints = form.endpoints.map(({ key: _key, ...endpoint }) => endpoint);
        void (async () => {
          // Errors show from the mutations' state below the form.
          const saved = await save.mutateAsync(existing ? { apiId: existing.id, api, endpoints } : { api: { ...api, endpoints } }).catch(() => null);
          if (!saved) return;
          if (!existing && secret.trim() !== '' && saved.auth_kind !== 'none') {
            const stored = await setApiSecret.mutateAsync({ apiId: saved.id, secret: secret.trim() }).catch(() => null);
            if (!stored) return;
          }
          await navigate(`/view-api/${saved.id}`);
        })();
      }}
    >
      <section className="apis-section" aria-labelledby="api-basics">
        <h2 id="api-basics" className="apis-subtitle">
          The API
        </h2>
        <TextField label="Name" required value={form.name} onChange={(event) => set({ name: event.target.value })} placeholder="School gradebook" />
        <TextArea label="Description" rows={2} value={form.description} onChange={(event) => set({ description: event.target.value })} />
        <TextField
          label="Base URL"
          required
          value={form.base_url}
          onChange={(event) => set({ base_url: event.target.value })}
          hint="Every endpoint's path is added to it. Only public http(s) addresses can be called."
          error={baseUrlError}
        />
        <TextField label="Timeout (seconds)" type="number" min={1} max={60} value={form.timeout_s} onChange={(event) => set({ timeout_s: event.target.value })} />
      </section>
      <section className="apis-section" aria-labelledby="api-auth">
        <h2 id="api-auth" className="apis-subtitle">
          Authentication
        </h2>
        <NativeSelect label="How the API knows it is you" value={form.auth_kind} options={AUTH_OPTIONS} onChange={(value) => set({ auth_kind: value as ApiAuthKind })} />
        {nameLabel ? <TextField label={nameLabel} value={form.auth_name} onChange={(event) => set({ auth_name: event.target.value })} /> : null}
        {form.auth_kind !== 'none' ? (
          existing ? (
            <SecretField api={existing} />
          ) : (
            <TextField
              label={form.auth_kind === 'basic' ? 'Password' : 'Secret (API key or token)'}
              type="password"
              autoComplete="off"
              value={secret}
              onChange={(event) => setSecret(event.target.value)}
              hint="Stored encrypted; afterwards only its last 4 characters are shown."
            />
          )
        ) : null}
      </section>
      <section className="apis-section" aria-labelledby="api-endpoints">
        <h2 id="api-endpoints" className="apis-subtitle">
          Endpoints
        </h2>
        <EndpointsEditor value={form.endpoints} onChange={(endpoints) => set({ endpoints })} />
      </section>
      {save.isError || setApiSecret.isError ? (
        <p role="alert" className="apis-error">
          {baseUrlError ? 'Not saved: this base URL cannot be called (see above).' : (save.error ?? setApiSecret.error)?.message}
        </p>
      ) : null}
      <div className="apis-row">
        <Button type="submit" loading={save.isPending || setApiSecret.isPending}>
          {existing ? 'Save changes' : 'Create API'}
        </Button>
        <Link to={existing ? `/view-api/${existing.id}` : '/list-apis'}>Cancel</Link>
      </div>
    </form>
    </>
  );
}

/** `/edit-api/:apiId?` — create an API (from scratch or an example), or edit one and its endpoints. */
export function Component() {
  const { apiId } = useParams();
  const [params] = useSearchParams();
  const api = useApi(apiId);
  const example = findExample(params.get('example'));
  useEffect(() => {
    document.title = `${apiId ? 'Edit API' : 'New API'} · Your APIs · Appforge`;
  }, [apiId]);

  if (apiId !== undefined && api.isPending) return <p role="status">Loading the API…</p>;
  if (apiId !== undefined && api.isError) {
    return (
      <div role="alert" className="apis-error">
        <h1>This API could not be opened</h1>
        <p>{api.error.code === 'not_found' ? 'It does not exist, or it belongs to someone else.' : api.error.message}</p>
        <Link to="/list-apis">Back to your APIs</Link>
      </div>
    );
  }
  const existing = apiId !== undefined ? api.data : undefined;
  return (
    <div className="apis-page">
      <PageHeader
        title={existing ? `Edit ${existing.name}` : 'Connect an API'}
        description="Its base URL, how it authenticates, and the endpoints your apps may call."
        breadcrumbs={<Link to="/list-apis">Your APIs</Link>}
      />
      <ApiForm key={existing?.id ?? example?.id ?? 'new'} existing={existing} initial={formFrom(existing ?? example?.api)} importFirst={params.get('import') === 'openapi'} />
    </div>
  );
}
