import { Button } from '@appforge/ui';
import { Link } from 'react-router';
import { useSaveRunAsTest } from '../data/use-save-run-as-test-mutation';
import { settingsPaths } from '../lib/paths';

/** Keeps a finished run as a test case of the app (its inputs, its output as the reference), then links to the app's tests. */
export function SaveAsTest({ runId, appId }: { runId: string; appId: string }) {
  const save = useSaveRunAsTest();
  if (save.data) {
    return (
      <p className="settings-note" role="status">
        Saved as the test case “{save.data.name}”. <Link to={settingsPaths(appId).tests}>Open the app’s tests</Link>
      </p>
    );
  }
  return (
    <div className="settings-save-as-test">
      <Button variant="secondary" size="sm" loading={save.isPending} onClick={() => save.mutate(runId)}>
        Save as test
      </Button>
      {save.error ? (
        <p role="alert" className="bc-error">
          {save.error.message}
        </p>
      ) : null}
    </div>
  );
}
