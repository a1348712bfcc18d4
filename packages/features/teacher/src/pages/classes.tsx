import { messageOf } from '@appforge/sdk';
import { LoadError } from '@appforge/ui';
import { useSchoolInfo } from '@appforge/sdk/react';
import { Navigate } from 'react-router';
import { Loading } from '../components/Loading';
import { MY_CLASSES, TEACHER_PORTAL } from '../lib/paths';

/** /classes — the sidebar's "Classes": a teacher goes to the teacher portal, anyone else to My classes. */
export function Component() {
  const info = useSchoolInfo();
  if (info.isPending) return <div className="teacher-page"><Loading what="your classes" /></div>;
  if (info.isError) {
    return (
      <div className="teacher-page">
        <LoadError headingLevel={1} what="Your classes" message={messageOf(info.error)} onRetry={() => void info.refetch()} retrying={info.isFetching} />
      </div>
    );
  }
  return <Navigate to={info.data.isTeacher ? TEACHER_PORTAL : MY_CLASSES} replace />;
}
