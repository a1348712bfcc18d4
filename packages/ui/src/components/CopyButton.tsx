import { useEffect, useRef, useState } from 'react';
import { Button, type ButtonProps } from './Button';

export interface CopyButtonProps extends Omit<ButtonProps, 'onClick' | 'children' | 'asChild' | 'loading'> {
  /** The text put on the clipboard (or a function computing it at click time). */
  text: string | (() => string);
  label?: string;
  copiedLabel?: string;
  failedLabel?: string;
  /** Called after the text was copied. */
  onCopied?: () => void;
  /** How long "Copied" shows, in milliseconds. */
  resetAfter?: number;
}

type CopyState = 'idle' | 'copied' | 'failed';

/** Copies text to the clipboard and confirms it visibly and to screen readers (aria-live). */
export function CopyButton({
  text,
  label = 'Copy',
  copiedLabel = 'Copied',
  failedLabel = 'Copy failed',
  onCopied,
  resetAfter = 2000,
  variant = 'secondary',
  size = 'sm',
  ...rest
}: CopyButtonProps) {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    clearTimeout(timer.current);
    try {
      if (!navigator.clipboard) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(typeof text === 'function' ? text() : text);
      setState('copied');
      onCopied?.();
    } catch {
      setState('failed');
    }
    timer.current = setTimeout(() => setState('idle'), resetAfter);
  };

  const message = state === 'copied' ? copiedLabel : state === 'failed' ? failedLabel : '';
  return (
    <>
      <Button variant={variant} size={size} data-state={state} onClick={() => void copy()} {...rest}>
        {state === 'idle' ? label : message}
      </Button>
      <span className="af-visually-hidden" aria-live="polite">
        {message}
      </span>
    </>
  );
}
