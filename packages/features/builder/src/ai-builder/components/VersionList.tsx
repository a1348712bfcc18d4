import type { AppDetail, AppVersionRow } from '@appforge/sdk';
import { Badge, Button, Time } from '@appforge/ui';
import { Link } from 'react-router';
import { aiBuilderPath } from '../lib/paths';
import { SOURCE_WORDS } from '../lib/words';

export interface VersionListProps {
  readonly app: AppDetail;
  /** Newest first. */
  readonly versions: readonly AppVersionRow[];
  readonly currentVersionId: string;
  /** Versions ticked for comparison (at most two). */
  readonly selected: readonly string[];
  readonly onToggleSelected: (versionId: string) => void;
  readonly onRestore: (version: AppVersionRow) => void;
  /** The version being restored right now. */
  readonly restoringId: string | null;
}

/** Every version of the app: open one, tick two to compare, or restore an old one as the new draft. */
export function VersionList({ app, versions, currentVersionId, selected, onToggleSelected, onRestore, restoringId }: VersionListProps) {
  return (
    <ol className="aib-versions" aria-label="Versions">
      {versions.map((version) => {
        const current = version.id === currentVersionId;
        const deployed = version.id === app.deployed_version_id;
        const draft = version.id === app.draft_version_id;
        const checkboxId = `aib-compare-${version.id}`;
        return (
          <li key={version.id} className={current ? 'aib-version aib-version--current' : 'aib-version'} aria-current={current ? 'true' : undefined}>
            <div className="aib-version__head">
              <h3 className="aib-version__title">Version {version.number}</h3>
              <Badge tone="neutral">{SOURCE_WORDS[version.source]}</Badge>
              {deployed ? <Badge tone="success">Deployed</Badge> : null}
              {draft ? <Badge tone="brand">Draft</Badge> : null}
              {current ? <Badge tone="warning">Viewing</Badge> : null}
            </div>
            <p className="aib-version__summary">{version.change_summary ?? <span className="aib-muted">No summary</span>}</p>
            <p className="aib-version__date aib-muted">
              <Time value={version.created_at} />
            </p>
            <div className="aib-actions">
              {current ? null : (
                <Button asChild size="sm" variant="secondary">
                  <Link to={aiBuilderPath(app.id, version.id)} aria-label={`Open version ${version.number}`}>
                    Open
                  </Link>
                </Button>
              )}
              <label className="aib-check" htmlFor={checkboxId}>
                <input
                  id={checkboxId}
                  type="checkbox"
                  checked={selected.includes(version.id)}
                  onChange={() => onToggleSelected(version.id)}
                  aria-label={`Compare version ${version.number}`}
                />
                <span aria-hidden="true">Compare</span>
              </label>
              {draft ? null : (
                <Button
                  size="sm"
                  variant="ghost"
                  loading={restoringId === version.id}
                  disabled={restoringId !== null && restoringId !== version.id}
                  onClick={() => onRestore(version)}
                  aria-label={`Restore as new draft: version ${version.number}`}
                >
                  Restore as new draft
                </Button>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
