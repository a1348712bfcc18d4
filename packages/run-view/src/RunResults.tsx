import { Button, CopyButton } from '@appforge/ui';
import { LazyMarkdown as Markdown } from './LazyMarkdown';
import { useEffect, useRef } from 'react';

export interface RunResultsProps {
  results: readonly { readonly key: string; readonly title: string; readonly markdown: string }[];
  onRunAgain: () => void;
}

/**
 * The finished run: every result with its own Copy button (the Markdown source is copied, so it
 * pastes well into documents and chats), and "Run again". Focus lands on the heading so keyboard
 * and screen-reader users arrive at the results.
 */
export function RunResults({ results, onRunAgain }: RunResultsProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <section className="visitor-results" aria-labelledby="visitor-results-heading">
      <h2 id="visitor-results-heading" ref={headingRef} tabIndex={-1} className="visitor-results__heading">
        Results
      </h2>
      {results.length === 0 ? <p className="visitor-results__empty">The app finished without showing anything.</p> : null}
      {results.map((result, index) => {
        const name = result.title || `Result ${index + 1}`;
        return (
          <article key={result.key} className="visitor-result" aria-label={name}>
            <header className="visitor-result__header">
              {result.title ? <h3 className="visitor-result__title">{result.title}</h3> : <span />}
              <CopyButton text={result.markdown} aria-label={`Copy ${name}`} />
            </header>
            <Markdown source={result.markdown} className="visitor-result__body" />
          </article>
        );
      })}
      <div className="visitor-results__actions">
        <Button onClick={onRunAgain}>Run again</Button>
      </div>
    </section>
  );
}
