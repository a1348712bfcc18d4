import { CodeBlock, CopyButton } from '@appforge/ui';

export interface KeyRevealProps {
  /** The key's value, shown this once. */
  apiKey: string;
  /** A ready curl line with the key in it, when an app is in the key's scope. */
  curl: string | null;
  /** Why there is no curl line (no deployed app in scope, API access off…). */
  curlNote?: string | undefined;
}

/** The key right after it was made: copy it now, it will not be shown again. */
export function KeyReveal({ apiKey, curl, curlNote }: KeyRevealProps) {
  return (
    <div className="af-keys-reveal">
      <p role="alert" className="af-keys-warning">
        Copy this key now. It will not be shown again: we keep only a fingerprint of it.
      </p>
      <div className="af-keys-secret">
        <code aria-label="Your new API key" data-testid="new-api-key">
          {apiKey}
        </code>
        <CopyButton text={apiKey} label="Copy key" />
      </div>
      {curl !== null ? (
        <>
          <h3>Try it with curl</h3>
          <CodeBlock code={curl} language="shell" copyLabel="Copy curl line" data-testid="curl-line" />
        </>
      ) : null}
      {curlNote ? <p className="af-keys-note">{curlNote}</p> : null}
    </div>
  );
}
