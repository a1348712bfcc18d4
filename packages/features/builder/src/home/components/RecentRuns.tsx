import type { AppRunSummary } from '@appforge/sdk';
import { Badge, Time } from '@appforge/ui';
import { Link } from 'react-router';
import { runStatusLabel, runnerKind, statusTone } from '../../settings/lib/run-format';

export interface RecentRunsProps {
  runs: readonly (AppRunSummary & { app_name: string })[];
  now?: number;
}

const WHO = { person: 'by a signed-in person', visitor: 'by a visitor', api: 'through the API' } as const;

/** The newest runs of the person's apps, each linking to that app's run history. */
export function RecentRuns({ runs, now }: RecentRunsProps) {
  if (runs.length === 0) {
    return <p className="home-hint">No runs yet. When someone uses one of your deployed apps, the run shows up here.</p>;
  }
  return (
    <ul className="home-runs">
      {runs.map((run) => (
        <li key={run.id} className="home-runs__item">
          <Link to={`/app-data/${run.app_id}`} className="home-runs__app">
            {run.app_name}
          </Link>
          <Badge tone={statusTone(run.status)}>{runStatusLabel(run)}</Badge>
          <span className="home-hint">
            {`${WHO[runnerKind(run)]}, `}
            <Time value={run.created_at} format="relative" now={now} />
            {run.version_number !== null ? `, version ${run.version_number}` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}
