import { messageOf } from '@appforge/sdk';
import { useJoinClass, useLeaveClass, useMyClasses } from '@appforge/sdk/react';
import { Card, LoadError, PageHeader, PageTitle, useToast } from '@appforge/ui';
import { JoinClassForm } from '../components/JoinClassForm';
import { Loading } from '../components/Loading';
import { MyClassesList } from '../components/MyClassesList';

/** /my-classes — a student's classes with their assignments; join with a code; leave. */
export function Component() {
  const classes = useMyClasses();
  const join = useJoinClass();
  const leave = useLeaveClass();
  const { toast } = useToast();
  const tabTitle = <PageTitle title="My classes" />;
  return (
    <>
      {tabTitle}
      <div className="teacher-page">
        <PageHeader title="My classes" description="The apps your teachers assigned, with their due dates." />
        <Card title="Join a class" headingLevel={2} description="Type the code your teacher gave you, or open the join link they shared.">
          <JoinClassForm
            onJoin={async (code) => {
              const joined = await join.mutateAsync({ code });
              toast({ title: joined.alreadyMember ? `You are already in “${joined.className}”` : `You joined “${joined.className}”`, tone: 'success' });
            }}
          />
        </Card>
        {classes.isPending ? (
          <Loading what="your classes" />
        ) : classes.isError ? (
          <LoadError what="Your classes" message={messageOf(classes.error)} onRetry={() => void classes.refetch()} retrying={classes.isFetching} />
        ) : (
          <MyClassesList
            classes={classes.data}
            onLeave={async (classId) => {
              const name = classes.data.find((cls) => cls.id === classId)?.name ?? 'the class';
              await leave.mutateAsync(classId);
              toast({ title: `You left “${name}”`, tone: 'success' });
            }}
          />
        )}
      </div>
    </>
  );
}
