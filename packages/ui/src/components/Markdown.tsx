import { clsx } from 'clsx';
import type { ComponentProps } from 'react';
import { useMemo } from 'react';
import { renderMarkdown } from './render-markdown';

export interface MarkdownProps extends Omit<ComponentProps<'div'>, 'children' | 'dangerouslySetInnerHTML'> {
  /** Markdown text, possibly from an untrusted source (a user, a model). */
  source: string;
}

/**
 * Renders Markdown safely: `marked` turns it into HTML and DOMPurify sanitises that HTML before it
 * reaches the DOM (no scripts, event handlers, javascript:/data: URLs, iframes or inline styles).
 * External links open in a new tab with rel="noopener noreferrer".
 */
export function Markdown({ source, className, ...rest }: MarkdownProps) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  // The only HTML we inject is renderMarkdown's output, which has been through DOMPurify.
  return <div className={clsx('af-markdown', className)} {...rest} dangerouslySetInnerHTML={{ __html: html }} />;
}
