import { useApi, useApiUsage, useDeleteApi } from '@appforge/sdk/react';
import { Button, Card, ConfirmDialog, PageHeader, PageTitle } from '@appforge/ui';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiLoadError } from '../components/ApiLoadError';
import { HealthBadge } from '../components/HealthBadge';
import { secretLabel, SecretField } from '../components/SecretField';
import { TestConsole } from '../components/TestConsole';

const AUTH_WORDS = { none: 'None', header: 'Header', bearer: 'Bearer token', query: 'Query parameter', basic: 'Basic (user and password)' } as const;

/** `/view-api/:apiId` — an API's endpoints, where it is used, and the test console. */
export function Component() {
  const { apiId } = useParams();
  const api = useApi(apiId);
  const usage = useApiUsage(apiId);
  const remove = useDeleteApi();
  const navigate = useNavigate();
  const tabTitle = <PageTitle title={[api.data?.name ?? 'API', 'Your APIs']} />;

  if (api.isPending) {
    return (
      <>
        {tabTitle}
        <p role="status">Loading the API…</p>
      </>
    );
  }
  if (api.isError) {
    return (
      <>
        {tabTitle}
        <ApiLoadError query={api} />
      </>
    );
  }
  const data = api.data;
  return (
    <>
      {tabTitle}
      <div className="apis-page">
        <PageHeader
          title={data.name}
          description={data.description || data.base_url}
          breadcrumbs={<Link to="/list-apis">Your APIs</Link>}
          actions={
            <div className="apis-row">
              <Link className="af-button af-button--secondary af-button--md" to={`/edit-api/${data.id}`}>
                Edit
              </Link>
              <ConfirmDialog
                title={`Delete ${data.name}?`}
                description="Its endpoints and secret are deleted. Apps whose steps call it will fail until you change them."
                confirmLabel="Delete API"
                destructive
                onConfirm={async () => {
                  await remove.mutateAsync(data.id);
                  await navigate('/list-apis');
                }}
                trigger={<Button variant="ghost">Delete</Button>}
              />
            </div>
          }
        />
        <div className="apis-layout">
          <Card title="Connection" headingLevel={2}>
            <dl className="apis-facts">
              <dt>Base URL</dt>
              <dd>{data.base_url}</dd>
              <dt>Authentication</dt>
              <dd>
                {AUTH_WORDS[data.auth_kind]}
                {data.auth_name ? ` (${data.auth_name})` : ''}
              </dd>
              {data.auth_kind !== 'none' ? (
                <>
                  <dt>Secret</dt>
                  <dd>{secretLabel(data)}</dd>
                </>
              ) : null}
              <dt>Health</dt>
              <dd>
                <HealthBadge api={data} />
              </dd>
            </dl>
            <SecretField api={data} />
          </Card>
          <Card title="Endpoints" headingLevel={2}>
            {data.endpoints.length === 0 ? (
              <p className="apis-hint">No endpoints yet.</p>
            ) : (
              <ul className="apis-endpoint-list">
                {data.endpoints.map((endpoint) => (
                  <li key={endpoint.id}>
                    <code>
                      {endpoint.method} {endpoint.path}
                    </code>{' '}
                    — {endpoint.name}
                    {endpoint.parameters.length > 0 ? <span className="apis-hint"> ({endpoint.parameters.map((p) => p.name).join(', ')})</span> : null}
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card title="Where it is used" headingLevel={2}>
            {usage.isPending ? (
              <p role="status">Looking through your apps…</p>
            ) : usage.isError ? (
              <p role="alert">{usage.error.message}</p>
            ) : usage.data.length === 0 ? (
              <p className="apis-hint">No app calls it yet. Add an API step to an app in its step editor.</p>
            ) : (
              <ul>
                {usage.data.map((use) => (
                  <li key={use.app_id}>
                    <Link to={`/create-app/${use.app_id}`}>{use.app_name}</Link> — {use.steps.join(', ')}
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card title="Test console" headingLevel={2} description="Calls go through the server, with the secret, and never reach private or internal addresses.">
            <TestConsole apiId={data.id} endpoints={data.endpoints} />
          </Card>
        </div>
      </div>
    </>
  );
}
