// Issue 28: the snippets an owner pastes into their own site. Both load /embed.js from the
// platform, which sizes the frame to the app's content (the app posts its height) and, in button
// mode, opens the app in a panel from a floating button.

/** Text safe inside a double-quoted HTML attribute. */
function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export interface EmbedSnippetInput {
  /** The platform's origin, e.g. https://appforge.example. */
  origin: string;
  appId: string;
  appName: string;
}

/** An iframe of the deployed app, and the loader that keeps its height in step with the content. */
export function iframeSnippet({ origin, appId, appName }: EmbedSnippetInput): string {
  return [
    `<iframe src="${attribute(`${origin}/deployed-app/${appId}?embed=1`)}" title="${attribute(appName)}" data-appforge-app="${attribute(appId)}"`,
    `  style="width:100%;border:0" height="600" allow="clipboard-write"></iframe>`,
    `<script src="${attribute(`${origin}/embed.js`)}" async></script>`,
  ].join('\n');
}

/** The loader alone: the app inline where the tag is, or a floating button that opens it. */
export function scriptSnippet({ origin, appId }: EmbedSnippetInput, mode: 'inline' | 'button'): string {
  return `<script src="${attribute(`${origin}/embed.js`)}" data-app="${attribute(appId)}" data-mode="${mode}" async></script>`;
}
