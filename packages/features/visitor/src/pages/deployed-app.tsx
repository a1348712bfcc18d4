import type { JsonValue } from '@appforge/engine';
import type { PublicApp } from '@appforge/sdk';
import { usePublicApp, useRunStream, useSession } from '@appforge/sdk/react';
import type { RunStreamState } from '@appforge/sdk/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { AppNotFound, AppNotFoundOrSignIn } from '../components/AppNotFound';
import { AppFrame } from '../components/AppFrame';
import { AppSkeleton } from '../components/AppSkeleton';
import { AppIntro, DeployedAppView } from '../components/DeployedAppView';
import { PaidAccess } from '../components/PaidAccess';
import { RunProblem } from '../components/RunProblem';
import { buildRunView, checkAnswers, IDLE_VIEW } from '@appforge/run-view';
import type { Draft, RunView } from '@appforge/run-view';
import { readDrafts, saveDrafts } from '../lib/drafts';
import { entryStepOf } from '../lib/entry-step';
import { clearPendingRun, readPendingRun, savePendingRun } from '../lib/run-resume';
import { deployedAppPath, isAppId, signInHref } from '../lib/sign-in-link';
import { useAppPaywall } from '../lib/use-app-paywall';
import { useDocumentTitle } from '../lib/use-document-title';
import { useEmbedResize } from '../lib/use-embed-resize';
import { getVisitorSession } from '../lib/visitor-session';

type LastAction =
  | { readonly kind: 'start'; readonly inputs: Record<string, JsonValue> }
  | { readonly kind: 'continue'; readonly inputs?: Record<string, JsonValue>; readonly choice?: number };

const NOT_FOUND_CODES: ReadonlySet<string> = new Set(['not_found', 'app_not_found', 'not_deployed', 'invalid_input']);

/**
 * `/deployed-app/:appId` — the deployed version of an app, run by anyone it is open to (no
 * sign-in needed to open the page; the app's visibility decides whether running it needs one).
 */
export function Component() {
  const { appId } = useParams();
  const validId = isAppId(appId) ? appId : null;
  // `?class=` (from My classes): the run is a class run, attributed to that class (issue 19).
  const [search] = useSearchParams();
  const classParam = search.get('class');
  const classId = classParam !== null && isAppId(classParam) ? classParam : null;
  const session = useSession();
  const query = usePublicApp(validId);
  const app = query.data;
  useDocumentTitle(app ? app.name : validId === null || query.isError ? 'App not found' : null);
  useEmbedResize();

  if (validId === null) return <AppNotFound />;
  const signIn = signInHref(validId, deployedAppPath(validId));
  if (session.status === 'loading' || query.isPending) return <AppSkeleton />;
  if (query.isError) {
    if (NOT_FOUND_CODES.has(query.error.code)) return <AppNotFoundOrSignIn appId={validId} signInHref={session.status === 'signed_out' ? signIn : undefined} />;
    return (
      <RunProblem
        problem={query.error}
        appName="This app"
        signInHref={signIn}
        onRetry={() => void query.refetch()}
       
      />
    );
  }
  if (!app?.deployed) return <AppNotFound />;
  // A class run is granted by the teacher's assignment: no paywall for it (issue 19).
  if (classId) return <DeployedApp key={app.id} app={app} spec={app.deployed.spec} signedIn={session.status === 'signed_in'} signInHref={signIn} classId={classId} />;
  return <PaidGate key={app.id} app={app} spec={app.deployed.spec} signedIn={session.status === 'signed_in'} signInHref={signIn} classId={null} />;
}

/**
 * A paid app (or one inside a paid bundle) shows its price and "Get access" to visitors without
 * access, instead of a form whose run would be refused; everyone else gets the app.
 */
function PaidGate(props: DeployedAppProps) {
  const paywall = useAppPaywall(props.app, deployedAppPath(props.app.id), props.signInHref);
  if (paywall.state === 'loading') return <AppSkeleton />;
  if (paywall.state === 'paywalled') {
    return (
      <AppFrame design={props.app.design}>
        <AppIntro app={props.app} offline={false} />
        <PaidAccess {...paywall.props} />
      </AppFrame>
    );
  }
  return <DeployedApp {...props} notice={paywall.justBought ? `Thank you — you have access to ${props.app.name} now.` : null} />;
}

interface DeployedAppProps {
  app: PublicApp;
  spec: NonNullable<PublicApp['deployed']>['spec'];
  signedIn: boolean;
  signInHref: string;
  /** The class this run is for, when opened from a class. */
  classId: string | null;
  notice?: string | null;
}

/**
 * What the stream shows, with a stopped run and a dismissed one told apart. "Start over" dismisses
 * the events shown so far (cancel keeps the same events array, so it is compared, not the state).
 */
