import { messageOf } from '@appforge/sdk';
import { useApp, useGenerateVersion, useVersion } from '@appforge/sdk/react';
import { Button, EmptyState, LoadError, PageHeader, PageTitle, TextArea } from '@appforge/ui';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { AiSkeleton } from '../components/AiSkeleton';
import { AppMissing } from '../components/AppMissing';
import { GenerateProgress } from '../components/GenerateProgress';
import { readChat, readDraft, upsertExchange, writeChat, writeDraft } from '../lib/chat-history';
import { aiBuilderPath, appOverviewPath } from '../lib/paths';
import { CHANGE_EXAMPLES, MESSAGE_LIMIT, isHiddenApp, isUuid } from '../lib/words';

interface Sent {
  readonly id: string;
  readonly message: string;
  readonly baseVersionId: string;
  readonly baseNumber: number;
}

function ChangeForm({ appId, appName, base }: { appId: string; appName: string; base: { id: string; number: number; summary: string | null } }) {
  const generation = useGenerateVersion();
  const navigate = useNavigate();
  const [draft, setDraft] = useState(() => readDraft(appId));
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<Sent | null>(null);
  const stateAtSend = useRef<unknown>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const { state } = generation;

  // The outcome joins the AI builder's chat history, so the builder shows what was asked here.
  useEffect(() => {
    if (sent === null || state === stateAtSend.current || (state.status !== 'done' && state.status !== 'failed')) return;
    const common = { id: sent.id, message: sent.message, baseVersionId: sent.baseVersionId, baseNumber: sent.baseNumber, at: new Date().toISOString() };
    const outcome =
      state.status === 'done' && state.version !== null
        ? ({ type: 'version', versionId: state.version.version_id, number: state.version.number, summary: state.version.change_summary } as const)
        : ({ type: 'failed', code: state.error?.code ?? 'unknown_error', message: state.error?.message ?? 'The change failed.' } as const);
    writeChat(appId, upsertExchange(readChat(appId), { ...common, outcome }));
    if (outcome.type === 'version') {
      writeDraft(appId, '');
      void navigate(aiBuilderPath(appId, outcome.versionId));
    }
    setSent(null);
  }, [state, sent, appId, navigate]);

  const streaming = sent !== null;
  const failure = !streaming && state.status === 'failed' ? state.error : null;

  const send = () => {
    const text = draft.trim();
    if (text === '') {
      setProblem('Say what to change first.');
      box.current?.focus();
      return;
    }
    if (text.length > MESSAGE_LIMIT) {
      setProblem(`A message has at most ${MESSAGE_LIMIT} characters; this one has ${text.length}.`);
      box.current?.focus();
      return;
    }
    setProblem(null);
    stateAtSend.current = state;
    setSent({ id: crypto.randomUUID(), message: text, baseVersionId: base.id, baseNumber: base.number });
    void generation.generate({ appId, versionId: base.id, message: text });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!streaming) send();
  };

  const change = (text: string) => {
    setDraft(text);
    writeDraft(appId, text);
    if (problem !== null) setProblem(null);
  };

  return (
    <div className="aib-page aib-page--narrow">
      <PageHeader
        title={`Change ${appName}`}
        description={`Describe what should change. The builder makes a new version from version ${base.number}${base.summary ? ` (“${base.summary}”)` : ''}; version ${base.number} stays as it is.`}
        breadcrumbs={
          <ol className="aib-breadcrumbs">
            <li>
              <Link to="/">Your apps</Link>
            </li>
            <li>
              <Link to={appOverviewPath(appId)}>{appName}</Link>
            </li>
          </ol>
        }
      />
      <form className="aib-panel aib-change-form" onSubmit={submit} noValidate aria-label="Describe a change">
        <TextArea
          ref={box}
          label="What should change?"
          hint="For example: “Make it more formal” or “Add a number field for age”."
          rows={6}
          value={draft}
          readOnly={streaming}
          error={problem ?? undefined}
          onChange={(event) => change(event.target.value)}
        />
        <div className="aib-chips" role="group" aria-label="Examples">
          {CHANGE_EXAMPLES.map((example) => (
            <button key={example} type="button" className="aib-chip" disabled={streaming} onClick={() => change(example)}>
              {example}
            </button>
          ))}
        </div>
        <div className="aib-actions aib-composer__actions">
          <span className={draft.trim().length > MESSAGE_LIMIT ? 'aib-counter aib-counter--over' : 'aib-counter'}>
            {draft.trim().length} / {MESSAGE_LIMIT}
          </span>
          <Button asChild variant="ghost">
            <Link to={aiBuilderPath(appId, base.id)}>Open the AI builder</Link>
          </Button>
          {streaming ? (
            <Button
              variant="secondary"
              onClick={() => {
                generation.cancel();
                setSent(null);
              }}
            >
              Stop
            </Button>
          ) : (
            <Button type="submit">Apply change</Button>
          )}
        </div>
        {streaming ? <GenerateProgress events={state.events} /> : null}
        {failure !== null ? (
          <div className="aib-problem">
            <p role="alert">{failure.message}</p>
            <Button variant="secondary" onClick={send}>
              Try again
            </Button>
          </div>
        ) : null}
      </form>
    </div>
  );
}

function Loaded({ appId }: { appId: string }) {
  const app = useApp(appId);
  // The base is fixed once known: a change in progress makes a new draft (and the app refetches),
  // which must not swap the form — and the request following it — out from under the person.
  const fixedBase = useRef<string | null>(null);
  if (fixedBase.current === null && app.data) fixedBase.current = app.data.draft_version_id ?? app.data.deployed_version_id;
  const baseId = fixedBase.current;
  const version = useVersion(baseId);

  const tabTitle = <PageTitle title={app.data && `Change ${app.data.name}`} />;

  if (app.isPending) {
    return (
      <>
        {tabTitle}
        <AiSkeleton label="Loading your app…" />
      </>
    );
  }
  if (app.isError) {
    if (isHiddenApp(app.error)) {
      return (
        <>
          {tabTitle}
          <AppMissing />
        </>
      );
    }
    return (
      <>
        {tabTitle}
        <div className="aib-page aib-page--narrow">
          <LoadError headingLevel={1} what="The app" message={messageOf(app.error)} onRetry={() => void app.refetch()} retrying={app.isFetching} />
        </div>
      </>
    );
  }
  if (baseId === null) {
    return (
      <>
        {tabTitle}
        <div className="aib-page aib-page--narrow">
          <EmptyState
            headingLevel={1}
            title={`${app.data.name} has no version yet`}
            description="Build its first steps, then come back to describe changes."
            action={
              <Button asChild>
                <Link to={appOverviewPath(appId)}>Open the app</Link>
              </Button>
            }
          />
        </div>
      </>
    );
  }
  if (version.isPending) {
    return (
      <>
        {tabTitle}
        <AiSkeleton label="Loading the current draft…" />
      </>
    );
  }
  if (version.isError) {
    return (
      <>
        {tabTitle}
        <div className="aib-page aib-page--narrow">
          <LoadError headingLevel={1} what="The current draft" message={messageOf(version.error)} onRetry={() => void version.refetch()} retrying={version.isFetching} />
        </div>
      </>
    );
  }
  return (
    <>
      {tabTitle}
      <ChangeForm appId={appId} appName={app.data.name} base={{ id: version.data.id, number: version.data.number, summary: version.data.change_summary }} />
    </>
  );
}

/** `/create-app-ai-changes/:appId`: describe a change to the app's current draft. */
export function Component() {
  const { appId } = useParams();
  if (!isUuid(appId)) return <AppMissing />;
  return <Loaded appId={appId} />;
}
