// Issue 19: a class run's AI output as it is generated, to the class's teachers. run-app hands
// every token of a class run's AI steps to a ClassLiveHub, which sends what is new on the class's
// private Realtime channel `class:<class id>:live` at most once per interval: one REST broadcast
// per class per tick, carrying every run of that class that changed (40 students streaming at once
// are still ~7 messages a second, within Realtime's per-project message limits). Realtime lets only
// that class's teacher join (RLS on realtime.messages, migration 20261125206000); the service role
// sends. Before text leaves, the new piece (with some overlap) goes through the local content
// check; once anything is flagged, the run's live text is withheld and the teacher is told why.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { ContentChecker, ContentCheckOptions, SafetyCategory } from '../safety/types.ts';
import type { FunctionLogger } from '../types.ts';

/** The broadcast event on the class channel. */
export const CLASS_LIVE_EVENT = 'output';
/** Default pause between two messages to one class. */
export const LIVE_OUTPUT_INTERVAL_MS = 150;
/** Each run's whole text is sent again this often, so a teacher who joins mid-run catches up. */
export const LIVE_OUTPUT_SNAPSHOT_MS = 1000;
/** Characters before a new piece that are checked with it (phrases split across pieces). */
const CHECK_OVERLAP = 120;

/** The private channel of a class's live output. */
export function classLiveTopic(classId: string): string {
  return `class:${classId}:live`;
}

/**
 * One run's piece of a message: `text` replaces the step's live text from character `from` on
 * (0 = the whole text so far); `withheld` says the output was flagged and is not sent.
 */
export type LiveOutputPart =
  | { run_id: string; step_id: string; from: number; text: string }
  | { run_id: string; step_id: string; withheld: SafetyCategory[] };

export interface LiveOutputMessage {
  /** When the server sent it (ms since the epoch): lets a listener measure delivery. */
  sent_at: number;
  parts: LiveOutputPart[];
}

/** Sends one message to a class's channel. */
export type LiveOutputSend = (classId: string, message: LiveOutputMessage) => Promise<void>;

/** The REST broadcast of Supabase Realtime (hosted, or the embedded backend's), as the service role. */
export function realtimeBroadcastSender(supabase: SupabaseClient): LiveOutputSend {
  return async (classId, message) => {
    const channel = supabase.channel(classLiveTopic(classId), { config: { private: true } });
    await channel.httpSend(CLASS_LIVE_EVENT, message, { timeout: 5000 });
  };
}

/** Lets go of the (never joined) channel object supabase-js keeps per topic. */
function forgetChannel(supabase: SupabaseClient, classId: string): void {
  const topic = `realtime:${classLiveTopic(classId)}`;
  const channel = supabase.getChannels().find((candidate) => candidate.topic === topic);
  if (channel) void supabase.removeChannel(channel).catch(() => undefined);
}

interface RunFeed {
  stepId: string;
  text: string;
  /** Characters of text the teacher has. */
  sent: number;
  /** Characters of text already checked. */
  checked: number;
  snapshotAt: number;
  withheld: SafetyCategory[] | null;
  announced: boolean;
  closed: boolean;
}

interface ClassFeed {
  runs: Map<string, RunFeed>;
  checks: ContentCheckOptions;
  timer: ReturnType<typeof setTimeout> | null;
  sending: boolean;
}

export interface ClassLiveHubOptions {
  send: LiveOutputSend;
  checker: ContentChecker;
  log: FunctionLogger;
  intervalMs?: number;
  snapshotMs?: number;
  /** Called when a class has nothing left to send (the sender's per-class state can go). */
  onIdle?: (classId: string) => void;
  now?: () => number;
}

/** What run-app holds for one class run. */
export interface LiveRunOutput {
  token(stepId: string, text: string): void;
  /** The run stopped streaming: what is left is sent, then the run is forgotten. */
  close(): void;
}

export class ClassLiveHub {
  private readonly classes = new Map<string, ClassFeed>();
  private readonly intervalMs: number;
  private readonly snapshotMs: number;
  private readonly now: () => number;

  constructor(private readonly options: ClassLiveHubOptions) {
    this.intervalMs = options.intervalMs ?? LIVE_OUTPUT_INTERVAL_MS;
    this.snapshotMs = options.snapshotMs ?? LIVE_OUTPUT_SNAPSHOT_MS;
    this.now = options.now ?? Date.now;
  }

