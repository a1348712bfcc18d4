import { useRunStream } from '@appforge/sdk/react';
import * as markdown from '@appforge/ui/markdown';
import { useMemo, useState } from 'react';
import { provideMarkdown } from './LazyMarkdown';
import { PreviewRunView } from './PreviewRunView';
import type { PreviewRunViewProps } from './PreviewRunView';
import { runViewOfStream } from './run-view';

// The owner's previews (the builder) are creator screens: the Markdown renderer comes with them, so
// a preview's answer never flashes as raw text. Only the visitor's light entry loads it on first
// use (issue 28), and it never imports this module.
provideMarkdown(markdown);

export interface OwnerPreviewProps extends Pick<PreviewRunViewProps, 'startLabel' | 'idleText' | 'outputLabel' | 'retryLabel'> {
  readonly appId: string;
  /** The version on screen (the draft): run-app with version_id, which the server allows to the owner only. */
  readonly versionId: string;
}

/** Runs a version of an app as its owner, with the output streamed in as the model writes it. */
export function OwnerPreview({ appId, versionId, ...labels }: OwnerPreviewProps) {
  const run = useRunStream();
  const [stopped, setStopped] = useState(false);
  const view = useMemo(() => runViewOfStream(run.state, stopped), [run.state, stopped]);

  const start = () => {
    setStopped(false);
    void run.start({ appId, versionId });
  };

  return (
    <PreviewRunView
      {...labels}
      view={view}
      busy={run.state.status === 'streaming'}
      onStart={start}
      onSubmitInputs={(inputs) => void run.continue({ appId, inputs })}
      onChoose={(choice) => void run.continue({ appId, choice })}
      onCancel={() => {
        setStopped(true);
        run.cancel();
      }}
    />
  );
}
