import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CopyButton } from './CopyButton';

describe('CopyButton', () => {
  it('puts the text on the clipboard, says "Copied" and announces it', async () => {
    const user = userEvent.setup();
    const onCopied = vi.fn();
    render(<CopyButton text="af_live_123" label="Copy key" onCopied={onCopied} />);
    await user.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe('af_live_123');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    const live = document.querySelector('[aria-live="polite"]');
    expect(live).toHaveTextContent('Copied');
    expect(onCopied).toHaveBeenCalledTimes(1);
  });

  it('goes back to its label after a moment', async () => {
    const user = userEvent.setup();
    render(<CopyButton text="x" resetAfter={20} />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument());
  });

  it('copies the text as it is at click time when given a function', async () => {
    const user = userEvent.setup();
    let value = 'first';
    render(<CopyButton text={() => value} />);
    value = 'second';
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe('second');
  });

  it('says so when the browser refuses to copy', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    render(<CopyButton text="secret" />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByRole('button', { name: 'Copy failed' })).toBeInTheDocument();
    expect(document.querySelector('[aria-live="polite"]')).toHaveTextContent('Copy failed');
  });
});
