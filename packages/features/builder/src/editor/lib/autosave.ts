import { parseAppSpec } from '@appforge/engine';
import type { AppSpec } from '@appforge/engine';

/**
 * Autosave for one version's spec: edits are kept in the browser (localStorage) the moment they
 * are made and sent after a pause in typing. A failed save keeps the local copy and retries with
 * growing pauses, so nothing typed is lost to a network error, a reload or a server restart. A
 * spec that is not well-formed yet (an empty title while typing) is kept locally but not sent.
 */

export type SaveStatus = 'saved' | 'pending' | 'saving' | 'invalid' | 'error';

export interface SaveState {
  readonly status: SaveStatus;
  /** What went wrong, in words: the server's message, or the first shape problem. */
  readonly message: string | null;
  /** The error code of a failed save (`version_frozen`, `network_error` …). */
  readonly code: string | null;
  /** When the next automatic retry happens (ms since epoch), while `status` is `error`. */
  readonly retryAt: number | null;
}

export interface SaveError {
  readonly code?: string;
  readonly message?: string;
}

export interface AutosaveOptions {
  readonly versionId: string;
  readonly save: (spec: AppSpec) => Promise<unknown>;
  readonly storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  readonly delayMs?: number;
  /** Pauses between retries; the last one repeats. */
  readonly retryDelaysMs?: readonly number[];
  readonly now?: () => number;
}

/** Errors that retrying cannot fix: saving again would fail the same way. */
const FINAL_CODES = new Set(['version_frozen', 'not_found', 'forbidden', 'invalid_input']);

const backupKey = (versionId: string) => `appforge:builder:unsaved:${versionId}`;

interface Backup {
  readonly spec: unknown;
  readonly at: number;
}

/** The edits of a version that were typed but not confirmed saved, if this browser has any. */
export function readBackup(storage: Pick<Storage, 'getItem'> | null | undefined, versionId: string): { spec: AppSpec; at: number } | null {
  if (!storage) return null;
  let raw: string | null;
  try {
    raw = storage.getItem(backupKey(versionId));
  } catch {
    return null; // storage disabled by the browser: there is no backup to offer
  }
  if (!raw) return null;
  try {
    const backup = JSON.parse(raw) as Backup;
    if (typeof backup !== 'object' || backup === null || typeof backup.at !== 'number') return null;
    // A half-typed spec (empty title) is still worth restoring: check the outline only.
    const spec = backup.spec as AppSpec;
    if (typeof spec !== 'object' || spec === null || !Array.isArray(spec.steps) || typeof spec.entryStepId !== 'string') return null;
    return { spec, at: backup.at };
  } catch {
    return null;
  }
}

