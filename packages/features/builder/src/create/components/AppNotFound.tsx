import { Button, EmptyState } from '@appforge/ui';
import { Link } from 'react-router';

/** Shown for an app that does not exist or belongs to someone else: the two look the same. */
export function AppNotFound() {
  return (
    <div className="bc-page bc-page--narrow">
      <EmptyState
        headingLevel={1}
        title="App not found"
        description="There is no app at this address that you can edit. It may have been deleted, or it belongs to another account."
        action={
          <div className="bc-actions">
            <Button asChild>
              <Link to="/">Your apps</Link>
            </Button>
            <Button asChild variant="secondary">
              <Link to="/create-new-app">Create an app</Link>
            </Button>
          </div>
        }
      />
    </div>
  );
}
