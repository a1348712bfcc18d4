import { messageOf } from '@appforge/sdk';
import type { CustomDomain, DomainScope, DomainTargetRef } from '@appforge/sdk';
import { useCheckDomain, useRemoveDomain, useSwitchDomain } from '@appforge/sdk/react';
import { Badge, Button, Card, ConfirmDialog, formatRelative, Select, useToast } from '@appforge/ui';
import { statusOf, targetWords } from '../lib/status';
import { targetChoices, targetRef } from '../lib/targets';
import { DnsRecords } from './DnsRecords';

export interface DomainCardProps {
  domain: CustomDomain;
  scope: DomainScope;
}

/** One domain: its status in words, the records to create, Check now, what it shows, Remove. */
export function DomainCard({ domain, scope }: DomainCardProps) {
  const check = useCheckDomain();
  const switchTarget = useSwitchDomain();
  const remove = useRemoveDomain();
  const toast = useToast();
  const status = statusOf(domain);
  const choices = targetChoices(scope);
  const verified = domain.status === 'verified';

  return (
    <Card
      title={domain.display}
      headingLevel={3}
      className="domains-card"
      actions={<Badge tone={status.tone}>{status.label}</Badge>}
    >
      <div className="domains-card__body">
        <p className="domains-card__meaning">{status.meaning}</p>
        {domain.note ? <p className="domains-note">{domain.note}</p> : null}
        {domain.failure_reason && !verified ? (
          <p className="domains-reason" role="status">
            <strong>Last check: </strong>
            {domain.failure_reason}
          </p>
        ) : null}
        <p className="domains-muted">
          {domain.checked_at ? `Last checked ${formatRelative(domain.checked_at)}` : 'Not checked yet'}
          {domain.next_check_at && !verified ? ` · next automatic check ${formatRelative(domain.next_check_at)}` : ''}
          {verified && domain.host !== domain.display ? ` · stored as ${domain.host}` : ''}
        </p>
        {check.isError ? <p className="domains-error" role="alert">{messageOf(check.error)}</p> : null}

        {verified && domain.note ? null : <DnsRecords domain={domain} />}

        <div className="domains-card__actions">
          <Button variant="secondary" loading={check.isPending} onClick={() => check.mutate({ host: domain.host })}>
            Check now
          </Button>
          {choices.length > 1 ? (
            <Select
              label="What it shows"
              options={choices}
              value={domain.target.kind}
              disabled={switchTarget.isPending}
              onValueChange={(value) =>
                switchTarget.mutate(
                  { host: domain.host, target: targetRef(scope, value as DomainTargetRef['kind']) },
                  {
                    onSuccess: (next) => toast.toast({ title: `${next.display} now shows ${targetWords(next.target)}.`, tone: 'success' }),
                    onError: (error) => toast.toast({ title: messageOf(error), tone: 'danger' }),
                  },
                )
              }
            />
          ) : null}
          <ConfirmDialog
            title={`Remove ${domain.display}?`}
            description={`Visitors to ${domain.display} will see “This domain is not connected to an app”. You can add it again later; it will need checking again.`}
            confirmLabel="Remove domain"
            destructive
            onConfirm={async () => {
              try {
                await remove.mutateAsync({ host: domain.host });
                toast.toast({ title: `${domain.display} was removed.`, tone: 'success' });
              } catch (error) {
                toast.toast({ title: messageOf(error), tone: 'danger' });
              }
            }}
            trigger={
              <Button variant="ghost" loading={remove.isPending}>
                Remove
              </Button>
            }
          />
        </div>
      </div>
    </Card>
  );
}
