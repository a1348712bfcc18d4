import { clsx } from 'clsx';
import type { ComponentProps } from 'react';
import { CopyButton } from './CopyButton';

export interface CodeBlockProps extends Omit<ComponentProps<'figure'>, 'children'> {
  code: string;
  /** Shown as a label and set as `language-…` class for highlighters. */
  language?: string;
  /** Hides the copy button (e.g. for output that makes no sense to copy). */
  copyable?: boolean;
  copyLabel?: string;
}

/** Preformatted code with its language and a copy button. Long lines scroll; the block is keyboard-scrollable. */
export function CodeBlock({ code, language, copyable = true, copyLabel = 'Copy', className, ...rest }: CodeBlockProps) {
  return (
    <figure className={clsx('af-code-block', className)} {...rest}>
      <figcaption className="af-code-block__header">
        <span className="af-code-block__language">{language ?? 'code'}</span>
        {copyable ? <CopyButton text={code} label={copyLabel} variant="ghost" size="sm" /> : null}
      </figcaption>
      {/* Focusable so keyboard users can scroll long lines sideways. */}
      <pre className="af-code-block__pre" tabIndex={0}>
        <code className={language ? `language-${language}` : undefined}>{code}</code>
      </pre>
    </figure>
  );
}
