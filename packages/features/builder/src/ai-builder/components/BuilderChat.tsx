import { useGenerateVersion } from '@appforge/sdk/react';
import { Button, TextArea } from '@appforge/ui';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { readChat, readDraft, upsertExchange, writeChat, writeDraft } from '../lib/chat-history';
import type { ChatExchange } from '../lib/chat-history';
import { aiBuilderPath, stepEditorPath } from '../lib/paths';
import { CHANGE_EXAMPLES, MESSAGE_LIMIT } from '../lib/words';
import { GenerateProgress } from './GenerateProgress';

export interface BuilderChatProps {
  readonly appId: string;
  /** The version on screen: changes are made to it. */
  readonly base: { readonly id: string; readonly number: number };
  /** A new version exists (the page opens it). */
  readonly onVersionCreated: (versionId: string) => void;
}

interface Pending {
  readonly id: string;
  readonly message: string;
  readonly baseVersionId: string;
  readonly baseNumber: number;
}

/**
 * The chat with the builder: each message asks for a change to the version on screen; progress
 * streams in; the reply names the new version and its summary, or says in words why nothing
 * changed, with "Try again". What is being typed stays until a change succeeds (kept in this
 * tab's storage, so a reload or a failure never loses it).
 */
export function BuilderChat({ appId, base, onVersionCreated }: BuilderChatProps) {
  const generation = useGenerateVersion();
  const [exchanges, setExchanges] = useState<ChatExchange[]>(() => readChat(appId));
  const [draft, setDraft] = useState(() => readDraft(appId));
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const thread = useRef<HTMLOListElement>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const { status, version, error } = generation.state;
  /** The hook's state when the request was sent: a previous request's "done" is never taken for it. */
  const stateAtSend = useRef<unknown>(null);

  const record = (exchange: ChatExchange) => {
    setExchanges((current) => {
      const next = upsertExchange(current, exchange);
      writeChat(appId, next);
      return next;
    });
  };

  // A finished generation becomes part of the history (a retry replaces its failed attempt).
  useEffect(() => {
    if (pending === null || generation.state === stateAtSend.current || (status !== 'done' && status !== 'failed')) return;
    const common = { id: pending.id, message: pending.message, baseVersionId: pending.baseVersionId, baseNumber: pending.baseNumber, at: new Date().toISOString() };
    if (status === 'done' && version !== null) {
      record({ ...common, outcome: { type: 'version', versionId: version.version_id, number: version.number, summary: version.change_summary } });
      setPending(null);
      // The sent message is done with; anything typed since stays.
      setDraft((current) => {
        const next = current.trim() === pending.message ? '' : current;
        writeDraft(appId, next);
        return next;
      });
      onVersionCreated(version.version_id);
    } else if (status === 'failed') {
      record({ ...common, outcome: { type: 'failed', code: error?.code ?? 'unknown_error', message: error?.message ?? 'The change failed.' } });
      setPending(null);
    }
    // `record` and the callbacks are stable enough: this runs once per finished generation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [generation.state, pending]);

  // Keep the newest message in view.
  useEffect(() => {
    const list = thread.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [exchanges.length, pending, generation.state.events.length]);

  const streaming = pending !== null;

  const send = (message: string, id: string = crypto.randomUUID()) => {
    const text = message.trim();
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
    stateAtSend.current = generation.state;
    setPending({ id, message: text, baseVersionId: base.id, baseNumber: base.number });
    void generation.generate({ appId, versionId: base.id, message: text });
  };

  const stop = () => {
    if (pending === null) return;
    generation.cancel();
    record({
      id: pending.id,
      message: pending.message,
      baseVersionId: pending.baseVersionId,
      baseNumber: pending.baseNumber,
      at: new Date().toISOString(),
      outcome: { type: 'failed', code: 'cancelled', message: 'You stopped this change before it finished. Nothing was changed.' },
    });
    setPending(null);
  };

  const changeDraft = (text: string) => {
    setDraft(text);
    writeDraft(appId, text);
    if (problem !== null) setProblem(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!streaming) send(draft);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter starts a new line (as in other chats).
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (!streaming) send(draft);
    }
  };

  const last = exchanges.at(-1);

  return (
    <section className="aib-panel aib-chat" aria-labelledby="aib-chat-title">
      <h2 id="aib-chat-title">Chat with the builder</h2>
      {exchanges.length === 0 && !streaming ? (
        <div className="aib-chat__empty">
          <p>
            Tell the builder what to change in version {base.number}. Every change becomes a new version; the one you are
            looking at stays as it is.
          </p>
          <p className="aib-muted" id="aib-examples-label">
            Try one (it fills the box):
          </p>
          <div className="aib-chips" role="group" aria-labelledby="aib-examples-label">
            {CHANGE_EXAMPLES.map((example) => (
              <button
                key={example}
                type="button"
                className="aib-chip"
                onClick={() => {
                  changeDraft(example);
                  box.current?.focus();
                }}
              >
                {example}
              </button>
            ))}
          </div>
        </div>
      ) : null}

      <ol className="aib-thread" aria-label="Conversation" ref={thread} tabIndex={exchanges.length > 0 ? 0 : -1}>
        {exchanges.map((exchange) => (
          <li key={exchange.id} className="aib-exchange">
            <div className="aib-bubble aib-bubble--you">
              <p className="aib-bubble__who">
                You, on version {exchange.baseNumber ?? '?'}
              </p>
              <p className="aib-bubble__text">{exchange.message}</p>
            </div>
            {pending?.id === exchange.id ? null : exchange.outcome.type === 'version' ? (
              <div className="aib-bubble aib-bubble--builder">
                <p className="aib-bubble__who">Builder</p>
                <p className="aib-bubble__title">Version {exchange.outcome.number} is ready.</p>
                <p className="aib-bubble__text">{exchange.outcome.summary}</p>
                <div className="aib-actions">
                  <Button asChild size="sm" variant="secondary">
                    <Link to={aiBuilderPath(appId, exchange.outcome.versionId)} aria-label={`Open version ${exchange.outcome.number}`}>
                      Open
                    </Link>
                  </Button>
                  <Button asChild size="sm" variant="ghost">
                    <Link to={stepEditorPath(appId, exchange.outcome.versionId)} aria-label={`Edit steps of version ${exchange.outcome.number}`}>
                      Edit steps
                    </Link>
                  </Button>
                </div>
              </div>
            ) : (
              <div className="aib-bubble aib-bubble--builder aib-bubble--failed">
                <p className="aib-bubble__who">Builder</p>
                <p className="aib-bubble__title">No new version.</p>
                <p className="aib-bubble__text" role={exchange === last ? 'alert' : undefined}>
                  {exchange.outcome.message}
                </p>
                {exchange === last && !streaming ? (
                  <div className="aib-actions">
                    <Button size="sm" variant="secondary" onClick={() => send(exchange.message, exchange.id)}>
                      Try again
                    </Button>
                  </div>
                ) : null}
              </div>
            )}
          </li>
        ))}
        {pending !== null ? (
          <li className="aib-exchange" aria-busy="true">
            {exchanges.some((exchange) => exchange.id === pending.id) ? null : (
              <div className="aib-bubble aib-bubble--you">
                <p className="aib-bubble__who">You, on version {pending.baseNumber}</p>
                <p className="aib-bubble__text">{pending.message}</p>
              </div>
            )}
            <div className="aib-bubble aib-bubble--builder">
              <p className="aib-bubble__who">Builder</p>
              <GenerateProgress events={generation.state.events} />
            </div>
          </li>
        ) : null}
      </ol>

      <form className="aib-composer" onSubmit={submit} noValidate>
        <TextArea
          ref={box}
          label={`Describe a change to version ${base.number}`}
          hint="Enter sends; Shift+Enter starts a new line."
          rows={3}
          value={draft}
          readOnly={streaming}
          maxLength={MESSAGE_LIMIT + 1000}
          error={problem ?? undefined}
          onChange={(event) => changeDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <div className="aib-actions aib-composer__actions">
          <span className={draft.trim().length > MESSAGE_LIMIT ? 'aib-counter aib-counter--over' : 'aib-counter'}>
            {draft.trim().length} / {MESSAGE_LIMIT}
          </span>
          {streaming ? (
            <Button variant="secondary" onClick={stop}>
              Stop
            </Button>
          ) : (
            <Button type="submit">Send</Button>
          )}
        </div>
      </form>
    </section>
  );
}
