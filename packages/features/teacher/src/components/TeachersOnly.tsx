import { messageOf } from '@appforge/sdk';
import { LoadError } from '@appforge/ui';
import { useSchoolInfo, useSession } from '@appforge/sdk/react';
import type { ReactNode } from 'react';
import { Loading } from './Loading';
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
        <LoadError headingLevel={1} what="The teacher portal" title="The teacher portal could not be opened" message={messageOf(info.error)} onRetry={() => void info.refetch()} retrying={info.isFetching} />
      </div>
    );
  }
  if (!info.data.isTeacher) return <NotATeacher email={session.session?.user.email ?? null} />;
  return children;
}
