import type { JsonValue } from '@appforge/engine';
import { Button } from '@appforge/ui';
import { ChoiceButtons, InputStepForm, OfflineBadge, resultsOf, RunResults, RunTranscript } from '@appforge/run-view';
import type { AwaitingInput, Draft, RunView } from '@appforge/run-view';
import type { DesignLike } from '../lib/design-style';
import type { ProblemLike } from '../lib/problem-words';
import { AppFrame } from './AppFrame';
import { AppIcon } from './AppIcon';
import { RunProblem } from './RunProblem';
import { SignInRequired } from './SignInRequired';

export interface VisitorApp {
  readonly id: string;
  readonly name: string;
  readonly icon_url: string | null;
  readonly visibility: 'public' | 'unlisted' | 'signed_in' | 'allowed_users';
  readonly design: DesignLike;
}

/** The deployed version's first step when it asks something: shown before any run starts. */
export type EntryStep = Omit<AwaitingInput, 'errors'>;

export interface DeployedAppViewProps {
  app: VisitorApp;
  /** null when the app starts without asking anything (a single Run button starts it). */
  entry: EntryStep | null;
  view: RunView;
  /** The visitor must sign in first (app visibility, or the server said so). */
  signInRequired: boolean;
  signInHref: string;
  /** Answers per input step id. */
  drafts: Readonly<Record<string, Draft>>;
  onDraftChange: (stepId: string, draft: Draft) => void;
  /** A request that failed before the run streamed anything (rate limit, network…). */
  requestError: ProblemLike | null;
  /** A request is on its way (start, continue or choice). */
  sending: boolean;
  /** The index of the choice being sent. */
  pendingChoice: number | null;
  /** This view continues a run that was waiting when the page was left. */
  resumed: boolean;
  onStart: (values: Record<string, JsonValue>) => void;
  onContinue: (values: Record<string, JsonValue>) => void;
  onChoose: (index: number) => void;
  onRunAgain: () => void;
  onStartOver: () => void;
  onRetry: () => void;
  onStop: () => void;
  /** A note above the app (e.g. "you have access now" after paying). */
  notice?: string | null | undefined;
}

const EMPTY_DRAFT: Draft = {};

/** The app's icon, name (the page's h1) and welcome text, above whatever the visitor does next. */
export function AppIntro({ app, offline }: { app: VisitorApp; offline: boolean }) {
  return (
    <>
      <header className="visitor-app__header">
        <AppIcon name={app.name} iconUrl={app.icon_url} />
        <div className="visitor-app__heading">
          <h1 className="visitor-app__name">{app.name}</h1>
          {offline ? <OfflineBadge /> : null}
        </div>
      </header>
      {app.design.welcome_text.trim() !== '' ? <p className="visitor-app__welcome">{app.design.welcome_text}</p> : null}
    </>
  );
}

/**
 * The deployed app as its visitor sees it: the app's design around everything, its name and
 * welcome text, the first step's questions as a form, the run's text streaming in, choices as
 * buttons, later questions, results with Copy and "Run again", and every failure in words.
 * Presentational: the page passes the run's state and receives the visitor's actions.
 */
export function DeployedAppView(props: DeployedAppViewProps) {
  const { app, entry, view, signInRequired, signInHref, drafts, onDraftChange, requestError, sending, pendingChoice, resumed } = props;
  const streaming = view.phase === 'streaming' || sending;
  const entryAwaiting = view.phase === 'awaiting_input' && entry !== null && view.awaiting?.stepId === entry.stepId;
  const laterAwaiting = view.phase === 'awaiting_input' && view.awaiting !== null && !entryAwaiting ? view.awaiting : null;
  const runStarted = view.phase !== 'idle';
  const problem = requestError ?? (view.phase === 'failed' ? view.failure : null);
  const needsSignIn = signInRequired || problem?.code === 'sign_in_required';

  if (needsSignIn) {
    return (
      <AppFrame design={app.design}>
        <AppIntro app={app} offline={view.offline} />
        <SignInRequired appName={app.name} signInHref={signInHref} invitedOnly={app.visibility === 'allowed_users'} />
      </AppFrame>
    );
  }

  const entryPanel = entry ? (
    <InputStepForm
      title={entry.title}
      intro={entry.intro}
      fields={entry.fields}
      submitLabel={entry.submitLabel ?? 'Run'}
      draft={drafts[entry.stepId] ?? EMPTY_DRAFT}
      onDraftChange={(draft) => onDraftChange(entry.stepId, draft)}
      serverErrors={entryAwaiting ? view.awaiting?.errors : undefined}
      busy={streaming}
      onSubmit={entryAwaiting ? props.onContinue : props.onStart}
    />
  ) : (
    <div className="visitor-start">
      <Button size="lg" loading={streaming} onClick={() => props.onStart({})}>
        Run
      </Button>
    </div>
  );

  return (
    <AppFrame design={app.design}>
      <AppIntro app={app} offline={view.offline} />
      {props.notice ? (
        <p role="status" className="visitor-paid__notice">
          {props.notice}
        </p>
      ) : null}
      <div className="visitor-app__body">
        <div className="visitor-app__inputs">{entryPanel}</div>
        <div className="visitor-app__run">
          {resumed && runStarted ? <p className="visitor-app__resumed">You are continuing the run you started earlier.</p> : null}
          {view.phase === 'done' ? (
            <RunResults results={resultsOf(view)} onRunAgain={props.onRunAgain} />
          ) : (
            <RunTranscript segments={view.segments} />
          )}
          {view.phase === 'streaming' ? (
            <div className="visitor-app__stop">
              <Button variant="ghost" size="sm" onClick={props.onStop}>
                Stop
              </Button>
            </div>
          ) : null}
          {view.phase === 'choice_needed' && view.choice ? (
            <ChoiceButtons
              key={`${view.choice.stepId}:${view.segments.length}`}
              prompt={view.choice.prompt}
              buttons={view.choice.buttons}
              error={view.choice.error}
              pending={pendingChoice}
              onChoose={props.onChoose}
            />
          ) : null}
          {laterAwaiting ? (
            <InputStepForm
              key={laterAwaiting.stepId}
              title={laterAwaiting.title}
              intro={laterAwaiting.intro}
              fields={laterAwaiting.fields}
              submitLabel={laterAwaiting.submitLabel ?? 'Continue'}
              draft={drafts[laterAwaiting.stepId] ?? EMPTY_DRAFT}
              onDraftChange={(draft) => onDraftChange(laterAwaiting.stepId, draft)}
              serverErrors={laterAwaiting.errors}
              busy={sending}
              onSubmit={props.onContinue}
            />
          ) : null}
          {problem ? (
            <RunProblem
              problem={problem}
              appName={app.name}
              signInHref={signInHref}
              onRetry={props.onRetry}
              onStartOver={props.onStartOver}
            />
          ) : null}
        </div>
      </div>
    </AppFrame>
  );
}
