import { OwnerPreview } from '@appforge/run-view';

export interface PreviewPanelProps {
  readonly appId: string;
  readonly versionId: string;
  /** Blocking problems in the version: a run would stop at them, so say so first. */
  readonly blockingCount: number;
}

/**
 * Runs the version on screen (the draft) as its owner — run-app with version_id, which the
 * server allows to the owner only — with the output streamed in as the model writes it.
 */
export function PreviewPanel({ appId, versionId, blockingCount }: PreviewPanelProps) {
  return (
    <section className="bc-panel bc-preview" aria-labelledby="bc-preview-title">
      <h2 id="bc-preview-title">Preview</h2>
      {blockingCount > 0 ? <p className="bc-deploy__warning">This version has problems; a preview stops at the first one it meets.</p> : null}
      <OwnerPreview appId={appId} versionId={versionId} startLabel="Run preview" outputLabel="Output" retryLabel="Run again" />
    </section>
  );
}
