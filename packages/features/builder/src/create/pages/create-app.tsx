import { hasErrors } from '@appforge/engine';
import type { AppSpec } from '@appforge/engine';
import { useApp, useDeployApp, useVersion } from '@appforge/sdk/react';
import { messageOf } from '@appforge/sdk';
import { Badge, LoadError, PageHeader, PageTitle } from '@appforge/ui';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { AppNotFound } from '../components/AppNotFound';
import { DeployPanel } from '../components/DeployPanel';
import { OverviewSkeleton } from '../components/OverviewSkeleton';
import { PreviewPanel } from '../components/PreviewPanel';
import { ProblemList } from '../components/ProblemList';
import { StepList } from '../components/StepList';
import { EditStepsButton } from '../../shared/components/EditStepsButton';
import { useSpecProblems } from '../../editor/data/use-spec-problems';
import { apiCheckWords } from '../../editor/lib/editor-context';
import { deployRefusalOf } from '../lib/deploy-refusal';
import { outlineSteps } from '../lib/step-outline';
import { isHiddenApp } from '../../ai-builder/lib/words';

const uuid = z.uuid();

function Loaded({ appId }: { appId: string }) {
  const app = useApp(appId);
  const versionId = app.data?.draft_version_id ?? app.data?.deployed_version_id ?? null;
  const version = useVersion(versionId);
  const deploy = useDeployApp();

  const tabTitle = <PageTitle title={app.data?.name} />;

  const spec: AppSpec | null = version.data?.spec ?? null;
  // The api steps are checked against the creator's APIs, as deploy-app does.
  const { problems, apiCheck } = useSpecProblems(spec);
  const outline = useMemo(() => (spec === null ? [] : outlineSteps(spec)), [spec]);
  const stepNames = useMemo(() => Object.fromEntries(outline.map((step) => [step.id, `${step.position}. ${step.title}`])), [outline]);
  const blocking = problems.filter((problem) => problem.severity === 'error');
  const problemCounts = useMemo(() => {
    const counts: Record<string, number> = {};
    for (const problem of blocking) if (problem.stepId !== undefined) counts[problem.stepId] = (counts[problem.stepId] ?? 0) + 1;
    return counts;
  }, [blocking]);

  if (app.isPending) {
    return (
      <>
        {tabTitle}
        <OverviewSkeleton />
      </>
    );
  }
  if (app.isError) {
    if (isHiddenApp(app.error)) {
      return (
        <>
          {tabTitle}
          <AppNotFound />
        </>
      );
    }
    return (
      <>
        {tabTitle}
        <div className="bc-page bc-page--narrow">
          <LoadError what="Your app" message={messageOf(app.error)} onRetry={() => void app.refetch()} retrying={app.isFetching} headingLevel={1} />
        </div>
      </>
    );
  }

  const detail = app.data;
  const deployedId = detail.deployed_version_id;
  const origin = window.location.origin;
  const links = deployedId === null ? null : { app: `${origin}/deployed-app/${detail.id}`, landing: `${origin}/landing-page/${detail.id}` };
  const refusal = deployRefusalOf(deploy.error);

  return (
    <>
      {tabTitle}
      <div className="bc-page">
        <PageHeader
          title={detail.name}
          description={detail.description ?? undefined}
          actions={deployedId !== null ? <Badge tone="success">Deployed</Badge> : <Badge tone="neutral">Not deployed yet</Badge>}
        />
        <nav className="bc-app-nav" aria-label={`Work on ${detail.name}`}>
          {versionId !== null ? (
            <>
              <EditStepsButton app={detail} />
              <Link className="af-button af-button--secondary af-button--sm" to={`/ai-builder/${detail.id}/${versionId}`}>
                Change with AI
              </Link>
            </>
          ) : null}
          <Link className="af-button af-button--ghost af-button--sm" to={`/app-settings/${detail.id}`}>
            Settings
          </Link>
          <Link className="af-button af-button--ghost af-button--sm" to={`/app-data/${detail.id}`}>
            Runs
          </Link>
        </nav>
        {versionId === null ? (
          <p className="bc-muted">This app has no version yet.</p>
        ) : version.isPending ? (
          <OverviewSkeleton />
        ) : version.isError ? (
          <LoadError what="The app’s steps" message={messageOf(version.error)} onRetry={() => void version.refetch()} retrying={version.isFetching} />
        ) : (
          <div className="bc-overview">
            <section className="bc-panel" aria-labelledby="bc-steps-title">
              <div className="bc-panel__head">
                <h2 id="bc-steps-title">Steps</h2>
                <span className="bc-muted">
                  Version {version.data.number}
                  {version.data.frozen ? ' · frozen' : ' · draft'}
                </span>
              </div>
              {version.data.source === 'template' && version.data.number === 1 ? (
                // Issue 27: without a configured model the offline catalogue picks the closest
                // template; the person must know their description was not followed word for word.
                <p className="bc-notice" role="note">
                  {`No AI model is set up here, so this app was started from a ready-made template instead of being written from your description. ${version.data.change_summary ?? ''} Change it in the AI builder or edit the steps below.`}
                </p>
              ) : null}
              <StepList steps={outline} problemCounts={problemCounts} />
              {hasErrors(problems) ? (
                <ProblemList
                  id="bc-live-problems"
                  title={`${blocking.length} ${blocking.length === 1 ? 'problem' : 'problems'} to fix before deploying`}
                  problems={problems}
                  stepNames={stepNames}
                />
              ) : (
                <>
                  <p className={apiCheck === 'ready' ? 'bc-ok' : 'bc-muted'} role="status">
                    {/* Issue 27: a deployed version is live, not "ready to deploy"; and nothing is "ready" before its API steps were checked. */}
                    {apiCheckWords(apiCheck) ??
                      (deployedId === version.data.id ? 'No problems found: this version is live.' : 'No problems found: this version is ready to deploy.')}
                  </p>
                  <ProblemList id="bc-live-warnings" title="Worth a look" problems={problems} stepNames={stepNames} />
                </>
              )}
            </section>
            <div className="bc-side">
              <PreviewPanel appId={detail.id} versionId={version.data.id} blockingCount={blocking.length} />
              <DeployPanel
                versionNumber={version.data.number}
                isLive={deployedId === version.data.id}
                blockingCount={blocking.length}
                pending={deploy.isPending}
                onDeploy={() => deploy.mutate({ appId: detail.id, versionId: version.data.id })}
                refusal={refusal}
                error={deploy.isError && refusal === null ? deploy.error.message : null}
                links={links}
                stepNames={stepNames}
              />
            </div>
          </div>
        )}
      </div>
    </>
  );
}

/** `/create-app/:appId` — the builder's overview of one of the signed-in person's apps. */
export function Component() {
  const { appId = '' } = useParams();
  const valid = uuid.safeParse(appId);
  if (!valid.success) return <AppNotFound />;
  return <Loaded key={valid.data} appId={valid.data} />;
}
