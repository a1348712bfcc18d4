import { API_AUTH_KINDS, messageOf } from '@appforge/sdk';
import type { ApiAuthKind, ApiDetail, ApiImportPreview, ApiInput } from '@appforge/sdk';
import { useApi, useSaveApi, useSetApiSecret } from '@appforge/sdk/react';
import { Form, FormField, PageHeader, PageTitle, SubmitButton, TextArea } from '@appforge/ui';
import { UnsavedChangesGuard } from '@appforge/ui/router';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiLoadError } from '../components/ApiLoadError';
import { z } from 'zod';
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

const apiFormSchema = z.object({
  name: z.string(),
  description: z.string(),
  base_url: z.string(),
  auth_kind: z.enum(API_AUTH_KINDS),
  auth_name: z.string(),
  timeout_s: z.string(),
  /** Only for a new API: an existing one keeps its secret in SecretField. */
  secret: z.string(),
  endpoints: z.array(z.custom<EndpointDraft>()),
});
type ApiFormValues = z.input<typeof apiFormSchema>;

/** Said under the form when the server refused the base URL (its own words are under the field). */
const BASE_URL_REFUSED = 'Not saved: this base URL cannot be called (see above).';

function ApiForm({ existing, initial, importFirst }: { existing: ApiDetail | undefined; initial: FormState; importFirst: boolean }) {
  const save = useSaveApi();
  const setApiSecret = useSetApiSecret();
  const navigate = useNavigate();

  return (
    <Form
      className="apis-form"
      aria-label={existing ? `Edit ${existing.name}` : 'New API'}
      schema={apiFormSchema}
      defaultValues={{ ...initial, secret: '' }}
      messageOf={messageOf}
      before={(form) => (
        <OpenApiImport
          autoFocus={importFirst}
          onUse={(preview: ApiImportPreview) => {
            // The document's endpoints are added to those already in the form; its API fields fill empty ones.
            const current = form.getValues();
            const fill = (name: keyof ApiFormValues, value: unknown) => form.setValue(name, value as never, { shouldDirty: true });
            if (!current.name.trim()) fill('name', preview.api.name);
            if (!current.description.trim()) fill('description', preview.api.description);
            if (!current.base_url.trim() || current.base_url === 'https://') fill('base_url', preview.api.base_url);
            if (current.auth_kind === 'none') {
              fill('auth_kind', preview.api.auth_kind);
              fill('auth_name', preview.api.auth_name);
            }
            fill('endpoints', [...current.endpoints, ...preview.endpoints.map((endpoint) => ({ ...endpoint, key: crypto.randomUUID() }))]);
          }}
        />
      )}
      onSubmit={async (values, form) => {
        const api = {
          name: values.name,
          description: values.description,
          base_url: values.base_url,
          auth_kind: values.auth_kind,
          auth_name: values.auth_kind === 'none' || values.auth_kind === 'bearer' ? '' : values.auth_name,
          timeout_ms: Math.round(Number(values.timeout_s) * 1000),
        };
        const endpoints = values.endpoints.map(({ key: _key, ...endpoint }) => endpoint);
        let saved: ApiDetail;
        try {
          saved = await save.mutateAsync(existing ? { apiId: existing.id, api, endpoints } : { api: { ...api, endpoints } });
        } catch (error) {
          // The server refuses a base URL it would never call (a private or loopback host…): say why beside the field.
          const refusal = baseUrlRefusal(error as { message: string; details?: unknown });
          if (refusal === undefined) throw error;
          form.setError('base_url', { type: 'server', message: refusal });
          throw new Error(BASE_URL_REFUSED, { cause: error });
        }
        if (!existing && values.secret.trim() !== '' && saved.auth_kind !== 'none') {
          await setApiSecret.mutateAsync({ apiId: saved.id, secret: values.secret.trim() });
        }
        await navigate(`/view-api/${saved.id}`);
      }}
    >
      {(form) => {
        const authKind = form.watch('auth_kind');
        const nameLabel = AUTH_NAME_LABEL[authKind];
        return (
          <>
            <UnsavedChangesGuard />
            <section className="apis-section" aria-labelledby="api-basics">
              <h2 id="api-basics" className="apis-subtitle">
                The API
              </h2>
              <FormField name="name" label="Name" required placeholder="School gradebook" />
              <FormField name="description" label="Description">
                {({ value, ...control }) => <TextArea {...control} value={value as string} rows={2} />}
              </FormField>
              <FormField name="base_url" label="Base URL" required hint="Every endpoint's path is added to it. Only public http(s) addresses can be called." />
              <FormField name="timeout_s" label="Timeout (seconds)" type="number" min={1} max={60} />
            </section>
            <section className="apis-section" aria-labelledby="api-auth">
              <h2 id="api-auth" className="apis-subtitle">
                Authentication
              </h2>
              <NativeSelect
                label="How the API knows it is you"
                value={authKind}
                options={AUTH_OPTIONS}
                onChange={(value) => form.setValue('auth_kind', value as ApiAuthKind, { shouldDirty: true })}
              />
              {nameLabel ? <FormField key={authKind} name="auth_name" label={nameLabel} /> : null}
              {authKind !== 'none' ? (
                existing ? (
                  <SecretField api={existing} />
                ) : (
                  <FormField
                    name="secret"
                    label={authKind === 'basic' ? 'Password' : 'Secret (API key or token)'}
                    type="password"
                    autoComplete="off"
                    hint="Stored encrypted; afterwards only its last 4 characters are shown."
                  />
                )
              ) : null}
            </section>
            <section className="apis-section" aria-labelledby="api-endpoints">
              <h2 id="api-endpoints" className="apis-subtitle">
                Endpoints
              </h2>
              <EndpointsEditor value={form.watch('endpoints')} onChange={(endpoints) => form.setValue('endpoints', endpoints, { shouldDirty: true })} />
            </section>
            <div className="apis-row">
              <SubmitButton>{existing ? 'Save changes' : 'Create API'}</SubmitButton>
              <Link to={existing ? `/view-api/${existing.id}` : '/list-apis'}>Cancel</Link>
            </div>
          </>
        );
      }}
    </Form>
  );
}

/** `/edit-api/:apiId?` — create an API (from scratch or an example), or edit one and its endpoints. */
export function Component() {
  const { apiId } = useParams();
  const [params] = useSearchParams();
  const api = useApi(apiId);
  const example = findExample(params.get('example'));
  const tabTitle = <PageTitle title={[apiId ? 'Edit API' : 'New API', 'Your APIs']} />;

  if (apiId !== undefined && api.isPending) {
    return (
      <>
        {tabTitle}
        <p role="status">Loading the API…</p>
      </>
    );
  }
  if (apiId !== undefined && api.isError) {
    return (
      <>
        {tabTitle}
        <ApiLoadError query={api} />
      </>
    );
  }
  const existing = apiId !== undefined ? api.data : undefined;
  return (
    <>
      {tabTitle}
      <div className="apis-page">
        <PageHeader
          title={existing ? `Edit ${existing.name}` : 'Connect an API'}
          description="Its base URL, how it authenticates, and the endpoints your apps may call."
          breadcrumbs={<Link to="/list-apis">Your APIs</Link>}
        />
        <ApiForm key={existing?.id ?? example?.id ?? 'new'} existing={existing} initial={formFrom(existing ?? example?.api)} importFirst={params.get('import') === 'openapi'} />
      </div>
    </>
  );
}
