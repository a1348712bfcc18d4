import { diffSpecs, hasErrors, isSameSpec, summariseDiff } from '@appforge/engine';
import type { FieldChange, Problem, SpecDiff } from '@appforge/engine';
import { deployReasonSchema, DEPLOY_REASON_MAX, isNotFound, messageOf } from '@appforge/sdk';
import type { AppDetail, AppVersionRow, AppforgeError, DeployGateCase } from '@appforge/sdk';
import { useApp, useDeployApp, useVersion } from '@appforge/sdk/react';
import { Badge, Button, CopyButton, LoadError, PageTitle, TextArea } from '@appforge/ui';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { FlowPage } from '../components/FlowPage';
import { ProblemList } from '../components/ProblemList';
import { Skeleton } from '../components/Skeleton';
import { useLiveOutputs, useTestCaseCount } from '../data/use-deploy-gate';
import { useGateProgress } from '../data/use-gate-progress';
import type { LiveOutputs } from '../data/use-deploy-gate';
import { useSpecProblems } from '../data/use-spec-problems';
import { readBackup } from '../lib/autosave';
import { apiCheckWords, editorPaths } from '../lib/editor-context';

const VISIBILITY_WORDS: Record<AppDetail['visibility'], string> = {
  public: 'Anyone can find and open it.',
  unlisted: 'Anyone with the link can open it.',
  signed_in: 'People who are signed in can open it.',
  allowed_users: 'Only the people you allow can open it.',
};

function problemsOf(error: unknown): Problem[] {
  const details = (error as { details?: { problems?: unknown } } | null)?.details;
  const list = details?.problems;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => {
    if (typeof item !== 'object' || item === null) return [];
    const { message, stepId, field, code } = item as Record<string, unknown>;
    if (typeof message !== 'string') return [];
    return [{ message, field: typeof field === 'string' ? field : '', code: (typeof code === 'string' ? code : 'invalid_spec') as Problem['code'], severity: 'error' as const, ...(typeof stepId === 'string' ? { stepId } : {}) }];
  });
}

/** The publish gate's refusal (`tests_failed`): the cases that block, and those that only warn. */
function gateRefusalOf(error: AppforgeError | null): { failing: DeployGateCase[]; warnings: DeployGateCase[] } | null {
  if (error?.code !== 'tests_failed') return null;
  const details = (error.details ?? {}) as { failing?: unknown; warnings?: unknown };
  const cases = (list: unknown): DeployGateCase[] =>
    Array.isArray(list)
      ? list.filter((item): item is DeployGateCase => typeof item === 'object' && item !== null && typeof (item as DeployGateCase).name === 'string')
      : [];
  return { failing: cases(details.failing), warnings: cases(details.warnings) };
}

function unsavedHere(versionId: string): boolean {
  try {
    return readBackup(window.localStorage, versionId) !== null;
  } catch {
    return false;
  }
}

/**
 * `/create-app-deploy/:appId/:versionId` — checks the version, says what changes for visitors
 * compared with the deployed version, deploys it, and then shows the public links.
 */
export function Component() {
  const { appId = '', versionId = '' } = useParams();
  const app = useApp(appId);
  const version = useVersion(versionId);
  const deployedId = app.data?.deployed_version_id ?? null;
  const deployed = useVersion(deployedId && deployedId !== versionId ? deployedId : null);

  const tabTitle = <PageTitle title="Deploy" />;

  let body;
  if (app.isPending || version.isPending) body = <Skeleton label="Checking the version" rows={4} />;
  else if (app.isError || version.isError)
    body = (
      <LoadError
        what="This version"
        message={messageOf(app.error ?? version.error)}
        notFound={isNotFound(app.error ?? version.error)}
        onRetry={() => {
          void app.refetch();
          void version.refetch();
        }}
      />
    );
  else if (version.data.app_id !== appId) body = <LoadError what="This version" title="This version belongs to another app" notFound />;
  else body = <DeployBody app={app.data} version={version.data} deployed={deployed.data ?? null} deployedLoading={deployed.isLoading} />;

  return (
    <>
      {tabTitle}
      <FlowPage appId={appId} appName={app.data?.name} title="Deploy">
        {body}
      </FlowPage>
    </>
  );
}

