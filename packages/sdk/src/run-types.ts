// The runs area's types: starting and continuing a run, and the run history (types only, so the
// runs module and the client's aggregate types both import them without a cycle).
import type { RunStreamEvent } from './run-events';

export interface RunStartOptions {
  appId: string;
  /** A version other than the deployed one (owner's preview). */
  versionId?: string;
  inputs?: Record<string, unknown>;
  visitorSession?: string;
  signal?: AbortSignal;
  /** Issue 19: a run for this class (the caller must be a member and the app assigned). */
  classId?: string;
}

export interface RunContinueOptions {
  appId: string;
  runId: string;
  inputs?: Record<string, unknown>;
  choice?: number;
  visitorSession?: string;
  signal?: AbortSignal;
}

export type AppRunStatus = 'running' | 'awaiting_input' | 'done' | 'failed';

export interface AppRunSummary {
  id: string;
  app_id: string;
  version_id: string | null;
  version_number: number | null;
  runner_user_id: string | null;
  visitor_session: string | null;
  status: AppRunStatus;
  inputs: Record<string, unknown>;
  outputs: unknown;
  error: { code: string; message: string; stepId?: string } | null;
  usage: { inputTokens: number; outputTokens: number } | null;
  created_at: string;
  updated_at: string;
  duration_ms: number | null;
}

export interface AppRunStepRow {
  step_id: string;
  /** The step's kind in the run's version; null when the version or step is gone. */
  kind: string | null;
  status: 'running' | 'done' | 'failed';
  started_at: string;
  finished_at: string | null;
  duration_ms: number | null;
  output: unknown;
  usage: { inputTokens: number; outputTokens: number } | null;
}

export interface ListRunsParams {
  status?: AppRunStatus;
  /** ISO date-times, inclusive. */
  from?: string;
  to?: string;
  limit?: number;
  offset?: number;
}

export interface RunsApi {
  start(options: RunStartOptions): AsyncIterable<RunStreamEvent>;
  continue(options: RunContinueOptions): AsyncIterable<RunStreamEvent>;
  list(appId: string, params?: ListRunsParams): Promise<{ rows: AppRunSummary[]; total: number }>;
  get(runId: string): Promise<{ run: AppRunSummary; steps: AppRunStepRow[] }>;
  recent(limit?: number): Promise<(AppRunSummary & { app_name: string })[]>;
  /**
   * How many runs of the caller's app were made for classes (issue 26). Class runs are private to
   * the student and the class's teachers, so the owner learns only this number; 0 for an app that
   * is not the caller's.
   */
  classRunCount(appId: string): Promise<number>;
}
