import { messageOf } from '@appforge/sdk';
import { useJoinClass } from '@appforge/sdk/react';
import { Button, Card, PageHeader, PageTitle, useToast } from '@appforge/ui';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { JoinClassForm } from '../components/JoinClassForm';
import { Loading } from '../components/Loading';
import { MY_CLASSES } from '../lib/paths';
import { joinCodeSchema } from '../lib/schemas';

/** /join/:code — joins the class from a shared link, then shows My classes. */
export function Component() {
  const { code = '' } = useParams();
  const join = useJoinClass();
  const navigate = useNavigate();
  const { toast } = useToast();
  const parsed = joinCodeSchema.safeParse(code);
  const tried = useRef<string | null>(null);

  const tabTitle = <PageTitle title="Join a class" />;

  const joinWith = async (value: string) => {
    const joined = await join.mutateAsync({ code: value });
    toast({ title: joined.alreadyMember ? `You are already in “${joined.className}”` : `You joined “${joined.className}”`, tone: 'success' });
    void navigate(MY_CLASSES, { replace: true });
  };

  // Once per code (React's StrictMode runs effects twice; every try counts against the rate limit).
  useEffect(() => {
    if (!parsed.success || tried.current === parsed.data) return;
    tried.current = parsed.data;
    joinWith(parsed.data).catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- joins when the code changes, not when the mutation object does
  }, [parsed.success, parsed.data]);

  const failure = !parsed.success ? (parsed.error.issues[0]?.message ?? 'This join link is not valid.') : join.isError ? messageOf(join.error) : null;

  return (
    <>
      {tabTitle}
      <div className="teacher-page">
        <PageHeader title="Join a class" />
        {failure === null ? (
          <Loading what="the class" />
        ) : (
          <Card title="This link did not work" headingLevel={2}>
            <div className="teacher-stack">
              <p role="alert" className="teacher-error">
                {failure}
              </p>
              <p className="teacher-muted">Check the code with your teacher and type it here.</p>
              <JoinClassForm onJoin={joinWith} />
              <div className="teacher-actions teacher-actions--start">
                <Button asChild variant="secondary">
                  <Link to={MY_CLASSES}>Go to My classes</Link>
                </Button>
              </div>
            </div>
          </Card>
        )}
      </div>
    </>
  );
}