export function clearBackup(storage: Pick<Storage, 'removeItem'> | null | undefined, versionId: string): void {
  try {
    storage?.removeItem(backupKey(versionId));
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}

export class Autosaver {
  private state: SaveState = { status: 'saved', message: null, code: null, retryAt: null };
  private readonly listeners = new Set<() => void>();
  private latest: AppSpec | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight: Promise<void> | null = null;
  private dirtyWhileSaving = false;
  private failures = 0;
  private disposed = false;
  /** Set by hold(): nothing more is sent, edits are only kept in the browser. */
  private held = false;
  private readonly options: Required<Omit<AutosaveOptions, 'storage'>> & Pick<AutosaveOptions, 'storage'>;

  constructor(options: AutosaveOptions) {
    this.options = { delayMs: 800, retryDelaysMs: [2_000, 5_000, 15_000, 30_000], now: () => Date.now(), ...options };
  }

  getState = (): SaveState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Records an edit: kept locally now, sent after the pause. */
  edit(spec: AppSpec): void {
    if (this.disposed) return;
    this.latest = spec;
    this.writeBackup(spec);
    if (this.inFlight) {
      this.dirtyWhileSaving = true;
      this.set({ status: 'saving', message: null, code: null, retryAt: null });
      return;
    }
    const shape = parseAppSpec(spec);
    if (!shape.ok) {
      this.clearTimer();
      this.set({ status: 'invalid', message: shape.error.issues[0]?.message ?? shape.error.message, code: 'invalid_spec', retryAt: null });
      return;
    }
    this.set({ status: 'pending', message: null, code: null, retryAt: null });
    if (!this.held) this.schedule(this.options.delayMs);
  }

  /** Saves now (e.g. before leaving the page or on "Retry now"). */
  flush(): Promise<void> {
    if (this.state.status === 'saved' && !this.inFlight) return Promise.resolve();
    this.clearTimer();
    return this.run();
  }

  /**
   * Stops sending for good (another tab changed or superseded this version): a save waiting for
   * its pause, a retry, a follow-up and the flush on leaving are dropped. A save already on the
   * wire cannot be recalled. Edits are still kept in the browser, to be offered on reload.
   */
  hold(): void {
    this.held = true;
    this.clearTimer();
  }

  dispose(): void {
    this.disposed = true;
    this.clearTimer();
    this.listeners.clear();
  }

  private schedule(ms: number): void {
    this.clearTimer();
    if (this.held) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, ms);
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private async run(): Promise<void> {
    if (this.held) return;
    if (this.inFlight) {
      this.dirtyWhileSaving = true;
      return this.inFlight;
    }
    const spec = this.latest;
    if (!spec) return;
    const shape = parseAppSpec(spec);
    if (!shape.ok) {
      this.set({ status: 'invalid', message: shape.error.issues[0]?.message ?? shape.error.message, code: 'invalid_spec', retryAt: null });
      return;
    }
    this.set({ status: 'saving', message: null, code: null, retryAt: null });
    this.inFlight = (async () => {
      try {
        await this.options.save(shape.value);
        this.failures = 0;
        if (this.disposed) return;
        if (!this.dirtyWhileSaving && this.latest === spec) {
          clearBackup(this.options.storage, this.options.versionId);
          this.set({ status: 'saved', message: null, code: null, retryAt: null });
        }
      } catch (caught) {
        if (this.disposed) return;
        const error = (caught ?? {}) as SaveError;
        const code = typeof error.code === 'string' ? error.code : 'save_failed';
        const message = typeof error.message === 'string' && error.message ? error.message : 'The change could not be saved.';
        if (FINAL_CODES.has(code)) {
          this.set({ status: 'error', message, code, retryAt: null });
        } else {
          const delays = this.options.retryDelaysMs;
          const delay = delays[Math.min(this.failures, delays.length - 1)] ?? 30_000;
          this.failures += 1;
          this.set({ status: 'error', message, code, retryAt: this.options.now() + delay });
          this.schedule(delay);
        }
        this.dirtyWhileSaving = false;
        return;
      } finally {
        this.inFlight = null;
      }
      if (this.dirtyWhileSaving || this.latest !== spec) {
        this.dirtyWhileSaving = false;
        const shapeNow = this.latest ? parseAppSpec(this.latest) : null;
        if (shapeNow && !shapeNow.ok) {
          this.set({ status: 'invalid', message: shapeNow.error.issues[0]?.message ?? shapeNow.error.message, code: 'invalid_spec', retryAt: null });
          return;
        }
        this.set({ status: 'pending', message: null, code: null, retryAt: null });
        this.schedule(this.options.delayMs);
      }
    })();
    return this.inFlight;
  }

  private writeBackup(spec: AppSpec): void {
    try {
      this.options.storage?.setItem(backupKey(this.options.versionId), JSON.stringify({ spec, at: this.options.now() } satisfies Backup));
    } catch {
      // Quota or privacy mode: the edit still goes to the server; only the local copy is missing.
    }
  }

  private set(state: SaveState): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}

/** "Saved", "Saving…", "Not saved: …" — the words the editor shows next to its title. */
export function describeSaveState(state: SaveState): string {
  switch (state.status) {
    case 'saved':
      return 'All changes saved';
    case 'pending':
      return 'Unsaved changes…';
    case 'saving':
      return 'Saving…';
    case 'invalid':
      return `Not saved yet: ${state.message ?? 'a field needs fixing'}`;
    case 'error':
      return state.code === 'version_frozen'
        ? 'Not saved: this version is deployed and frozen. Your changes are kept in this browser.'
        : `Not saved: ${state.message ?? 'the change could not be saved'}. Kept in this browser${state.retryAt ? ', retrying soon' : ''}.`;
  }
}
