import { Button, EmptyState } from '@appforge/ui';
import { Link } from 'react-router';

/**
 * An unknown app, a malformed address or someone else's app all look the same: nothing about an
 * app that is not yours is revealed.
 */
export function AppMissing() {
  return (
    <div className="aib-page aib-page--narrow">
      <EmptyState
        headingLevel={1}
        title="App not found"
        description="This app does not exist or is not yours. Check the address, or open one of your apps."
        action={
          <Button asChild>
            <Link to="/">Go to your apps</Link>
          </Button>
        }
      />
    </div>
  );
}
