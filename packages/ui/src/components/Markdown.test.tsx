import { render, screen } from '@testing-library/react';
import DOMPurify from 'dompurify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Markdown } from './Markdown';

const DANGEROUS_ELEMENTS = 'script, iframe, frame, object, embed, style, link, meta, base, form, input, button, svg, math, template';

/** Every way the rendered DOM could run script or load something we did not allow. */
function expectInert(root: Element) {
  expect(root.querySelectorAll(DANGEROUS_ELEMENTS)).toHaveLength(0);
  for (const element of root.querySelectorAll('*')) {
    for (const attribute of element.attributes) {
      expect(attribute.name.startsWith('on'), `${element.tagName} has ${attribute.name}`).toBe(false);
      expect(attribute.name, `${element.tagName} keeps a style attribute`).not.toBe('style');
      if (['href', 'src', 'action', 'formaction', 'xlink:href', 'srcset'].includes(attribute.name)) {
        expect(attribute.value, `${element.tagName} ${attribute.name}`).not.toMatch(/^\s*(javascript|data|vbscript):/i);
      }
    }
  }
}

function renderMarkdown(source: string) {
  const { container } = render(<Markdown source={source} />);
  const root = container.firstElementChild;
  if (!root) throw new Error('Markdown rendered nothing');
  return root;
}

describe('Markdown', () => {
  let alert: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    alert = vi.fn();
    vi.stubGlobal('alert', alert);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('renders headings, emphasis, lists, code and tables', () => {
    const root = renderMarkdown('# Plan\n\nSome **bold** text.\n\n- one\n- two\n\n`code`\n\n| a | b |\n| - | - |\n| 1 | 2 |');
    expect(screen.getByRole('heading', { level: 1, name: 'Plan' })).toBeInTheDocument();
    expect(root.querySelector('strong')).toHaveTextContent('bold');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(root.querySelector('code')).toHaveTextContent('code');
    expect(screen.getByRole('table')).toBeInTheDocument();
  });

  it('opens external links in a new tab without giving it access to this page', () => {
    renderMarkdown('[docs](https://example.com/docs)');
    const link = screen.getByRole('link', { name: 'docs' });
    expect(link).toHaveAttribute('href', 'https://example.com/docs');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('keeps same-site links in the same tab', () => {
    renderMarkdown('[settings](/settings) and [top](#top)');
    expect(screen.getByRole('link', { name: 'settings' })).not.toHaveAttribute('target');
    expect(screen.getByRole('link', { name: 'top' })).not.toHaveAttribute('target');
  });

  it('shows raw HTML as the text it is, never as markup', () => {
    const root = renderMarkdown('Use <a href="/x" target="_top">x</a> here.\n\n<div class="card">A card</div>');
    expect(screen.queryByRole('link')).toBeNull();
    expect(root.querySelector('div')).toBeNull();
    expect(root).toHaveTextContent('Use <a href="/x" target="_top">x</a> here.');
    expect(root).toHaveTextContent('<div class="card">A card</div>');
  });

  it('renders an empty source as nothing', () => {
    const root = renderMarkdown('');
    expect(root).toBeEmptyDOMElement();
  });

  describe('hostile input never reaches the DOM', () => {
    const payloads: [string, string][] = [
      ['a script tag', "<script>alert('xss')</script>"],
      ['a script tag split across lines', '<scr\nipt>alert(1)</script>'],
      ['an onerror handler on an image', '<img src="x" onerror="alert(1)">'],
      ['an onload handler on svg', '<svg onload="alert(1)"><circle r="1"/></svg>'],
      ['event handlers on ordinary tags', '<p onclick="alert(1)" onmouseover="alert(2)">hi</p>'],
      ['a javascript: markdown link', '[click](javascript:alert(1))'],
      ['a mixed-case javascript: link', '<a href="JaVaScRiPt:alert(1)">x</a>'],
      ['an entity-encoded javascript: link', '<a href="&#106;avascript:alert(1)">x</a>'],
      ['a javascript: link with whitespace', '<a href=" javascript:alert(1)">x</a>'],
      ['a javascript: image', '![x](javascript:alert(1))'],
      ['an iframe', '<iframe src="https://evil.example"></iframe>'],
      ['an iframe with srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
      ['an inline style attribute', '<p style="position:fixed;inset:0;background:red">x</p>'],
      ['a style element', '<style>body{display:none}</style>'],
      ['a data: image', '![tracker](data:image/png;base64,iVBORw0KGgo=)'],
      ['a data: html link', '<a href="data:text/html,<script>alert(1)</script>">x</a>'],
      ['a data: image tag', '<img src="data:image/svg+xml,<svg onload=alert(1)>">'],
      ['a form with formaction', '<form action="https://evil.example"><button formaction="javascript:alert(1)">go</button></form>'],
      ['an object/embed', '<object data="evil.swf"></object><embed src="evil.swf">'],
      ['a meta refresh', '<meta http-equiv="refresh" content="0;url=https://evil.example">'],
      ['a base tag', '<base href="https://evil.example/">'],
      ['a mutation-XSS payload', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>'],
      ['a noscript mXSS payload', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">'],
      ['a template smuggling payload', '<template><img src=x onerror=alert(1)></template>'],
      ['an srcset', '<img srcset="javascript:alert(1) 1x">'],
    ];

    for (const [name, source] of payloads) {
      it(`neutralises ${name}`, () => {
        const root = renderMarkdown(source);
        expectInert(root);
        expect(alert).not.toHaveBeenCalled();
      });
    }

    it('keeps the text around the payload and shows the payload as inert text', () => {
      const root = renderMarkdown('Before <script>alert(1)</script> after');
      expect(root.querySelector('script')).toBeNull();
      expect(screen.getByText(/Before/)).toHaveTextContent('Before <script>alert(1)</script> after');
    });
  });

  it('does not change how DOMPurify behaves for the rest of the app', () => {
    renderMarkdown('[docs](https://example.com)');
    const elsewhere = DOMPurify.sanitize('<a href="https://example.com">x</a>');
    expect(elsewhere).not.toContain('target');
    expect(elsewhere).not.toContain('rel=');
  });
});