function DeployBody({ app, version, deployed, deployedLoading }: { app: AppDetail; version: AppVersionRow; deployed: AppVersionRow | null; deployedLoading: boolean }) {
  const deploy = useDeployApp();
  const caseCount = useTestCaseCount(app.id);
  const hasCases = (caseCount.data ?? 0) > 0;
  const progress = useGateProgress(app.id, version.id, deploy.isPending && hasCases);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const { problems, apiCheck } = useSpecProblems(version.spec);
  const deployError = deploy.isError ? deploy.error : null;
  const gate = gateRefusalOf(deployError);
  const live = useLiveOutputs(app.id, app.deployed_version_id, gate !== null);
  const blocked = hasErrors(problems);
  const isLive = app.deployed_version_id === version.id;
  const pendingEdits = !version.frozen && unsavedHere(version.id);
  const done = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (deploy.isSuccess) done.current?.focus();
  }, [deploy.isSuccess]);

  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const links = (
    <ul className="editor-links">
      {[
        { label: 'App', path: editorPaths.deployedApp(app.id) },
        { label: 'Landing page', path: editorPaths.landingPage(app.id) },
      ].map((link) => (
        <li key={link.path} className="editor-links__item">
          <span className="editor-links__label">{link.label}</span>
          <a href={link.path} target="_blank" rel="noreferrer" className="editor-links__url">
            {`${origin}${link.path}`}
          </a>
          <CopyButton size="sm" variant="secondary" text={`${origin}${link.path}`} label={`Copy the ${link.label.toLowerCase()} link`} />
        </li>
      ))}
    </ul>
  );

  if (deploy.isSuccess || isLive) {
    return (
      <div className="editor-confirm">
        <h2 ref={done} tabIndex={-1} className="editor-section-title">
          {deploy.isSuccess ? `Version ${version.number} is live` : `Version ${version.number} is what visitors see`}
        </h2>
        <p>
          {VISIBILITY_WORDS[app.visibility]}{' '}
          <Link to={`/app-details/${app.id}`}>Change who can open it</Link>.
        </p>
        {deploy.data?.overridden ? (
          <p className="editor-notice" role="note">
            Deployed although must-pass test cases fail. Your reason is kept with the version in its history.
          </p>
        ) : null}
        {deploy.data && deploy.data.warnings.length > 0 ? <GateCases title="Warn-only cases that did not pass" cases={deploy.data.warnings} live={null} versionNumber={version.number} /> : null}
        {links}
        <p className="editor-hint">
          This version is now frozen. To change the app, <Link to={editorPaths.changeVersion(app.id, version.id)}>edit a copy of it</Link>.
        </p>
      </div>
    );
  }

  const refused = problemsOf(deployError);

  function deployAnyway(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = deployReasonSchema.safeParse(reason);
    if (!checked.success) {
      setReasonError(checked.error.issues[0]?.message ?? 'Write why you deploy although tests fail.');
      return;
    }
    setReasonError(null);
    deploy.mutate({ appId: app.id, versionId: version.id, overrideReason: checked.data });
  }

  return (
    <div className="editor-layout">
      <section className="editor-layout__main" aria-labelledby="deploy-heading">
        <h2 id="deploy-heading" className="editor-section-title">
          Deploy version {version.number}{' '}
          {version.frozen ? <Badge tone="neutral">Frozen</Badge> : <Badge tone="brand">Draft</Badge>}
        </h2>
        <p>
          Deploying makes this version what visitors run at the app’s public link. The version is then frozen: later edits go into a new draft, so
          nobody’s run changes halfway.
        </p>
        {pendingEdits ? (
          <p className="editor-notice" role="note">
            This browser has edits to this version that were not saved yet.{' '}
            <Link to={editorPaths.version(app.id, version.id)}>Open the editor to save them</Link> before deploying, or they will not be part of it.
          </p>
        ) : null}
        <h3 className="editor-subtitle">What changes for visitors</h3>
        {deployedLoading ? (
          <Skeleton label="Comparing with the deployed version" rows={2} />
        ) : deployed ? (
          <ChangeSummary diff={diffSpecs(deployed.spec, version.spec)} deployedNumber={deployed.number} />
        ) : (
          <p>Nothing is deployed yet: after this, visitors can open the app for the first time.</p>
        )}
        {caseCount.data === 0 ? (
          <p className="editor-hint">
            Deploy checks nothing beyond the steps yet. <Link to={`/app-tests/${app.id}`}>Add test cases…</Link> and Deploy runs them first, so a
            broken version never reaches visitors.
          </p>
        ) : null}
        {deploy.isPending && hasCases ? (
          <p role="status" className="editor-hint">
            {progress.data
              ? `Running the test cases on version ${version.number}: ${progress.data.done} of ${progress.data.total} done.`
              : `Running the ${caseCount.data ?? ''} test cases on version ${version.number}…`}
          </p>
        ) : null}
        {deployError && gate === null ? (
          <div role="alert" className="editor-inline-error">
            <p>Not deployed: {deployError.message}</p>
            {refused.length > 0 ? <ProblemList problems={refused} title="The server found" stepHref={(stepId) => editorPaths.step(app.id, version.id, stepId)} /> : null}
          </div>
        ) : null}
        {deployError && gate ? (
          <>
            <div role="alert" className="editor-inline-error">
              <p>{deployError.message}</p>
            </div>
            <GateCases title="Must-pass cases that fail" cases={gate.failing} live={live.data ?? null} versionNumber={version.number} />
            {gate.warnings.length > 0 ? <GateCases title="Warn-only cases that did not pass" cases={gate.warnings} live={live.data ?? null} versionNumber={version.number} /> : null}
            <p className="editor-hint">
              <Link to={`/app-tests/${app.id}`}>Open the app’s tests</Link> to see every result, or fix the steps and deploy again.
            </p>
            <form className="editor-form editor-gate-form" onSubmit={deployAnyway} noValidate aria-label="Deploy anyway">
              <TextArea
                label="Why deploy anyway?"
                hint={`Kept with version ${version.number} in its history; only you can read it. At most ${DEPLOY_REASON_MAX} characters.`}
                value={reason}
                maxLength={DEPLOY_REASON_MAX}
                required
                error={reasonError ?? undefined}
                onChange={(event) => setReason(event.target.value)}
              />
              <Button type="submit" variant="danger" loading={deploy.isPending}>
                Deploy anyway
              </Button>
            </form>
          </>
        ) : null}
        <div className="editor-confirm__actions">
          <Button disabled={blocked} loading={deploy.isPending} onClick={() => deploy.mutate({ appId: app.id, versionId: version.id })}>
            Deploy version {version.number}
          </Button>
          <Link className="af-button af-button--secondary af-button--md" to={editorPaths.version(app.id, version.id)}>
            Back to the steps
          </Link>
        </div>
        {blocked ? <p className="editor-hint">Fix the errors first: an app with errors cannot run.</p> : null}
      </section>
      <aside className="editor-layout__side">
        <ProblemList
          problems={problems}
          stepHref={(stepId) => editorPaths.step(app.id, version.id, stepId)}
          emptyText="No problems: ready to deploy."
          incomplete={apiCheckWords(apiCheck)}
        />
      </aside>
    </div>
  );
}

