import { Button, EmptyState } from '@appforge/ui';
import { Link } from 'react-router';
import { MY_CLASSES } from '../lib/paths';

/** What a student or anyone else sees at /teacher-portal. */
export function NotATeacher() {
  return (
    <div className="teacher-page">
      <EmptyState
        headingLevel={1}
        title="Only teachers can open the teacher portal"
        description="Teachers are added by their school (or sign in with their school's e-mail address). If you are a student, your classes are in My classes."
        action={
          <Button asChild>
            <Link to={MY_CLASSES}>Go to My classes</Link>
          </Button>
        }
      />
    </div>
  );
}
