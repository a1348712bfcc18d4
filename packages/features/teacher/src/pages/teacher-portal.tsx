import { messageOf } from '@appforge/sdk';
import { useCreateClass, useTeacherClasses, useUpdateClass } from '@appforge/sdk/react';
import { LoadError, PageHeader, PageTitle } from '@appforge/ui';
import { useNavigate } from 'react-router';
import { ClassesList } from '../components/ClassesList';
import { Loading } from '../components/Loading';
import { TeachersOnly } from '../components/TeachersOnly';
import { classPath } from '../lib/paths';

function TeacherClasses() {
  const classes = useTeacherClasses();
  const create = useCreateClass();
  const update = useUpdateClass();
  const navigate = useNavigate();
  if (classes.isPending) return <Loading what="your classes" />;
  if (classes.isError) return <LoadError what="Your classes" message={messageOf(classes.error)} onRetry={() => void classes.refetch()} retrying={classes.isFetching} />;
  return (
    <ClassesList
      classes={classes.data}
      onCreate={async (input) => {
        const created = await create.mutateAsync(input);
        void navigate(classPath(created.id));
      }}
      onArchive={(classId, archived) => update.mutateAsync({ classId, patch: { archived } })}
    />
  );
}

/** /teacher-portal — a teacher's classes; anyone else is told who may open it. */
export function Component() {
  const tabTitle = <PageTitle title="Teacher portal" />;
  return (
    <>
      {tabTitle}
      <TeachersOnly what="the teacher portal">
        <div className="teacher-page">
          <PageHeader title="Teacher portal" description="Your classes: share a join code, assign apps, and watch your students' work as it happens." />
          <TeacherClasses />
        </div>
      </TeachersOnly>
    </>
  );
}
