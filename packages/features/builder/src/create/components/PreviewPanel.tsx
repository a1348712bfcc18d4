import type { JsonValue } from '@appforge/engine';
import { useRunStream } from '@appforge/sdk/react';
import { useMemo, useState } from 'react';
import { runViewOfStream } from '../lib/run-view-model';
import { RunView } from './RunView';

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
  const run = useRunStream();
  const [stopped, setStopped] = useState(false);
  const view = useMemo(() => runViewOfStream(run.state, stopped), [run.state, stopped]);

  const start = () => {
    setStopped(false);
    void run.start({ appId, versionId });
  };
  const resume = (extra: { inputs?: Record<string, JsonValue>; choice?: number }) => {
    if (run.state.runId === null) return;
    void run.continue({ appId, runId: run.state.runId, ...extra });
  };

  return (
    <section className="bc-panel bc-preview" aria-labelledby="bc-preview-title">
      <h2 id="bc-preview-title">Preview</h2>
      {blockingCount > 0 ? <p className="bc-deploy__warning">This version has problems; a preview stops at the first one it meets.</p> : null}
      <RunView
        view={view}
        busy={run.state.status === 'streaming'}
        onStart={start}
        onSubmitInputs={(inputs) => resume({ inputs })}
        onChoose={(choice) => resume({ choice })}
        onCancel={() => {
          setStopped(true);
          run.cancel();
        }}
        startLabel="Run preview"
      />
    </section>
  );
}
