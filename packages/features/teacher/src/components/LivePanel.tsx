import { Button, EmptyState, formatTimeOfDay, Select } from '@appforge/ui';
import { useMemo, useRef, useState } from 'react';
import { CATEGORY_LABELS, markdownText } from '../lib/format';
import type { ClassLiveOutput, ClassMember, ClassRun, SafetyAlert } from '../lib/types';
import { RunCard } from './RunCard';

export interface LivePanelProps {
  runs: readonly ClassRun[];
  members: readonly ClassMember[];
  alerts: readonly SafetyAlert[];
  /** Opens the Alerts tab. */
  onShowAlerts: () => void;
  /** The AI output being written now, by run id (useClassLiveOutput). */
  liveOutputs?: ReadonlyMap<string, ClassLiveOutput>;
}

const ALL = 'all';

/** A student's name in the class (the roster's, else the row's own), never an id or an e-mail. */
export function nameLookup(members: readonly ClassMember[]): (row: { student_id: string; student_name: string | null }) => string {
  const names = new Map(members.map((member) => [member.student_id, member.display_name]));
  return (row) => names.get(row.student_id) ?? row.student_name ?? 'A former student';
}

/**
 * Who is running what now, with inputs and outputs as they arrive (the runs prop is live), a
 * banner the moment a new safety alert comes in, and one student's history on request.
 */
export function LivePanel({ runs, members, alerts, onShowAlerts, liveOutputs }: LivePanelProps) {
  const nameOf = useMemo(() => nameLookup(members), [members]);
  const [student, setStudent] = useState(ALL);
  // Alerts already there when the view opened are in the Alerts list; a banner is for new ones.
  const known = useRef<ReadonlySet<string> | null>(null);
  known.current ??= new Set(alerts.map((alert) => alert.id));
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const fresh = alerts.filter((alert) => alert.acknowledged_at === null && known.current?.has(alert.id) !== true && !dismissed.has(alert.id));
  const newest = fresh.reduce<SafetyAlert | null>((latest, alert) => (latest === null || alert.created_at > latest.created_at ? alert : latest), null);
  const flaggedRuns = new Set(alerts.map((alert) => alert.run_id));

  const sorted = [...runs].sort((a, b) => b.started_at.localeCompare(a.started_at));
  const active = sorted.filter((run) => run.status === 'running' || run.status === 'awaiting_input');
  const history = student === ALL ? sorted.filter((run) => !active.includes(run)) : sorted.filter((run) => run.student_id === student);
  const options = [{ value: ALL, label: 'All students' }, ...members.filter((member) => member.removed_at === null).map((member) => ({ value: member.student_id, label: member.display_name }))];

  return (
    <div className="teacher-stack">
      <div role="alert" className="teacher-alert-slot">
        {newest !== null ? (
          <div className="teacher-banner">
            <p>
              <strong>New safety alert</strong>: {newest.categories.map((category) => CATEGORY_LABELS[category]).join(', ')} in {nameOf(newest)}’s{' '}
              {newest.direction === 'input' ? 'input' : 'AI output'} at {formatTimeOfDay(newest.created_at)} — “{newest.direction === 'output' ? markdownText(newest.excerpt) : newest.excerpt}”
              {fresh.length > 1 ? ` (and ${fresh.length - 1} more)` : ''}
            </p>
            <div className="teacher-actions">
              <Button size="sm" onClick={onShowAlerts}>
                Review alerts
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setDismissed(new Set([...dismissed, ...fresh.map((alert) => alert.id)]))}>
                Dismiss
              </Button>
            </div>
          </div>
        ) : null}
      </div>

      <section aria-labelledby="teacher-live-now" className="teacher-stack">
        <h2 id="teacher-live-now">Running now ({active.length})</h2>
        {active.length === 0 ? (
          <EmptyState headingLevel={3} title="Nobody is running an app right now" description="When a student starts an assigned app, it appears here with their input and the AI's answer as it is written." />
        ) : (
          <div className="teacher-runs" aria-live="polite">
            {active.map((run) => (
              <RunCard key={run.id} run={run} studentName={nameOf(run)} flagged={flaggedRuns.has(run.id)} live={liveOutputs?.get(run.id)} />
            ))}
          </div>
        )}
      </section>

      <section aria-labelledby="teacher-live-history" className="teacher-stack">
        <div className="teacher-toolbar">
          <h2 id="teacher-live-history">{student === ALL ? 'Recent runs' : `History of ${options.find((option) => option.value === student)?.label ?? 'this student'}`}</h2>
          <Select label="Student" options={options} value={student} onValueChange={setStudent} />
        </div>
        {history.length === 0 ? (
          <EmptyState headingLevel={3} title={student === ALL ? 'No finished runs yet' : 'No runs by this student yet'} description="Finished runs of the class's apps are listed here, newest first." />
        ) : (
          <div className="teacher-runs">
            {history.map((run) => (
              <RunCard key={run.id} run={run} studentName={nameOf(run)} flagged={flaggedRuns.has(run.id)} />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
