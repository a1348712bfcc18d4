import { messageOf } from '@appforge/sdk';
import type { AppDetail, AppVersionRow } from '@appforge/sdk';
import { useChangeVersion, useLiveVersions, useVersions } from '@appforge/sdk/react';
import { Button, LoadError } from '@appforge/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useVersionTests } from '../data/use-version-tests';
import { aiBuilderPath } from '../lib/paths';
import { VersionCompare } from './VersionCompare';
import { VersionList } from './VersionList';

export interface VersionsPanelProps {
  readonly app: AppDetail;
  readonly currentVersionId: string;
}

/** The version history with switch, compare (two ticked versions) and restore as a new draft. */
export function VersionsPanel({ app, currentVersionId }: VersionsPanelProps) {
  const versions = useVersions(app.id);
  // A version made in another tab (the step editor, or the AI builder there) appears here.
  useLiveVersions(app.id);
  const tests = useVersionTests(app.id);
  const restore = useChangeVersion();
  const navigate = useNavigate();
  const [selected, setSelected] = useState<string[]>([]);
  const [comparing, setComparing] = useState<readonly [string, string] | null>(null);
  const [restoring, setRestoring] = useState<AppVersionRow | null>(null);

  const toggle = (versionId: string) => {
    setSelected((current) => {
      if (current.includes(versionId)) return current.filter((id) => id !== versionId);
      // Ticking a third replaces the oldest tick: two versions are compared at a time.
      return [...current, versionId].slice(-2);
    });
  };

  const startRestore = (version: AppVersionRow) => {
    setRestoring(version);
    restore.mutate(
      { appId: app.id, versionId: version.id },
      {
        onSuccess: (created) => {
          setRestoring(null);
          void navigate(aiBuilderPath(app.id, created.id));
        },
      },
    );
  };

  const list = versions.data ?? [];
  const byId = new Map(list.map((version) => [version.id, version]));
  const picked = selected.flatMap((id) => {
    const version = byId.get(id);
    return version === undefined ? [] : [version];
  });
  const pair = (comparing ?? []).flatMap((id) => {
    const version = byId.get(id);
    return version === undefined ? [] : [version];
  });
  const [older, newer] = pair.length === 2 ? [...pair].sort((a, b) => a.number - b.number) : [];
  const numbers = picked.map((version) => version.number).sort((a, b) => a - b);

  return (
    <section className="aib-panel aib-history" aria-labelledby="aib-history-title">
      <div className="aib-panel__head">
        <h2 id="aib-history-title">Versions</h2>
        <Button
          size="sm"
          variant="secondary"
          disabled={picked.length !== 2}
          onClick={() => {
            const [a, b] = picked;
            if (a !== undefined && b !== undefined) setComparing([a.id, b.id]);
          }}
        >
          {numbers.length === 2 ? `Compare versions ${numbers[0] ?? 0} and ${numbers[1] ?? 0}` : 'Compare two versions'}
        </Button>
      </div>
      {picked.length < 2 ? <p className="aib-muted">Tick two versions to see what changed between them, step by step.</p> : null}

      {restore.isError && restoring !== null ? (
        <div className="aib-problem" role="alert">
          <p>
            Version {restoring.number} could not be restored: {restore.error.message}
          </p>
          <Button size="sm" onClick={() => startRestore(restoring)}>
            Try again
          </Button>
        </div>
      ) : null}

      {older !== undefined && newer !== undefined ? <VersionCompare older={older} newer={newer} onClose={() => setComparing(null)} /> : null}

      {versions.isPending ? (
        <div className="aib-skeleton-list" aria-busy="true">
          <p role="status" className="af-visually-hidden">
            Loading versions…
          </p>
          <div className="aib-skeleton aib-skeleton--row" aria-hidden="true" />
          <div className="aib-skeleton aib-skeleton--row" aria-hidden="true" />
        </div>
      ) : versions.isError ? (
        <LoadError what="The versions" message={messageOf(versions.error)} onRetry={() => void versions.refetch()} retrying={versions.isFetching} headingLevel={3} />
      ) : list.length === 0 ? (
        <p>This app has no versions yet.</p>
      ) : (
        <VersionList
          app={app}
          versions={list}
          currentVersionId={currentVersionId}
          selected={selected}
          onToggleSelected={toggle}
          onRestore={startRestore}
          restoringId={restore.isPending ? (restoring?.id ?? null) : null}
          {...(tests.data ? { tests: tests.data } : {})}
        />
      )}
    </section>
  );
}