  /** Classes with something pending (tests, metrics). */
  get activeClasses(): number {
    return this.classes.size;
  }

  run(classId: string, runId: string, checks: ContentCheckOptions): LiveRunOutput {
    let feed = this.classes.get(classId);
    if (!feed) {
      feed = { runs: new Map(), checks: { ...checks, moderation_api: false }, timer: null, sending: false };
      this.classes.set(classId, feed);
    }
    const run: RunFeed = { stepId: '', text: '', sent: 0, checked: 0, snapshotAt: 0, withheld: null, announced: false, closed: false };
    feed.runs.set(runId, run);
    const classFeed = feed;
    return {
      token: (stepId, text) => {
        if (run.closed) return;
        if (stepId !== run.stepId) {
          // A new AI step starts its own live text.
          Object.assign(run, { stepId, text: '', sent: 0, checked: 0, snapshotAt: 0, withheld: null, announced: false });
        }
        run.text += text;
        this.schedule(classId, classFeed);
      },
      close: () => {
        run.closed = true;
        this.schedule(classId, classFeed);
      },
    };
  }

  private schedule(classId: string, feed: ClassFeed): void {
    if (feed.timer !== null || feed.sending) return;
    feed.timer = setTimeout(() => {
      feed.timer = null;
      void this.flush(classId, feed);
    }, this.intervalMs);
  }

  private async flush(classId: string, feed: ClassFeed): Promise<void> {
    feed.sending = true;
    const parts: LiveOutputPart[] = [];
    try {
      for (const [runId, run] of feed.runs) {
        const part = await this.partOf(runId, run, feed.checks);
        if (part) parts.push(part);
        if (run.closed) feed.runs.delete(runId);
      }
      if (parts.length > 0) await this.options.send(classId, { sent_at: this.now(), parts });
    } catch (error) {
      this.options.log.warn({ class_id: classId, error: error instanceof Error ? error.message : String(error) }, 'live output broadcast failed');
    } finally {
      feed.sending = false;
    }
    const pending = [...feed.runs.values()].some((run) => run.closed || (run.withheld === null ? run.sent < run.text.length : !run.announced));
    if (pending) this.schedule(classId, feed);
    else if (feed.runs.size === 0 && this.classes.get(classId) === feed) {
      this.classes.delete(classId);
      this.options.onIdle?.(classId);
    }
  }

  /** The piece of one run to send now, after the content check of what is new. */
  private async partOf(runId: string, run: RunFeed, checks: ContentCheckOptions): Promise<LiveOutputPart | null> {
    if (run.stepId === '') return null;
    if (run.withheld === null && run.checked < run.text.length) {
      const end = run.text.length;
      const window = run.text.slice(Math.max(0, run.checked - CHECK_OVERLAP), end);
      const verdict = await this.options.checker.check(window, checks);
      run.checked = end;
      if (verdict.flagged) run.withheld = verdict.categories;
    }
    if (run.withheld !== null) {
      if (run.announced) return null;
      run.announced = true;
      return { run_id: runId, step_id: run.stepId, withheld: run.withheld };
    }
    // Only checked text leaves (tokens that arrived during the check wait for the next tick).
    const upTo = run.checked;
    if (upTo <= run.sent) return null;
    const now = this.now();
    const snapshot = run.sent === 0 || now - run.snapshotAt >= this.snapshotMs;
    const from = snapshot ? 0 : run.sent;
    if (snapshot) run.snapshotAt = now;
    run.sent = upTo;
    return { run_id: runId, step_id: run.stepId, from, text: run.text.slice(from, upTo) };
  }
}

const hubs = new WeakMap<SupabaseClient, ClassLiveHub>();

/** The process's hub for this project (one per service client), sending by REST broadcast. */
export function classLiveHubFor(supabase: SupabaseClient, checker: ContentChecker, log: FunctionLogger): ClassLiveHub {
  let hub = hubs.get(supabase);
  if (!hub) {
    hub = new ClassLiveHub({
      send: realtimeBroadcastSender(supabase),
      checker,
      log,
      onIdle: (classId) => forgetChannel(supabase, classId),
    });
    hubs.set(supabase, hub);
  }
  return hub;
}
