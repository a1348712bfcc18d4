import { messageOf } from '@appforge/sdk';
import {
  useAcknowledgeAlert,
  useAssignableItems,
  useAssignments,
  useClass,
  useClassMembers,
  useClassLiveOutput,
  useClassRuns,
  useCreateAssignment,
  useDeleteAssignment,
  useDeleteClass,
  useExportClassRuns,
  useRegenerateJoinCode,
  useRemoveMember,
  useRenameMember,
  useSafetyAlerts,
  useUpdateClass,
} from '@appforge/sdk/react';
import { Button, EmptyState, LoadError, PageTitle, useToast } from '@appforge/ui';
import { Link, useNavigate, useParams } from 'react-router';
import { ClassView } from '../components/ClassView';
import { Loading } from '../components/Loading';
import { TeachersOnly } from '../components/TeachersOnly';
import { TEACHER_PORTAL } from '../lib/paths';

const NOT_FOUND = new Set(['not_found', 'class_not_found', 'invalid_input']);

function TeacherClass({ classId }: { classId: string }) {
  const navigate = useNavigate();
  const { toast } = useToast();
  const cls = useClass(classId);
  const members = useClassMembers(classId);
  const assignments = useAssignments(classId);
  const items = useAssignableItems();
  const runs = useClassRuns(classId);
  const liveOutputs = useClassLiveOutput(classId);
  const alerts = useSafetyAlerts(classId);
  const rename = useRenameMember();
  const remove = useRemoveMember();
  const assign = useCreateAssignment();
  const unassign = useDeleteAssignment();
  const acknowledge = useAcknowledgeAlert();
  const update = useUpdateClass();
  const renewCode = useRegenerateJoinCode();
  const exportRuns = useExportClassRuns();
  const deleteClass = useDeleteClass();

  const tabTitle = <PageTitle title={[cls.data?.name, 'Teacher portal']} />;

  if (cls.isPending) {
    return (
      <>
        {tabTitle}
        <Loading what="the class" />
      </>
    );
  }
  if (cls.isError) {
    if (NOT_FOUND.has(cls.error.code)) {
      return (
        <>
          {tabTitle}
          <EmptyState
            headingLevel={1}
            title="Class not found"
            description="It was deleted, or it is not one of your classes."
            action={
              <Button asChild>
                <Link to={TEACHER_PORTAL}>Back to your classes</Link>
              </Button>
            }
          />
        </>
      );
    }
    return (
      <>
        {tabTitle}
        <LoadError headingLevel={1} what="The class" message={messageOf(cls.error)} onRetry={() => void cls.refetch()} retrying={cls.isFetching} />
      </>
    );
  }
  const problem = [members, assignments, runs, alerts].find((query) => query.isError);
  return (
    <>
      {tabTitle}
      <>
        {problem?.error ? (
          <p role="alert" className="teacher-error">
            Part of the class could not be loaded: {problem.error.message}
          </p>
        ) : null}
        <ClassView
          cls={cls.data}
          origin={window.location.origin}
          members={members.data ?? []}
          assignments={assignments.data ?? []}
          items={items.data ?? []}
          runs={runs.data ?? []}
          alerts={alerts.data ?? []}
          liveOutputs={liveOutputs}
          onRename={(memberId, displayName) => rename.mutateAsync({ memberId, displayName })}
          onRemove={(memberId) => remove.mutateAsync(memberId)}
          onAssign={(input) =>
            assign.mutateAsync({
              class_id: classId,
              ...(input.kind === 'app' ? { app_id: input.id } : { bundle_id: input.id }),
              instructions: input.instructions,
              opens_at: input.opens_at,
              due_at: input.due_at,
            })
          }
          onUnassign={(assignmentId) => unassign.mutateAsync(assignmentId)}
          onAcknowledge={(alertId) => acknowledge.mutateAsync(alertId)}
          onSaveSettings={(settings) => update.mutateAsync({ classId, patch: settings })}
          onRenewJoinCode={async () => {
            const renewed = await renewCode.mutateAsync({ classId });
            toast({ title: 'The class has a new code', description: `Students now join with ${renewed.join_code}; the old code no longer works.`, tone: 'success' });
          }}
          onSetJoinCodeExpiry={(expiresAt) => update.mutateAsync({ classId, patch: { join_code_expires_at: expiresAt } })}
          onExport={async () => (await exportRuns.mutateAsync(classId)).blob}
          onDelete={async () => {
            await deleteClass.mutateAsync(classId);
            toast({ title: `“${cls.data.name}” was deleted`, description: 'With its members, assignments, runs and alerts.', tone: 'success' });
            void navigate(TEACHER_PORTAL, { replace: true });
          }}
        />
      </>
    </>
  );
}

/** /teacher-portal/class/:classId — one class: roster, assignments, live view, alerts, settings. */
export function Component() {
  const { classId = '' } = useParams();
  return (
    <TeachersOnly what="the class">
      <div className="teacher-page">
        <TeacherClass key={classId} classId={classId} />
      </div>
    </TeachersOnly>
  );
}
