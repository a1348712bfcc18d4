import { Badge, Button, CopyButton } from '@appforge/ui';
import { ProblemList } from './ProblemList';
import type { ProblemItem } from './ProblemList';

export interface PublicLinks {
  /** Absolute URL of /deployed-app/:appId. */
  readonly app: string;
  /** Absolute URL of /landing-page/:appId. */
  readonly landing: string;
}

export interface DeployRefusal {
  readonly message: string;
  readonly problems: readonly ProblemItem[];
}

export interface DeployPanelProps {
  /** The number of the version on screen. */
  readonly versionNumber: number | null;
  /** True when the version on screen is the one visitors run. */
  readonly isLive: boolean;
  /** Blocking problems the validator finds in the version on screen right now. */
  readonly blockingCount: number;
  readonly pending: boolean;
  readonly onDeploy: () => void;
  /** The server refused the version: its messages per step and field. */
  readonly refusal: DeployRefusal | null;
  /** Any other failure, in words. */
  readonly error: string | null;
  /** Set once the app has a deployed version. */
  readonly links: PublicLinks | null;
  readonly stepNames: Readonly<Record<string, string>>;
}

function LinkRow({ label, url }: { label: string; url: string }) {
  return (
    <li className="bc-link">
      <span className="bc-link__label">{label}</span>
      <a href={url} target="_blank" rel="noopener noreferrer" className="bc-link__url">
        {url}
      </a>
      <CopyButton text={url} label={`Copy ${label.toLowerCase()} link`} copiedLabel="Copied" size="sm" variant="secondary" />
    </li>
  );
}

/** Deploy the version on screen, see why it was refused, and share the public links once live. */
export function DeployPanel({ versionNumber, isLive, blockingCount, pending, onDeploy, refusal, error, links, stepNames }: DeployPanelProps) {
  const version = versionNumber === null ? 'this version' : `version ${versionNumber}`;
  return (
    <section className="bc-panel bc-deploy" aria-labelledby="bc-deploy-title">
      <div className="bc-panel__head">
        <h2 id="bc-deploy-title">Deploy</h2>
        {isLive ? <Badge tone="success">Live</Badge> : <Badge tone="neutral">Draft</Badge>}
      </div>
      {isLive ? (
        <p>Visitors run {version}. Changes you make from now on go into a new draft.</p>
      ) : (
        <p>Deploying freezes {version} and makes it the one visitors run.</p>
      )}
      {!isLive && blockingCount > 0 ? (
        <p className="bc-deploy__warning">
          Fix the {blockingCount === 1 ? 'problem' : `${blockingCount} problems`} listed above first: a version with problems is refused.
        </p>
      ) : null}
      <div className="bc-actions">
        <Button onClick={onDeploy} loading={pending} disabled={isLive}>
          {isLive ? 'Deployed' : pending ? 'Deploying…' : `Deploy ${version}`}
        </Button>
      </div>
      {refusal !== null ? (
        <div className="bc-deploy__refusal" role="alert">
          <p>{refusal.message}</p>
          <ProblemList id="bc-deploy-problems" title="Why deploying was refused" problems={refusal.problems} stepNames={stepNames} />
        </div>
      ) : null}
      {error !== null ? (
        <p className="bc-error" role="alert">
          {error}
        </p>
      ) : null}
      {links !== null ? (
        <div className="bc-deploy__links">
          <h3>Public links</h3>
          <ul className="bc-links" aria-label="Public links">
            <LinkRow label="App" url={links.app} />
            <LinkRow label="Landing page" url={links.landing} />
          </ul>
        </div>
      ) : null}
    </section>
  );
}
