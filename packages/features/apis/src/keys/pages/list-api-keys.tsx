import { messageOf } from '@appforge/sdk';
import type { ApiKeySummary } from '@appforge/sdk';
import { useApiKeys } from '@appforge/sdk/react';
import { Badge, Button, EmptyState, formatDate, formatDateTime, PageHeader, Spinner, Table } from '@appforge/ui';
import type { TableColumn } from '@appforge/ui';
import { Link } from 'react-router';
import { Sparkline } from '../components/Sparkline';
import { keyPaths, scopeLabel, STATUS_LABEL, STATUS_TONE } from '../lib/format';

const columns: TableColumn<ApiKeySummary>[] = [
  { key: 'name', header: 'Name', rowHeader: true, cell: (key) => <Link to={keyPaths.key(key.id)}>{key.name}</Link> },
  { key: 'prefix', header: 'Key', cell: (key) => <code>{`${key.prefix}…`}</code> },
  { key: 'scope', header: 'Scope', cell: (key) => scopeLabel(key.app_ids) },
  { key: 'used', header: 'Last used', cell: (key) => formatDateTime(key.last_used_at, { fallback: 'Never' }) },
  { key: 'expires', header: 'Expires', cell: (key) => formatDate(key.expires_at, { fallback: 'Never' }) },
  { key: 'status', header: 'Status', cell: (key) => <Badge tone={STATUS_TONE[key.status]}>{STATUS_LABEL[key.status]}</Badge> },
  { key: 'usage', header: 'Runs (14 days)', cell: (key) => <Sparkline usage={key.usage} /> },
];

const newKey = (
  <Button asChild>
    <Link to={keyPaths.create}>New key</Link>
  </Button>
);

/** /list-api-keys: the person's keys with prefix, scope, last use, expiry, status and usage. */
export function Component() {
  const keys = useApiKeys();
  return (
    <div className="af-keys-page">
      <PageHeader title="API keys" description="Call your deployed apps from your own code, scripts and AI agents." actions={newKey} />
      {keys.isPending ? (
        <Spinner label="Loading your keys…" />
      ) : keys.isError ? (
        <div role="alert">
          <p>{messageOf(keys.error)}</p>
          <Button variant="secondary" onClick={() => void keys.refetch()}>
            Try again
          </Button>
        </div>
      ) : keys.data.length === 0 ? (
        <EmptyState
          title="No API keys yet"
          description="Create a key, turn on API access for an app, and call it from curl, JavaScript, Python or an MCP client."
          action={newKey}
        />
      ) : (
        <Table caption="Your API keys" hideCaption columns={columns} rows={keys.data} getRowKey={(key) => key.id} />
      )}
    </div>
  );
}