/** A step's changed fields in words: "the prompt", "its id (was “ask”)". */
function whatChanged(fields: readonly FieldChange[]): string {
  return fields
    .map((field) => {
      if (field.key === 'id') return `its id (was “${field.before ?? ''}”)`;
      if (field.key === 'title') return `the title (was “${field.before ?? ''}”)`;
      if (field.key === 'position') return 'its place in the order';
      return `the ${field.label.charAt(0).toLowerCase()}${field.label.slice(1)}`;
    })
    .join(', ');
}

/** The same diff, and the same one-line summary, as "Compare" in the AI builder. */
function ChangeSummary({ diff, deployedNumber }: { diff: SpecDiff; deployedNumber: number }) {
  if (isSameSpec(diff)) return <p>The steps are the same as in version {deployedNumber}, which visitors use now.</p>;
  return (
    <>
      <p>{summariseDiff(diff)}</p>
      <ul className="editor-changes" aria-label={`Changes since version ${deployedNumber}`}>
        {diff.steps.map((change) => (
          <li key={`${change.type}-${change.stepId}`}>
            {change.type === 'added' ? (
              <>
                <Badge tone="success">New</Badge> “{change.title}”
              </>
            ) : change.type === 'removed' ? (
              <>
                <Badge tone="danger">Removed</Badge> “{change.title}”
              </>
            ) : (
              <>
                <Badge tone="warning">Changed</Badge> “{change.title}”: {whatChanged(change.fields)}
              </>
            )}
          </li>
        ))}
        {diff.app.map((field) => (
          <li key={`app-${field.key}`}>
            {field.label}: {field.before ?? 'not set'} → {field.after ?? 'not set'}
          </li>
        ))}
      </ul>
    </>
  );
}

/** Cases that did not pass: why, and this version's output beside the live version's for the same case. */
function GateCases({ title, cases, live, versionNumber }: { title: string; cases: readonly DeployGateCase[]; live: LiveOutputs | null; versionNumber: number }) {
  return (
    <section aria-label={title}>
      <h3 className="editor-subtitle">{title}</h3>
      <ul className="editor-gate-cases">
        {cases.map((item) => {
          const liveOutput = live?.outputs.get(item.case_id);
          const liveCaption = live?.versionNumber ? `Live version ${live.versionNumber}` : 'Live version';
          return (
            <li key={item.case_id} aria-label={item.name} className="editor-gate-case">
              <p>
                <strong>{item.name}</strong> <Badge tone={item.mode === 'warn_only' ? 'warning' : 'danger'}>{item.status === 'needs_update' ? 'Needs update' : item.status === 'error' ? 'Could not run' : 'Failed'}</Badge>
              </p>
              {item.reason ? <p>{item.reason}</p> : null}
              <div className="editor-gate-diff">
                <figure aria-label={`Version ${versionNumber}`}>
                  <figcaption>Version {versionNumber}</figcaption>
                  {/* Outputs are shown as text, never as HTML. */}
                  <pre>{item.output ?? 'No output.'}</pre>
                </figure>
                <figure aria-label={liveCaption}>
                  <figcaption>{liveCaption}</figcaption>
                  <pre>{liveOutput ?? (live ? 'This case has no result on the live version yet.' : 'The live version has no finished test run to compare with.')}</pre>
                </figure>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
