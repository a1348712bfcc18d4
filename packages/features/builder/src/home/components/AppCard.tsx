import type { AppSummary } from '@appforge/sdk';
import { Avatar, Badge, Time } from '@appforge/ui';
import { Link } from 'react-router';
import { EditStepsButton } from '../../shared/components/EditStepsButton';

export interface AppCardProps {
  app: AppSummary;
  now?: number;
}

/** One app on the home screen: icon, name, deployed or draft, last change, runs this week. */
export function AppCard({ app, now }: AppCardProps) {
  const deployed = app.deployed_version_id !== null;
  const draftAhead = deployed && app.draft_version_id !== null && app.draft_version_id !== app.deployed_version_id;
  return (
    <article className="home-card" aria-labelledby={`app-${app.id}`}>
      <div className="home-card__top">
        <Avatar name={app.name} src={app.icon_url} size="lg" />
        <div className="home-card__text">
          <h3 id={`app-${app.id}`} className="home-card__name">
            <Link to={`/create-app/${app.id}`} className="home-card__link">
              {app.name}
            </Link>
          </h3>
          <p className="home-card__badges">
            {deployed ? <Badge tone="success">Deployed</Badge> : <Badge tone="neutral">Draft</Badge>}
            {draftAhead ? <Badge tone="brand">Unpublished changes</Badge> : null}
          </p>
        </div>
      </div>
      {app.description ? <p className="home-card__description">{app.description}</p> : null}
      <dl className="home-card__facts">
        <div>
          <dt>Last change</dt>
          <dd>
            <Time value={app.updated_at} format="relative" now={now} />
          </dd>
        </div>
        <div>
          <dt>Runs in the last 7 days</dt>
          <dd>{app.runs_last_7_days}</dd>
        </div>
      </dl>
      <div className="home-card__actions">
        <EditStepsButton app={app} aria-label={`Edit steps of ${app.name}`} />
        {deployed ? (
          <Link className="af-button af-button--ghost af-button--sm" to={`/deployed-app/${app.id}`} aria-label={`Open ${app.name}`}>
            Open
          </Link>
        ) : null}
        <Link className="af-button af-button--ghost af-button--sm" to={`/app-data/${app.id}`} aria-label={`Runs of ${app.name}`}>
          Runs
        </Link>
      </div>
    </article>
  );
}
