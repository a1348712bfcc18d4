import { diffSpecs, isSameSpec, summariseDiff } from '@appforge/engine';
import type { FieldChange, StepChange } from '@appforge/engine';
import type { AppVersionRow } from '@appforge/sdk';
import { Badge, Button } from '@appforge/ui';
import { useMemo } from 'react';

export interface VersionCompareProps {
  readonly older: AppVersionRow;
  readonly newer: AppVersionRow;
  readonly onClose: () => void;
}

const CHANGE_WORDS: Record<StepChange['type'], { label: string; tone: 'success' | 'danger' | 'brand' }> = {
  added: { label: 'Added', tone: 'success' },
  removed: { label: 'Removed', tone: 'danger' },
  changed: { label: 'Changed', tone: 'brand' },
};

function Text({ value }: { value: string | null }) {
  if (value === null) return <span className="aib-muted">(not set)</span>;
  if (value === '') return <span className="aib-muted">(empty)</span>;
  return <>{value}</>;
}

function FieldChanges({ fields }: { fields: readonly FieldChange[] }) {
  return (
    <dl className="aib-fields">
      {fields.map((field) => (
        <div key={field.key} className="aib-fields__row">
          <dt>{field.label}</dt>
          <dd className="aib-fields__before">
            <span className="aib-fields__tag">Before</span>
            <span className="aib-fields__text">
              <Text value={field.before} />
            </span>
          </dd>
          <dd className="aib-fields__after">
            <span className="aib-fields__tag">After</span>
            <span className="aib-fields__text">
              <Text value={field.after} />
            </span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Step by step, what changed from the older version to the newer one. */
export function VersionCompare({ older, newer, onClose }: VersionCompareProps) {
  const diff = useMemo(() => diffSpecs(older.spec, newer.spec), [older.spec, newer.spec]);
  const same = isSameSpec(diff);
  return (
    <section className="aib-compare" aria-labelledby="aib-compare-title">
      <div className="aib-panel__head">
        <h3 id="aib-compare-title">
          Changes from version {older.number} to version {newer.number}
        </h3>
        <Button size="sm" variant="ghost" onClick={onClose}>
          Close comparison
        </Button>
      </div>
      <p role="status">{summariseDiff(diff)}</p>
      {same ? null : (
        <>
          {diff.app.length > 0 ? (
            <div className="aib-change">
              <h4 className="aib-change__title">App settings</h4>
              <FieldChanges fields={diff.app} />
            </div>
          ) : null}
          <ol className="aib-changes" aria-label="Step changes">
            {diff.steps.map((change) => {
              const words = CHANGE_WORDS[change.type];
              return (
                <li key={`${change.type}-${change.stepId}`} className={`aib-change aib-change--${change.type}`}>
                  <h4 className="aib-change__title">
                    <Badge tone={words.tone}>{words.label}</Badge>{' '}
                    {change.type === 'removed' ? `Step ${change.position} (was): ${change.title}` : `Step ${change.position}: ${change.title}`}
                    {change.type === 'changed' && change.previousTitle !== change.title ? (
                      <span className="aib-muted"> (was “{change.previousTitle}”)</span>
                    ) : null}
                  </h4>
                  {change.type === 'changed' ? <FieldChanges fields={change.fields} /> : null}
                </li>
              );
            })}
          </ol>
          {diff.unchanged > 0 ? (
            <p className="aib-muted">
              {diff.unchanged} step{diff.unchanged === 1 ? '' : 's'} unchanged.
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
