import type { JsonValue } from '@appforge/engine';
import { buildRunView, checkAnswers, IDLE_VIEW, preloadMarkdown } from '@appforge/run-view';
import type { Draft, RunView } from '@appforge/run-view';
import type { PublicApp } from '@appforge/sdk';
import type { RunStreamState, UseRunStreamResult } from '@appforge/sdk/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { readDrafts, saveDrafts } from '../lib/drafts';
import { entryStepOf } from '../lib/entry-step';
import { clearPendingRun, readPendingRun, savePendingRun } from '../lib/run-resume';
import { getVisitorSession } from '../lib/visitor-session';
import { DeployedAppView } from './DeployedAppView';

// The deployed app's run: drafts, resume after a reload, start/continue/retry. Shared by the
// shell's page (pages/deployed-app.tsx) and the light visitor entry (light/LightDeployedApp.tsx),
// which differ only in where the app and the run stream come from.

type LastAction =
  | { readonly kind: 'start'; readonly inputs: Record<string, JsonValue> }
  | { readonly kind: 'continue'; readonly inputs?: Record<string, JsonValue>; readonly choice?: number };

export interface DeployedAppProps {
  app: PublicApp;
  spec: NonNullable<PublicApp['deployed']>['spec'];
  signedIn: boolean;
  signInHref: string;
  /** The class this run is for, when opened from a class. */
  classId: string | null;
  notice?: string | null;
}

export interface DeployedAppRunnerProps extends DeployedAppProps {
  /** The run stream: the SDK's useRunStream in the shell, the light entry's own hook otherwise. */
  stream: Pick<UseRunStreamResult, 'state' | 'start' | 'continue' | 'cancel'>;
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

export function DeployedAppRunner({ app, spec, signedIn, signInHref: signIn, classId, notice = null, stream }: DeployedAppRunnerProps) {
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

  // The results' Markdown renderer (~26 KB gz) loads when the visitor shows they are about to run
  // (a pointer over the app, a field focused), or else once the run's first words are on screen:
  // never at the moment Run is pressed, where parsing it would compete with the run's request and
  // its first token (e2e/bench/visitor-cold.ts). Until then the words show as plain text.
  const answered = Object.keys(stream.state.outputs).length > 0;
  useEffect(() => {
    if (answered) void preloadMarkdown();
  }, [answered]);
  const aboutToRun = useCallback(() => void preloadMarkdown(), []);

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
    // display: contents — a listener only, no box of its own.
    <div style={{ display: 'contents' }} onPointerOver={aboutToRun} onFocus={aboutToRun}>
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
    </div>
  );
}
