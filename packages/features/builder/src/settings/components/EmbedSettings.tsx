import { parseEmbedOriginLines } from '@appforge/sdk';
import type { AppDetail, AppPatch } from '@appforge/sdk';
import { CodeBlock, Switch, TextArea } from '@appforge/ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { iframeSnippet, scriptSnippet } from '../lib/embed-snippets';
import { useUnsavedWarning } from '../lib/use-unsaved-warning';
import { SaveBar } from './SaveBar';
import type { SaveState } from './SaveBar';

export interface EmbedSettingsProps {
  app: Pick<AppDetail, 'id' | 'name' | 'deployed_version_id' | 'embed_enabled' | 'embed_origins'>;
  /** The platform's origin the snippets load from (the page's own, in the browser). */
  origin: string;
  state: SaveState;
  onSave: (patch: Pick<AppPatch, 'embed_enabled' | 'embed_origins'>) => void;
}

/**
 * "Embed on your site" (issue 28): a switch, the sites allowed to frame the app (one per line,
 * checked like the database checks them), and the snippets to paste. Browsers refuse the frame on
 * any site not listed, so a copied snippet works only where the owner said it may.
 */
export function EmbedSettings({ app, origin, state, onSave }: EmbedSettingsProps) {
  const saved = app.embed_origins.join('\n');
  const [text, setText] = useState(saved);
  const [error, setError] = useState<string | undefined>(undefined);
  const dirty = text.trim() !== saved.trim();
  useUnsavedWarning(dirty);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = parseEmbedOriginLines(text);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setError(undefined);
    setText(checked.origins.join('\n'));
    onSave({ embed_origins: checked.origins });
  };

  const input = { origin, appId: app.id, appName: app.name };
  return (
    <section aria-labelledby="app-embed-heading" className="settings-form">
      <h2 id="app-embed-heading" className="settings-subheading">
        Embed on your site
      </h2>
      <Switch
        label="Let other sites embed this app"
        hint="Only the sites listed below can show it in a frame; every other site is refused by the browser."
        checked={app.embed_enabled}
        disabled={state.pending}
        onCheckedChange={(checked) => onSave({ embed_enabled: checked })}
      />
      <form onSubmit={submit} noValidate className="settings-form">
        <TextArea
          label="Sites allowed to embed it"
          name="embedOrigins"
          rows={4}
          value={text}
          placeholder="https://example.com"
          onChange={(event) => {
            setText(event.target.value);
            setError(undefined);
          }}
          error={error}
          hint="One address per line, like https://example.com or https://*.example.com (up to 20)."
        />
        <SaveBar state={state} dirty={dirty} label="Save sites" />
      </form>
      {app.embed_enabled ? (
        <>
          {app.deployed_version_id === null ? <p>Deploy the app first: embeds show its deployed version.</p> : null}
          {app.embed_origins.length === 0 ? <p>Add at least one site above, or no site can show the app.</p> : null}
          <CodeBlock language="html" code={iframeSnippet(input)} copyLabel="Copy the iframe snippet" aria-label="The iframe snippet" />
          <CodeBlock language="html" code={scriptSnippet(input, 'inline')} copyLabel="Copy the inline script snippet" aria-label="The inline script snippet" />
          <CodeBlock language="html" code={scriptSnippet(input, 'button')} copyLabel="Copy the button script snippet" aria-label="The button script snippet" />
        </>
      ) : null}
    </section>
  );
}
