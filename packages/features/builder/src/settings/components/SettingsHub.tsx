import { describePrice } from '@appforge/sdk';
import type { AppDetail } from '@appforge/sdk';
import { Badge } from '@appforge/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { fontLabel, layoutLabel } from '../lib/design';
import { initialsOf } from '../lib/monogram';
import { settingsPaths } from '../lib/paths';
import { visibilityLabel } from '../lib/visibility';
import { SoldInBundles } from './SoldInBundles';

export interface SettingsHubProps {
  app: AppDetail;
}

interface HubEntry {
  key: string;
  title: string;
  to: string;
  summary: ReactNode;
}

function plural(count: number, one: string, many: string): string {
  return `${new Intl.NumberFormat().format(count)} ${count === 1 ? one : many}`;
}

function entriesOf(app: AppDetail): HubEntry[] {
  const paths = settingsPaths(app.id);
  return [
    {
      key: 'details',
      title: 'Details',
      to: paths.details,
      summary: (
        <>
          <span>
            {app.name} · {visibilityLabel(app.visibility)}
          </span>
          <span className="settings-hub__muted">{app.description?.trim() ? app.description : 'No description yet.'}</span>
        </>
      ),
    },
    {
      key: 'icon',
      title: 'Icon',
      to: paths.icon,
      summary: (
        <span className="settings-hub__icon-row">
          {app.icon_url ? (
            <img src={app.icon_url} alt="" width={32} height={32} className="settings-icon-image settings-icon-image--small" />
          ) : (
            <span className="settings-hub__letters" aria-hidden="true">
              {initialsOf(app.name)}
            </span>
          )}
          <span>{app.icon_url ? 'Custom icon set.' : 'No icon yet: upload a picture or generate one from the name.'}</span>
        </span>
      ),
    },
    { key: 'price', title: 'Price', to: paths.price, summary: describePrice(app.price) },
    {
      key: 'design',
      title: 'Design',
      to: paths.design,
      summary: (
        <span className="settings-hub__icon-row">
          <span className="settings-hub__swatch" style={{ background: app.design.theme_color }} aria-hidden="true" />
          <span>
            {app.design.theme_color} · {fontLabel(app.design.font)} font · {layoutLabel(app.design.layout)} layout
            {app.design.welcome_text.trim() ? ' · welcome text set' : ''}
          </span>
        </span>
      ),
    },
    {
      key: 'config',
      title: 'Configuration',
      to: paths.config,
      summary: `${app.config.model ?? 'Default model'} · temperature ${app.config.temperature.toFixed(1)} · up to ${plural(app.config.max_output_tokens, 'token', 'tokens')}${app.config.system_prompt.trim() ? ' · system prompt set' : ''}`,
    },
    {
      key: 'data',
      title: 'Runs and data',
      to: paths.data,
      summary: `${plural(app.runs_last_7_days, 'run', 'runs')} in the last 7 days.`,
    },
    { key: 'tests', title: 'Tests', to: paths.tests, summary: 'Check the app’s answers with inputs you choose, on the draft or the live version.' },
    { key: 'domain', title: 'Custom domain', to: paths.customDomain, summary: 'Serve the app or its landing page on a domain you own.' },
    {
      key: 'api',
      title: 'API access',
      to: paths.apiAccess,
      summary: app.api_access_enabled ? 'On: programs can run the app with an API key.' : 'Off: only people can run the app.',
    },
  ];
}

/** The app's settings at a glance: every settings page with its current values. */
export function SettingsHub({ app }: SettingsHubProps) {
  return (
    <div className="settings-hub">
      <p className="settings-hub__status">
        {app.deployed_version_id ? <Badge tone="success">Deployed</Badge> : <Badge>Draft: not deployed yet</Badge>}
      </p>
      <SoldInBundles appId={app.id} appName={app.name} free={app.price.kind === 'free'} />
      <ul className="settings-hub__list" aria-label="Settings pages">
        {entriesOf(app).map((entry) => (
          <li key={entry.key}>
            <Link to={entry.to} className="settings-hub__link">
              <span className="settings-hub__title">{entry.title}</span>
              <span className="settings-hub__summary">{entry.summary}</span>
              <span className="settings-hub__chevron" aria-hidden="true">
                ›
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
