import { OwnerPreview } from '@appforge/run-view';

export interface DraftPreviewProps {
  readonly appId: string;
  readonly versionId: string;
  readonly versionNumber: number;
}

/**
 * Runs the version on screen as a draft, as its owner (run-app with version_id, owner-only on the
 * server), with the same run view as the owner's Preview and the visitor's page.
 */
export function DraftPreview({ appId, versionId, versionNumber }: DraftPreviewProps) {
  return (
    <section className="aib-panel aib-preview" aria-labelledby="aib-preview-title">
      <div className="aib-panel__head">
        <h2 id="aib-preview-title">Preview of version {versionNumber}</h2>
      </div>
      <OwnerPreview
        appId={appId}
        versionId={versionId}
        startLabel="Run preview"
        idleText="Try this version as a visitor would. Preview runs are yours only and do not change the app."
        outputLabel="Preview output"
        retryLabel="Try again"
      />
    </section>
  );
}
