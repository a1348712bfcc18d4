import { useSchoolInfo, useSession } from '@appforge/sdk/react';
import type { ReactNode } from 'react';
import { LoadProblem, Loading } from './LoadProblem';
import { NotATeacher } from './NotATeacher';

/**
 * The teacher portal's gate: its pages show only to a teacher (get-user-school-info); anyone else
 * is told who may open it. The server refuses them too (row-level security), this says it in words.
 */
export function TeachersOnly({ what, children }: { what: string; children: ReactNode }) {
  const info = useSchoolInfo();
  const session = useSession();
  if (info.isPending) {
    return (
      <div className="teacher-page">
        <Loading what={what} />
      </div>
    );
  }
  if (info.isError) {
    return (
      <div className="teacher-page">
        <LoadProblem headingLevel={1} title="The teacher portal could not be opened" error={info.error} onRetry={() => void info.refetch()} />
      </div>
    );
  }
  if (!info.data.isTeacher) return <NotATeacher email={session.session?.user.email ?? null} />;
  return children;
}
