import { Badge, Button, Card, PageHeader, PageTitle } from '@appforge/ui';
import { useQuery } from '@tanstack/react-query';
import { useEnv } from '../app/env-context';
import { checkBackendHealth, healthUrl } from '../lib/backend-health';

function HealthLine({ apiUrl }: { apiUrl: string }) {
  const health = useQuery({
    queryKey: ['backend-health', apiUrl],
    queryFn: () => checkBackendHealth(apiUrl),
    // checkBackendHealth never throws; its answer is shown as it is, and "Check again" re-asks.
    retry: false,
    staleTime: 0,
  });

  let status;
  if (health.data === undefined || health.isFetching) {
    status = <span className="shell-muted">Checking…</span>;
  } else if (health.data.reachable) {
    status = <Badge tone="success">{`Reachable (HTTP ${health.data.status})`}</Badge>;
  } else {
    status = (
      <>
        <Badge tone="danger">Unreachable</Badge> <span>{health.data.reason}</span>
      </>
    );
  }

  return (
    <>
      <dt>Backend health</dt>
      <dd className="shell-health">
        <span role="status">{status}</span>
        <Button variant="secondary" size="sm" onClick={() => void health.refetch()} loading={health.isFetching}>
          Check again
        </Button>
      </dd>
    </>
  );
}

/** The start page until the builder brings the real home: what Appforge is and whether its backend answers. */
export function Component() {
  const env = useEnv();

  const tabTitle = <PageTitle title={[]} />;

  return (
    <>
      {tabTitle}
      <div className="shell-page">
        <PageHeader title="Appforge" description="Describe an AI app in plain words, get it built, refine it and publish it." />
        <Card title="System status" description="Live answers from the configured backend.">
          <dl className="shell-facts">
            <dt>API URL</dt>
            <dd>
              <code>{env.VITE_SUPABASE_URL}</code>
            </dd>
            <dt>Health check</dt>
            <dd>
              <code>GET {healthUrl(env.VITE_SUPABASE_URL)}</code>
            </dd>
            <HealthLine apiUrl={env.VITE_SUPABASE_URL} />
            {env.VITE_INBOX_URL === undefined ? null : (
              <>
                <dt>Development inbox</dt>
                <dd>
                  <a href={env.VITE_INBOX_URL}>{env.VITE_INBOX_URL}</a>
                </dd>
              </>
            )}
          </dl>
        </Card>
      </div>
    </>
  );
}
