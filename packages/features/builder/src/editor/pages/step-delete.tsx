import { END } from '@appforge/engine';
import { Button, EmptyState, PageTitle } from '@appforge/ui';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { editorPaths, useEditor } from '../lib/editor-context';
import { dependantsOf, findStep, indexOfStep, removeStep } from '../lib/spec-ops';

/**
 * `/create-app/:appId/:versionId/:stepId/delete` — confirms deleting a step, naming what depends
 * on it: the steps that lead to it (they are joined to what follows it) and the variables it sets
 * that later steps use (those steps will show an error until fixed).
 */
export function Component() {
  const { stepId = '' } = useParams();
  const { app, appId, versionId, spec, frozen, edit } = useEditor();
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  const step = findStep(spec, stepId);

  // Focus goes to the question, so a screen reader starts there.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  const tabTitle = <PageTitle title="Delete step" />;

  const back = editorPaths.step(appId, versionId, stepId);
  if (!step) {
    return (
      <>
        {tabTitle}
        <EmptyState
          title="This step is already gone"
          action={
            <Link className="af-button af-button--primary af-button--md" to={editorPaths.version(appId, versionId)}>
              Back to the steps
            </Link>
          }
        />
      </>
    );
  }
  if (frozen) {
    return (
      <>
        {tabTitle}
        <EmptyState
          title="Steps of a deployed version cannot be deleted"
          description={
            app.deployed_version_id === versionId
              ? 'Make an editable draft first: use “Make changes” above.'
              : 'Make an editable copy first: use “Edit a copy of this version” above.'
          }
          action={
            <Link className="af-button af-button--secondary af-button--md" to={editorPaths.version(appId, versionId)}>
              Back to the steps
            </Link>
          }
        />
      </>
    );
  }

  const deps = dependantsOf(spec, stepId);
  const index = indexOfStep(spec, stepId);
  const stepNext = step.next;
  const successor =
    stepNext.type === 'end' ? END : stepNext.type === 'step' ? (stepNext.stepId ?? spec.steps[index + 1]?.id ?? END) : null;
  const successorName = successor === null ? null : successor === END ? 'the end of the app' : `“${findStep(spec, successor)?.title ?? successor}”`;
  const explicitIncoming = deps.incoming.filter((edge) => !edge.implicit);
  const usedVariables = [...new Set(deps.variableUses.map((use) => use.name))];

  const confirm = () => {
    edit((current) => removeStep(current, stepId).spec);
    void navigate(editorPaths.version(appId, versionId), { replace: true });
  };

  return (
    <>
      {tabTitle}
      <section className="editor-confirm" aria-labelledby="delete-heading">
        <h2 id="delete-heading" ref={heading} tabIndex={-1} className="editor-section-title">
          Delete “{step.title}”?
        </h2>
        {deps.incoming.length === 0 && deps.variableUses.length === 0 && !deps.isEntry ? (
          <p>No other step depends on this step.</p>
        ) : (
          <ul className="editor-confirm__list">
            {deps.isEntry ? (
              <li>
                The app starts with this step. It will start with{' '}
                {successor && successor !== END ? `“${findStep(spec, successor)?.title ?? successor}”` : `“${spec.steps.find((s) => s.id !== stepId)?.title ?? 'no step'}”`} instead.
              </li>
            ) : null}
            {deps.incoming.length > 0 ? (
              <li>
                {deps.incoming.length === 1 ? 'This step leads here: ' : 'These steps lead here: '}
                {[...new Set(deps.incoming.map((edge) => `“${edge.title}”`))].join(', ')}.{' '}
                {successorName
                  ? `They will go to ${successorName} instead.`
                  : explicitIncoming.length > 0
                    ? 'This step branches, so you will choose a new next step for them (they show an error until then).'
                    : 'They will continue to the step listed after it.'}
              </li>
            ) : null}
            {usedVariables.length > 0 ? (
              <li>
                It sets {usedVariables.map((name) => `{{${name}}}`).join(', ')}, used by{' '}
                {[...new Set(deps.variableUses.map((use) => `“${use.title}”`))].join(', ')}. Those steps will show an error until you change them.
              </li>
            ) : null}
          </ul>
        )}
        <div className="editor-confirm__actions">
          <Button variant="danger" onClick={confirm}>
            Delete step
          </Button>
          <Link className="af-button af-button--secondary af-button--md" to={back}>
            Cancel
          </Link>
        </div>
      </section>
    </>
  );
}
