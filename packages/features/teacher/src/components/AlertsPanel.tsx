import { messageOf } from '@appforge/sdk';
import { Badge, Button, EmptyState, formatDateTime, Markdown } from '@appforge/ui';
import { useState } from 'react';
import { CATEGORY_LABELS } from '../lib/format';
import type { ClassMember, SafetyAlert } from '../lib/types';
import { nameLookup } from './LivePanel';

export interface AlertsPanelProps {
  alerts: readonly SafetyAlert[];
  members: readonly ClassMember[];
  onAcknowledge: (alertId: string) => Promise<unknown>;
}

function AlertItem({ alert, studentName, onAcknowledge }: { alert: SafetyAlert; studentName: string; onAcknowledge: AlertsPanelProps['onAcknowledge'] }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const acknowledged = alert.acknowledged_at !== null;
  const categories = alert.categories.map((category) => CATEGORY_LABELS[category]).join(', ');
  return (
    <li className="teacher-alert" aria-label={`${categories}: ${studentName}`} data-acknowledged={acknowledged}>
      <div className="teacher-alert__head">
        <span className="teacher-run__badges">
          {alert.categories.map((category) => (
            <Badge key={category} tone="danger">
              {CATEGORY_LABELS[category]}
            </Badge>
          ))}
          {acknowledged ? <Badge tone="neutral">Acknowledged</Badge> : <Badge tone="warning">New</Badge>}
        </span>
        <span className="teacher-muted">{formatDateTime(alert.created_at)}</span>
      </div>
      <p>
        In {studentName}’s {alert.direction === 'input' ? 'input' : 'AI output'}
        {alert.source === 'moderation_api' ? ' (found by the moderation service)' : ''}:
      </p>
      {/* An AI output is quoted as the student saw it (rendered); a student's input as they typed it. */}
      <blockquote className="teacher-excerpt" data-kind={alert.direction}>
        {alert.direction === 'output' ? <Markdown source={alert.excerpt} /> : alert.excerpt}
      </blockquote>
      {failure !== null ? (
        <p role="alert" className="teacher-error">
          {failure}
        </p>
      ) : null}
      {acknowledged ? null : (
        <div className="teacher-actions">
          <Button
            size="sm"
            loading={busy}
            onClick={() => {
              setBusy(true);
              setFailure(null);
              onAcknowledge(alert.id).then(
                () => setBusy(false),
                (error: unknown) => {
                  setBusy(false);
                  setFailure(messageOf(error));
                },
              );
            }}
          >
            Acknowledge <span className="af-visually-hidden">alert about {studentName}</span>
          </Button>
        </div>
      )}
    </li>
  );
}

/** Every flagged exchange of the class, newest first, with the words that raised it. */
export function AlertsPanel({ alerts, members, onAcknowledge }: AlertsPanelProps) {
  const nameOf = nameLookup(members);
  const sorted = [...alerts].sort((a, b) => b.created_at.localeCompare(a.created_at));
  const open = sorted.filter((alert) => alert.acknowledged_at === null).length;
  return (
    <section aria-labelledby="teacher-alerts-heading" className="teacher-stack">
      <h2 id="teacher-alerts-heading">Safety alerts {open > 0 ? `(${open} new)` : ''}</h2>
      {sorted.length === 0 ? (
        <EmptyState headingLevel={3} title="No safety alerts" description="Every student input and AI output is checked. Anything flagged shows up here and in Live the moment it happens." />
      ) : (
        <ul className="teacher-list">
          {sorted.map((alert) => (
            <AlertItem key={alert.id} alert={alert} studentName={nameOf(alert)} onAcknowledge={onAcknowledge} />
          ))}
        </ul>
      )}
    </section>
  );
}
