import { Button, PageHeader, PageTitle } from '@appforge/ui';
import { Link, useLocation } from 'react-router';

export function Component() {
  const { pathname } = useLocation();

  const tabTitle = <PageTitle title="Page not found" />;

  return (
    <>
      {tabTitle}
      <div className="shell-page">
        <PageHeader
          title="Page not found"
          description={
            <>
              There is no page at <code>{pathname}</code>. Check the address, or start again from the home page.
            </>
          }
        />
        <div className="shell-actions">
          <Button asChild>
            <Link to="/">Go to the home page</Link>
          </Button>
        </div>
      </div>
    </>
  );
}
