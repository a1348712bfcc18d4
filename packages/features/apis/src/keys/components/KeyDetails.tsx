import type { ApiKeySummary, CreatedApiKey } from '@appforge/sdk';
import { useMyApps, useRevokeApiKey, useRotateApiKey } from '@appforge/sdk/react';
import { Badge, Button, Card, ConfirmDialog, formatDate, formatDateTime, Select, Table } from '@appforge/ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { GRACE_PERIODS, keyPaths, STATUS_LABEL, STATUS_TONE } from '../lib/format';
import { CurlForKey } from './CurlForKey';
import { Sparkline } from './Sparkline';

/** A key's details, usage by day, and revoke / rotate. */
export function KeyDetails({ apiKey }: { apiKey: ApiKeySummary }) {
  const apps = useMyApps();
  const revoke = useRevokeApiKey();
  const rotate = useRotateApiKey();
  const [grace, setGrace] = useState('1440');
  const [rotated, setRotated] = useState<CreatedApiKey | null>(null);
  const names = new Map((apps.data ?? []).map((app) => [app.id, app.name]));
  const active = apiKey.status === 'active';
  const firstApp = apiKey.app_ids?.[0] ?? (apps.data ?? []).find((app) => app.deployed_version_id !== null)?.id ?? null;

  return (
    <div className="af-keys-details">
      {rotated ? (
        <Card title="Your new key" description={`It replaces ${apiKey.prefix}…, which stops ${formatDateTime(rotated.replaces?.expires_at, { fallback: 'now' })}.`}>
          <CurlForKey apiKey={rotated.key} appId={firstApp} />
          <Button asChild variant="secondary">
            <Link to={keyPaths.key(rotated.id)}>Open the new key</Link>
          </Button>
        </Card>
      ) : null}
      <Card title="Details">
        <dl className="af-keys-facts">
          <dt>Status</dt>
          <dd>
            <Badge tone={STATUS_TONE[apiKey.status]}>{STATUS_LABEL[apiKey.status]}</Badge>
          </dd>
          <dt>Key</dt>
          <dd>
            <code>{`${apiKey.prefix}…`}</code>
          </dd>
          <dt>Apps</dt>
          <dd>{apiKey.app_ids === null ? 'All my apps' : apiKey.app_ids.map((id) => names.get(id) ?? 'A deleted app').join(', ')}</dd>
          <dt>Created</dt>
          <dd>{formatDateTime(apiKey.created_at)}</dd>
          <dt>Last used</dt>
          <dd>{formatDateTime(apiKey.last_used_at, { fallback: 'Never' })}</dd>
          <dt>Expires</dt>
          <dd>{formatDateTime(apiKey.expires_at, { fallback: 'Never' })}</dd>
          {apiKey.revoked_at !== null ? (
            <>
              <dt>Revoked</dt>
              <dd>{formatDateTime(apiKey.revoked_at, { fallback: 'Never' })}</dd>
            </>
          ) : null}
          <dt>Rate limit</dt>
          <dd>{apiKey.rate_limit_per_minute} runs a minute</dd>
          <dt>All-time usage</dt>
          <dd>
            {apiKey.runs_count} runs, {apiKey.input_tokens + apiKey.output_tokens} tokens, {apiKey.errors_count} errors
          </dd>
        </dl>
      </Card>
      <Card title="Usage by day" actions={<Sparkline usage={apiKey.usage} width={160} height={32} />}>
        <Table
          caption="Usage by day (UTC)"
          hideCaption
          columns={[
            { key: 'day', header: 'Day', rowHeader: true, cell: (day) => formatDate(day.day) },
            { key: 'runs', header: 'Runs', align: 'end', cell: (day) => day.runs },
            { key: 'tokens', header: 'Tokens', align: 'end', cell: (day) => day.input_tokens + day.output_tokens },
            { key: 'errors', header: 'Errors', align: 'end', cell: (day) => day.errors },
          ]}
          rows={[...apiKey.usage].reverse()}
          getRowKey={(day) => day.day}
        />
      </Card>
      {active ? (
        <Card title="Rotate or revoke">
          <div className="af-keys-actions">
            <Select label="When rotating" options={GRACE_PERIODS} value={grace} onValueChange={setGrace} />
            <ConfirmDialog
              title="Rotate this key?"
              description="You get a new key with the same name, apps, expiry and limit. Update your code before the old key stops."
              confirmLabel="Rotate"
              onConfirm={async () => setRotated(await rotate.mutateAsync({ apiKeyId: apiKey.id, gracePeriodMinutes: Number(grace) }))}
              trigger={<Button variant="secondary">Rotate key</Button>}
            />
            <ConfirmDialog
              title="Revoke this key?"
              description="Every call with it gets 401 from now on. This cannot be undone."
              confirmLabel="Revoke"
              destructive
              onConfirm={async () => {
                await revoke.mutateAsync(apiKey.id);
              }}
              trigger={<Button variant="danger">Revoke key</Button>}
            />
          </div>
        </Card>
      ) : null}
    </div>
  );
}
