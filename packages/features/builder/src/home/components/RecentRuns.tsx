import type { AppRunSummary } from '@appforge/sdk';
import { Badge } from '@appforge/ui';
import type { BadgeTone } from '@appforge/ui';
import { Link } from 'react-router';
import { relativeTime } from '../lib/relative-time';

const STATUS: Record<AppRunSummary['status'], { label: string; tone: BadgeTone }> = {
  running: { label: 'Running', tone: 'brand' },
  awaiting_input: { label: 'Waiting for the visitor', tone: 'warning' },
  done: { label: 'Finished', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

export interface RecentRunsProps {
  runs: readonly (AppRunSummary & { app_name: string })[];
  now?: number;
}

/** "by a visitor", "through the API" (a run with neither a person nor a visitor came with a key). */
function who(run: AppRunSummary): string {
  if (run.runner_user_id) return 'by a signed-in person';
  if (run.visitor_session) return 'by a visitor';
  return 'through the API';
}

/** Issue 27: an API run waiting for a choice waits for the program that called, not for a visitor. */
function statusOf(run: AppRunSummary): { label: string; tone: BadgeTone } {
  const status = STATUS[run.status];
  if (run.status !== 'awaiting_input' || run.visitor_session) return status;
  return { ...status, label: run.runner_user_id ? 'Waiting for the person' : 'Waiting for the API caller' };
}

/** The newest runs of the person's apps, each linking to that app's run history. */
export function RecentRuns({ runs, now }: RecentRunsProps) {
  if (runs.length === 0) {
    return <p className="home-hint">No runs yet. When someone uses one of your deployed apps, the run shows up here.</p>;
  }
  return (
    <ul className="home-runs">
      {runs.map((run) => {
        const status = statusOf(run);
        return (
        <li key={run.id} className="home-runs__item">
          <Link to={`/app-data/${run.app_id}`} className="home-runs__app">
            {run.app_name}
          </Link>
          <Badge tone={status.tone}>{status.label}</Badge>
          <span className="home-hint">
            {`${who(run)}, `}
            <time dateTime={run.created_at}>{relativeTime(run.created_at, now)}</time>
            {run.version_number !== null ? `, version ${run.version_number}` : ''}
          </span>
        </li>
        );
      })}
    </ul>
  );
}
