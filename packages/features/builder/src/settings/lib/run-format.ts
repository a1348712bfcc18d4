import type { AppRunSummary } from '@appforge/sdk';
import type { BadgeTone } from '@appforge/ui';

export type RunStatus = AppRunSummary['status'];

export const RUN_STATUSES: readonly { value: RunStatus; label: string; tone: BadgeTone }[] = [
  // "Finished", as Home's recent runs, the run view and the teacher portal say it.
  { value: 'done', label: 'Finished', tone: 'success' },
  { value: 'failed', label: 'Failed', tone: 'danger' },
  { value: 'running', label: 'Running', tone: 'brand' },
  { value: 'awaiting_input', label: 'Waiting for input', tone: 'warning' },
];

export function statusLabel(status: string): string {
  return RUN_STATUSES.find((entry) => entry.value === status)?.label ?? status;
}

/** Who started a run: a signed-in person, a signed-out visitor, or a program with an API key (neither). */
export function runnerKind(run: Pick<AppRunSummary, 'runner_user_id' | 'visitor_session'>): 'person' | 'visitor' | 'api' {
  if (run.runner_user_id) return 'person';
  if (run.visitor_session) return 'visitor';
  return 'api';
}

/** The run's status in words, naming who it waits for (issue 27: API runs read "Waiting for input"). */
export function runStatusLabel(run: Pick<AppRunSummary, 'status' | 'runner_user_id' | 'visitor_session'>): string {
  if (run.status !== 'awaiting_input') return statusLabel(run.status);
  const kind = runnerKind(run);
  return kind === 'api' ? 'Waiting for the API caller' : kind === 'visitor' ? 'Waiting for the visitor' : 'Waiting for the person';
}

/** A run's final results as the person saw them (`[{ stepId, title, markdown }]`), or null for other shapes. */
export function renderedResults(outputs: unknown): { key: string; title: string; markdown: string }[] | null {
  if (!Array.isArray(outputs) || outputs.length === 0) return null;
  const results: { key: string; title: string; markdown: string }[] = [];
  for (const [index, output] of outputs.entries()) {
    if (typeof output !== 'object' || output === null) return null;
    const { title, markdown, stepId } = output as Record<string, unknown>;
    if (typeof title !== 'string' || typeof markdown !== 'string') return null;
    results.push({ key: `${typeof stepId === 'string' ? stepId : 'output'}:${index}`, title, markdown });
  }
  return results;
}

/**
 * A run's outputs as text a person reads: the final results as they saw them (each result's
 * markdown, a blank line between), or the outputs as they are when they have another shape. The
 * run history's table and its CSV use it: run-app records results as `[{ stepId, title, markdown }]`,
 * and that JSON is not what the person saw.
 */
export function outputsText(outputs: unknown): unknown {
  const results = renderedResults(outputs);
  return results === null ? outputs : results.map((result) => result.markdown).join('\n\n');
}

export function statusTone(status: string): BadgeTone {
  return RUN_STATUSES.find((entry) => entry.value === status)?.tone ?? 'neutral';
}

/** How long the run took; null while it has no recorded duration. */
export function runDurationMs(run: Pick<AppRunSummary, 'duration_ms'>): number | null {
  return run.duration_ms ?? null;
}

/** "850 ms", "2.4 s", "3 min 05 s". */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return `${minutes} min ${String(seconds).padStart(2, '0')} s`;
}

export function totalTokens(usage: AppRunSummary['usage']): number | null {
  return usage ? usage.inputTokens + usage.outputTokens : null;
}

/** "1,234 in · 567 out", or a dash when the run used no model. */
export function formatTokens(usage: AppRunSummary['usage'], locale?: string): string {
  if (!usage) return '—';
  const format = new Intl.NumberFormat(locale);
  return `${format.format(usage.inputTokens)} in · ${format.format(usage.outputTokens)} out`;
}

/** A one-line preview of inputs or outputs for a table cell (the detail view shows everything). */
export function summarise(value: unknown, max = 80): string {
  if (value === null || value === undefined) return '—';
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return '—';
    text = entries.map(([key, entry]) => `${key}: ${typeof entry === 'string' ? entry : JSON.stringify(entry)}`).join(' · ');
  } else text = JSON.stringify(value);
  const oneLine = text.replace(/\s+/g, ' ').trim();
  if (oneLine === '') return '—';
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
}

/** Everything searchable about a run, lower-cased, for the text filter. */
export function searchableText(run: AppRunSummary): string {
  return [run.id, statusLabel(run.status), JSON.stringify(run.inputs), JSON.stringify(run.outputs ?? ''), run.error?.message ?? '']
    .join(' ')
    .toLowerCase();
}

/** A value from a step or a run as readable text: strings as they are, the rest as indented JSON. */
export function pretty(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2);
}

/** Local calendar date (yyyy-mm-dd from an <input type=date>) to the ISO instant where it starts or ends. */
export function dayBoundary(day: string, edge: 'start' | 'end'): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const [, y, m, d] = match;
  const date = edge === 'start' ? new Date(Number(y), Number(m) - 1, Number(d)) : new Date(Number(y), Number(m) - 1, Number(d) + 1);
  if (Number.isNaN(date.getTime())) return undefined;
  if (edge === 'end') date.setMilliseconds(-1);
  return date.toISOString();
}
