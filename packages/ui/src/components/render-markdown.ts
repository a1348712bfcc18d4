import DOMPurify from 'dompurify';
import { Marked } from 'marked';

type Purifier = ReturnType<typeof DOMPurify>;

let marked: Marked | undefined;
let purifier: Purifier | undefined;

const SAFE_URL = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

function isExternal(href: string): boolean {
  if (!/^(?:[a-z][a-z0-9+.-]*:)?\/\//i.test(href)) return false;
  try {
    return new URL(href, window.location.href).origin !== window.location.origin;
  } catch {
    return true;
  }
}

// Created on first use rather than at import, so importing the package has no side effects and
// the hooks live on a private DOMPurify instance instead of the shared default one.
function getPurifier(): Purifier {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  instance.addHook('uponSanitizeAttribute', (_node, data) => {
    // DOMPurify lets data: URLs through on <img> and media by default; we never want them.
    if (/^\s*data:/i.test(data.attrValue)) data.keepAttr = false;
  });
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A') return;
    const href = node.getAttribute('href');
    node.removeAttribute('target');
    if (href === null) return;
    node.setAttribute('rel', 'noopener noreferrer');
    if (isExternal(href)) node.setAttribute('target', '_blank');
  });
  purifier = instance;
  return instance;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * Markdown → sanitised HTML string. Raw HTML in the source (a model that writes `<div>` or
 * `<script>` outside a code block, a visitor who types a tag) is shown as the text it is, the way
 * chat assistants show it, never parsed as markup: nothing of it can run, and the page never even
 * parses an event-handler attribute (which the CSP would report). DOMPurify still sanitises the
 * result, a second wall behind the first.
 */
export function renderMarkdown(source: string): string {
  marked ??= new Marked({
    gfm: true,
    async: false,
    renderer: {
      html({ text, block }) {
        return block ? `<p>${escapeHtml(text.trim())}</p>\n` : escapeHtml(text);
      },
    },
  });
  const html = marked.parse(source, { async: false });
  return getPurifier().sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'option', 'iframe', 'frame', 'object', 'embed', 'base', 'link', 'meta', 'template'],
    FORBID_ATTR: ['style', 'srcset', 'action', 'formaction', 'target'],
    ALLOWED_URI_REGEXP: SAFE_URL,
  });
}