function viewOf(
  state: RunStreamState,
  dismissed: RunStreamState['events'] | null,
): { view: RunView; requestError: { code: string; message: string } | null } {
  if (state.events === dismissed) return { view: IDLE_VIEW, requestError: null };
  const view = buildRunView(state.events);
  if (state.status === 'idle' && view.phase === 'streaming') {
    return { view: { ...view, phase: 'failed', failure: { code: 'cancelled', message: 'You stopped this run.' } }, requestError: null };
  }
  const requestError = state.status === 'failed' && view.phase !== 'failed' ? state.error : null;
  return { view, requestError };
}

function DeployedApp({ app, spec, signedIn, signInHref: signIn, classId, notice = null }: DeployedAppProps) {
  // Called as methods (stream.start(…)): the SDK declares them with method syntax.
  const stream = useRunStream();
  const entry = useMemo(() => entryStepOf(spec), [spec]);
  const [drafts, setDrafts] = useState<Record<string, Draft>>(() => readDrafts(app.id));
  const [pendingChoice, setPendingChoice] = useState<number | null>(null);
  const [dismissed, setDismissed] = useState<RunStreamState['events'] | null>(null);
  const [resumed, setResumed] = useState(false);
  const lastAction = useRef<LastAction | null>(null);

  const { view, requestError } = viewOf(stream.state, dismissed);
  const sending = stream.state.status === 'streaming';
  const signInRequired = !signedIn && (app.visibility === 'signed_in' || app.visibility === 'allowed_users');
  const visitorSession = useCallback(() => (signedIn ? {} : { visitorSession: getVisitorSession() }), [signedIn]);

  // A run waiting for the visitor survives a reload: continue it (the backend kept it). Runs on
  // mount only, and again after React's StrictMode remount (whose cleanup aborts the first try).
  const latest = useRef({ stream, visitorSession });
  useEffect(() => {
    latest.current = { stream, visitorSession };
  });
  useEffect(() => {
    if (signInRequired) return;
    const runId = readPendingRun(app.id);
    if (runId === null) return;
    setResumed(true);
    lastAction.current = { kind: 'continue' };
    void latest.current.stream.continue({ appId: app.id, runId, ...latest.current.visitorSession() });
  }, [app.id, signInRequired]);

  useEffect(() => {
    if ((view.phase === 'awaiting_input' || view.phase === 'choice_needed') && view.runId !== null) savePendingRun(app.id, view.runId);
    else if (view.phase === 'done' || view.phase === 'failed' || requestError !== null) clearPendingRun(app.id);
  }, [app.id, view.phase, view.runId, requestError]);

  const changeDraft = (stepId: string, draft: Draft) => {
    setDrafts((previous) => {
      const next = { ...previous, [stepId]: draft };
      saveDrafts(app.id, next);
      return next;
    });
  };

  const startRun = (inputs: Record<string, JsonValue>) => {
    lastAction.current = { kind: 'start', inputs };
    setResumed(false);
    setDismissed(null);
    clearPendingRun(app.id);
    void stream.start({ appId: app.id, inputs, ...visitorSession(), ...(classId === null ? {} : { classId }) });
  };

  const continueWith = (action: { inputs?: Record<string, JsonValue>; choice?: number }) => {
    lastAction.current = { kind: 'continue', ...action };
    if (view.runId === null) return;
    void stream.continue({ appId: app.id, runId: view.runId, ...action, ...visitorSession() });
  };

  const runAgain = () => {
    if (entry === null) {
      startRun({});
      return;
    }
    const checked = checkAnswers(entry.fields, drafts[entry.stepId] ?? {});
    if (checked.ok) startRun(checked.values);
    else startOver();
  };

  const startOver = () => {
    stream.cancel();
    clearPendingRun(app.id);
    setResumed(false);
    setDismissed(stream.state.events);
  };

  const retry = () => {
    const action = lastAction.current;
    if (requestError !== null && action?.kind === 'start') startRun(action.inputs);
    else if (requestError !== null && action?.kind === 'continue' && view.runId !== null) continueWith(action);
    else runAgain();
  };

  return (
    <DeployedAppView
      app={app}
      entry={entry}
      view={view}
      signInRequired={signInRequired}
      signInHref={signIn}
      drafts={drafts}
      onDraftChange={changeDraft}
      requestError={requestError}
      sending={sending}
      pendingChoice={sending ? pendingChoice : null}
      resumed={resumed}
      onStart={startRun}
      onContinue={(inputs) => continueWith({ inputs })}
      onChoose={(choice) => {
        setPendingChoice(choice);
        continueWith({ choice });
      }}
      onRunAgain={runAgain}
      onStartOver={startOver}
      onRetry={retry}
      onStop={() => stream.cancel()}
      notice={notice}
    />
  );
}
