import { useSchoolInfo } from '@appforge/sdk/react';
import { Navigate } from 'react-router';
import { LoadProblem, Loading } from '../components/LoadProblem';
import { MY_CLASSES, TEACHER_PORTAL } from '../lib/paths';

/** /classes — the sidebar's "Classes": a teacher goes to the teacher portal, anyone else to My classes. */
export function Component() {
  const info = useSchoolInfo();
  if (info.isPending) return <div className="teacher-page"><Loading what="your classes" /></div>;
  if (info.isError) {
    return (
      <div className="teacher-page">
        <LoadProblem headingLevel={1} title="Your classes could not be loaded" error={info.error} onRetry={() => void info.refetch()} />
      </div>
    );
  }
  return <Navigate to={info.data.isTeacher ? TEACHER_PORTAL : MY_CLASSES} replace />;
}
