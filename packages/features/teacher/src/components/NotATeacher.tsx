import { Button, Card, CopyButton, EmptyState, TextArea } from '@appforge/ui';
import { Link } from 'react-router';
import { MY_CLASSES } from '../lib/paths';

/** What a would-be teacher sends to whoever runs Appforge for their school. */
export function teacherRequest(email: string): string {
  return `Please add ${email} as a teacher on Appforge (or add our school’s e-mail domain for teachers), so I can create classes in the teacher portal.`;
}

/**
 * What a student or anyone else sees at /teacher-portal. Teachers are listed by an operator (by
 * e-mail) or come from a school e-mail domain (apps/backend/README.md "Classrooms"): there is no
 * self-service, so a would-be teacher gets the two ways in and a request ready to send (issue 27).
 */
export function NotATeacher({ email = null }: { email?: string | null }) {
  return (
    <div className="teacher-page teacher-stack">
      <EmptyState
        headingLevel={1}
        title="Only teachers can open the teacher portal"
        description="If you are a student, your classes are in My classes."
        action={
          <Button asChild>
            <Link to={MY_CLASSES}>Go to My classes</Link>
          </Button>
        }
      />
      <Card title="Are you a teacher?" headingLevel={2}>
          <div className="teacher-stack">
            <p>
              Teachers get in in one of two ways: sign in with your school e-mail address (when your school has set its domain up), or ask the person
              who runs Appforge for your school — your IT department or school administrator — to add{' '}
              {email !== null ? <strong>{email}</strong> : 'your e-mail address'} as a teacher. Once they have, reload this page.
            </p>
            {email !== null ? (
              <>
                <TextArea label="Request to send" value={teacherRequest(email)} readOnly rows={3} />
                <div className="teacher-actions teacher-actions--start">
                  <CopyButton text={teacherRequest(email)} label="Copy the request" />
                </div>
              </>
            ) : null}
          </div>
      </Card>
    </div>
  );
}
