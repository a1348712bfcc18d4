import { messageOf } from '@appforge/sdk';
import { useMyApis } from '@appforge/sdk/react';
import { Badge, EmptyState, LoadError, PageHeader, PageTitle } from '@appforge/ui';
import { Link } from 'react-router';
import { HealthBadge } from '../components/HealthBadge';
import { API_EXAMPLES } from '../lib/examples';

const connectLink = (
  <Link className="af-button af-button--primary af-button--md" to="/edit-api">
    Connect an API
  </Link>
);

/** `/list-apis` — the person's APIs with their health from the last test; an empty list offers examples. */
export function Component() {
  const apis = useMyApis();
  const tabTitle = <PageTitle title="Your APIs" />;
  return (
    <>
      {tabTitle}
      <div className="apis-page">
        <PageHeader title="Your APIs" description="Connect the web APIs your apps call — a weather service, your school’s gradebook, a CRM — and test them here." actions={connectLink} />
        {apis.isPending ? (
          <p role="status" className="apis-hint">
            Loading your APIs…
          </p>
        ) : apis.isError ? (
          <LoadError what="Your APIs" message={messageOf(apis.error)} onRetry={() => void apis.refetch()} retrying={apis.isFetching} />
        ) : apis.data.length === 0 ? (
          <>
            <EmptyState
              title="Connect your first API"
              description="Describe an API by its base URL and endpoints, or import an OpenAPI (Swagger) document. Then try it in the test console and call it from an app’s API step."
              action={
                <div className="apis-row">
                  {connectLink}
                  <Link className="af-button af-button--secondary af-button--md" to="/edit-api?import=openapi">
                    Import an OpenAPI document
                  </Link>
                </div>
              }
            />
            <section aria-labelledby="apis-examples" className="apis-examples">
              <h2 id="apis-examples" className="apis-subtitle">
                Or start from an example
              </h2>
              <ul className="apis-cards">
                {API_EXAMPLES.map((example) => (
                  <li key={example.id} className="apis-card">
                    <h3>{example.title}</h3>
                    <p>{example.summary}</p>
                    <Link to={`/edit-api?example=${example.id}`} aria-label={`Use the ${example.title} example`}>
                      Use this example
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          </>
        ) : (
          <ul className="apis-cards" aria-label="Your APIs">
            {apis.data.map((api) => (
              <li key={api.id} className="apis-card">
                <h2 className="apis-card__title">
                  <Link to={`/view-api/${api.id}`}>{api.name}</Link>
                </h2>
                <p className="apis-card__url">{api.base_url}</p>
                <p className="apis-row">
                  <HealthBadge api={api} />
                  <Badge>
                    {api.endpoint_count} endpoint{api.endpoint_count === 1 ? '' : 's'}
                  </Badge>
                  {api.auth_kind !== 'none' ? <Badge tone={api.secret_set ? 'neutral' : 'warning'}>{api.secret_set ? 'Secret set' : 'Secret missing'}</Badge> : null}
                </p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
