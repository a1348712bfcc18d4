import type { AppDetail, AppVersionRow } from '@appforge/sdk';
import { Badge, Button, Time } from '@appforge/ui';
import { Link } from 'react-router';
import type { VersionTests } from '../data/use-version-tests';
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
  /** Each version's latest test run and deploy (issue 30), when known. */
  readonly tests?: ReadonlyMap<string, VersionTests>;
}

/** "Tests: 3 passed, 1 failed" for a version's latest test run. */
function testWords(run: NonNullable<VersionTests['run']>): string {
  if (run.status === 'running') return `Tests running: ${run.case_count} ${run.case_count === 1 ? 'case' : 'cases'}.`;
  const parts = [`${run.passed} passed`, `${run.failed} failed`];
  if (run.needs_update > 0) parts.push(`${run.needs_update} ${run.needs_update === 1 ? 'needs' : 'need'} an update`);
  return `Last test run: ${parts.join(', ')}.`;
}

/** Every version of the app: open one, tick two to compare, or restore an old one as the new draft. */
export function VersionList({ app, versions, currentVersionId, selected, onToggleSelected, onRestore, restoringId, tests }: VersionListProps) {
  return (
    <ol className="aib-versions" aria-label="Versions">
      {versions.map((version) => {
        const current = version.id === currentVersionId;
        const deployed = version.id === app.deployed_version_id;
        const draft = version.id === app.draft_version_id;
        const checkboxId = `aib-compare-${version.id}`;
        const tested = tests?.get(version.id);
        const reason = tested?.deploy?.override_reason ?? null;
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
            {tested?.run ? (
              <p className="aib-version__tests">
                {tested.run.status === 'done' && tested.run.failed === 0 && tested.run.needs_update === 0 ? <Badge tone="success">Tests pass</Badge> : null}
                {tested.run.status !== 'running' && (tested.run.failed > 0 || tested.run.needs_update > 0 || tested.run.status === 'failed') ? <Badge tone="danger">Tests fail</Badge> : null}{' '}
                {testWords(tested.run)}
              </p>
            ) : null}
            {reason !== null ? <p className="aib-version__override">Deployed anyway: “{reason}”</p> : null}
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
