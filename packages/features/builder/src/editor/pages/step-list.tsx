import type { Step } from '@appforge/engine';
import { useApi, useDatabase, useMyApis } from '@appforge/sdk/react';
import { EmptyState } from '@appforge/ui';
import { useNavigate } from 'react-router';
import { ProblemList } from '../components/ProblemList';
import { StepList } from '../components/StepList';
import type { DatabaseChoice, NewStepKind } from '../components/StepList';
import { createApiStep } from '../lib/api-steps';
import { createDatabaseStep } from '../lib/database-steps';
import { apiCheckWords, editorPaths, useEditor } from '../lib/editor-context';
import { createStep, insertStep, moveStep } from '../lib/spec-ops';

/** `/create-app/:appId/:versionId` — the version's steps in order, with the engine's checks. */
export function Component() {
  const { appId, versionId, app, spec, problems, apiCheck, frozen, edit } = useEditor();
  const navigate = useNavigate();
  const database = useDatabase(app.database_id);
  const firstTable = database.data?.tables[0];
  const databaseChoice: DatabaseChoice =
    app.database_id === null
      ? { state: 'missing', href: editorPaths.database(appId, versionId), label: 'Database: link one first' }
      : database.isPending
        ? { state: 'loading' }
        : database.isError
          ? { state: 'missing', href: editorPaths.database(appId, versionId), label: 'Database: see the app’s database' }
          : firstTable === undefined
          ? { state: 'missing', href: editorPaths.database(appId, versionId), label: 'Database: it needs a table first' }
          : { state: 'ready' };
  // An api step starts on the first endpoint of the creator's first API that has one.
  const apis = useMyApis();
  const firstApi = useApi(apis.data?.find((candidate) => candidate.endpoint_count > 0)?.id);
  const firstEndpoint = firstApi.data?.endpoints[0];
  const apiChoice: DatabaseChoice =
    apis.isPending || (apis.data?.some((candidate) => candidate.endpoint_count > 0) === true && firstApi.isPending)
      ? { state: 'loading' }
      : firstApi.data && firstEndpoint
        ? { state: 'ready' }
        : { state: 'missing', href: '/list-apis', label: 'API: connect one first' };
  const add = (index: number, kind: NewStepKind) => {
    let step: Step;
    if (kind === 'api') {
      if (!firstApi.data || !firstEndpoint) return;
      step = createApiStep(spec, firstApi.data, firstEndpoint);
    } else if (kind === 'database') {
      if (app.database_id === null || firstTable === undefined) return;
      step = createDatabaseStep(spec, app.database_id, firstTable);
    } else {
      step = createStep(spec, kind);
    }
    edit((current) => insertStep(current, index, step));
    void navigate(editorPaths.step(appId, versionId, step.id));
  };
  return (
    <div className="editor-layout">
      <section className="editor-layout__main" aria-labelledby="editor-steps-heading">
        <h2 id="editor-steps-heading" className="editor-section-title">
          Steps
        </h2>
        {spec.steps.length === 0 ? (
          <EmptyState
            headingLevel={3}
            title="No steps yet"
            description="An app runs its steps from top to bottom. Start with a step that asks the visitor something, then an AI step that uses the answer, then a step that shows the result."
          />
        ) : (
          <p className="editor-hint">
            Drag a step by its handle to reorder, or focus the handle and use Space and the arrow keys. The app starts at the step marked “Start”.
          </p>
        )}
        <StepList
          spec={spec}
          problems={problems}
          readOnly={frozen}
          stepHref={(stepId) => editorPaths.step(appId, versionId, stepId)}
          nextHref={(stepId) => editorPaths.nextStep(appId, versionId, stepId)}
          deleteHref={(stepId) => editorPaths.deleteStep(appId, versionId, stepId)}
          onMove={(from, to) => edit((current) => moveStep(current, from, to))}
          onAdd={add}
          database={databaseChoice}
          api={apiChoice}
        />
      </section>
      <aside className="editor-layout__side">
        <ProblemList problems={problems} stepHref={(stepId) => editorPaths.step(appId, versionId, stepId)} incomplete={apiCheckWords(apiCheck)} />
      </aside>
    </div>
  );
}
