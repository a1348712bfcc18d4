import { isNotFound, messageOf } from '@appforge/sdk';
import { LoadError } from '@appforge/ui';
import { Link } from 'react-router';

/** An API's page whose API could not be read (the view and the edit page): why, Try again, the way back. */
export function ApiLoadError({ query }: { query: { error: unknown; isFetching: boolean; refetch: () => unknown } }) {
  return (
    <div className="apis-error">
      <LoadError
        what="This API"
        title="This API could not be opened"
        message={messageOf(query.error)}
        notFound={isNotFound(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        headingLevel={1}
      />
      <Link to="/list-apis">Back to your APIs</Link>
    </div>
  );
}
