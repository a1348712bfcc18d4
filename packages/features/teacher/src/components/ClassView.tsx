import { Badge, PageHeader, Tabs, UnsavedChangesDialog } from '@appforge/ui';
import type { FormLeaveCheck } from '@appforge/ui';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { TEACHER_PORTAL } from '../lib/paths';
import type {
  AssignableItem,
  Assignment,
  ClassLiveOutput,
  ClassMember,
  ClassRun,
  ClassSettingsInput,
  NewAssignmentInput,
  SafetyAlert,
  TeacherClass,
} from '../lib/types';
import { AlertsPanel } from './AlertsPanel';
import { AssignmentsPanel } from './AssignmentsPanel';
import { ClassSettingsPanel } from './ClassSettingsPanel';
import { JoinCodeCard } from './JoinCodeCard';
import { LivePanel } from './LivePanel';
import { RosterPanel } from './RosterPanel';

export type ClassTab = 'roster' | 'assignments' | 'live' | 'alerts' | 'settings';

export interface ClassViewProps {
  cls: TeacherClass;
  origin: string;
  members: readonly ClassMember[];
  assignments: readonly Assignment[];
  items: readonly AssignableItem[];
  runs: readonly ClassRun[];
  alerts: readonly SafetyAlert[];
  /** The AI output being written now, by run id. */
  liveOutputs?: ReadonlyMap<string, ClassLiveOutput>;
  initialTab?: ClassTab;
  onRename: (memberId: string, displayName: string) => Promise<unknown>;
  onRemove: (memberId: string) => Promise<unknown>;
  onAssign: (input: NewAssignmentInput) => Promise<unknown>;
  onUnassign: (assignmentId: string) => Promise<unknown>;
  onAcknowledge: (alertId: string) => Promise<unknown>;
  onSaveSettings: (settings: ClassSettingsInput) => Promise<unknown>;
  /** A new join code (the old one stops at once). */
  onRenewJoinCode?: () => Promise<unknown>;
  /** When the join code expires (null: never). */
  onSetJoinCodeExpiry?: (expiresAt: string | null) => Promise<unknown>;
  onExport: () => Promise<Blob>;
  onDelete: () => Promise<unknown>;
}

/** One class in the teacher portal: Roster, Assignments, Live, Alerts and Settings tabs. */
export function ClassView(props: ClassViewProps) {
  const { cls, members, alerts } = props;
  const [tab, setTab] = useState<string>(props.initialTab ?? 'roster');
  // Tabs are not routes, so the settings form's router guard cannot see a tab switch: the same
  // "Leave without saving?" is asked here before a switch unmounts the form with changed settings.
  const settingsLeaveCheck = useRef<FormLeaveCheck | null>(null);
  const [askingToLeaveFor, setAskingToLeaveFor] = useState<string | null>(null);
  const changeTab = (next: string) => {
    if (next !== tab && settingsLeaveCheck.current?.hasUnsavedChanges() === true) setAskingToLeaveFor(next);
    else setTab(next);
  };
  const openAlerts = alerts.filter((alert) => alert.acknowledged_at === null).length;
  const details = [cls.subject, cls.grade === null ? null : `Grade ${cls.grade}`].filter((part) => part !== null).join(' · ');
  return (
    <div className="teacher-stack">
      <PageHeader
        breadcrumbs={
          <ol className="teacher-breadcrumbs">
            <li>
              <Link to={TEACHER_PORTAL}>Teacher portal</Link>
            </li>
          </ol>
        }
        title={cls.name}
        description={
          <>
            {details !== '' ? `${details} · ` : ''}
            {members.filter((member) => member.removed_at === null).length} students
            {cls.archived_at !== null ? (
              <>
                {' '}
                <Badge tone="neutral">Archived</Badge>
              </>
            ) : null}
          </>
        }
      />
      <Tabs
        aria-label="Class sections"
        value={tab}
        onValueChange={changeTab}
        className="teacher-tabs"
        items={[
          {
            value: 'roster',
            label: 'Roster',
            content: (
              <div className="teacher-stack">
                <JoinCodeCard
                  code={cls.join_code}
                  origin={props.origin}
                  archived={cls.archived_at !== null}
                  expiresAt={cls.join_code_expires_at}
                  onRenew={props.onRenewJoinCode}
                  onSetExpiry={props.onSetJoinCodeExpiry}
                />
                <RosterPanel members={members} onRename={props.onRename} onRemove={props.onRemove} />
              </div>
            ),
          },
          {
            value: 'assignments',
            label: 'Assignments',
            content: <AssignmentsPanel assignments={props.assignments} items={props.items} onAssign={props.onAssign} onUnassign={props.onUnassign} />,
          },
          { value: 'live', label: 'Live', content: <LivePanel runs={props.runs} members={members} alerts={alerts} liveOutputs={props.liveOutputs} onShowAlerts={() => changeTab('alerts')} /> },
          {
            value: 'alerts',
            label: openAlerts > 0 ? `Alerts (${openAlerts})` : 'Alerts',
            content: <AlertsPanel alerts={alerts} members={members} onAcknowledge={props.onAcknowledge} />,
          },
          {
            value: 'settings',
            label: 'Settings',
            content: (
              <ClassSettingsPanel
                cls={cls}
                onSave={props.onSaveSettings}
                onExport={props.onExport}
                onDelete={props.onDelete}
                leaveCheckRef={settingsLeaveCheck}
              />
            ),
          },
        ]}
      />
      <UnsavedChangesDialog
        open={askingToLeaveFor !== null}
        onStay={() => setAskingToLeaveFor(null)}
        onLeave={() => {
          if (askingToLeaveFor !== null) setTab(askingToLeaveFor);
          setAskingToLeaveFor(null);
        }}
      />
    </div>
  );
}
