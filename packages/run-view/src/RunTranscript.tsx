import { LazyMarkdown as Markdown } from './LazyMarkdown';
import type { RunSegment } from './run-view';

export interface RunTranscriptProps {
  segments: readonly RunSegment[];
  /** The region's accessible name. */
  label?: string | undefined;
  /** Show the (empty) region before the first text arrives, e.g. where a page asserts on it. */
  persistent?: boolean | undefined;
  /** The run is under way: the region is busy even before a segment streams. */
  busy?: boolean | undefined;
}

/**
 * What the run has written so far: each AI step's text growing as its tokens arrive, and each
 * output step's result. Always rendered through the sanitising Markdown component: model text is
 * never trusted as HTML. The region is `aria-busy` while text streams, so screen readers read it
 * once it settles rather than token by token.
 */
export function RunTranscript({ segments, label = 'Answer', persistent = false, busy = false }: RunTranscriptProps) {
  if (segments.length === 0 && !persistent) return null;
  const streaming = busy || segments.some((segment) => segment.streaming);
  return (
    <section className="visitor-transcript" aria-label={label} aria-live="polite" aria-busy={streaming}>
      {segments.map((segment) => (
        <article key={segment.key} className="visitor-segment" data-streaming={segment.streaming || undefined}>
          {segment.title ? <h3 className="visitor-segment__title">{segment.title}</h3> : null}
          {segment.markdown === '' && segment.streaming ? (
            <p className="visitor-segment__thinking">Thinking…</p>
          ) : (
            <Markdown source={segment.markdown} className="visitor-segment__body" />
          )}
          {segment.streaming ? <span className="visitor-segment__cursor" aria-hidden="true" /> : null}
        </article>
      ))}
    </section>
  );
}
