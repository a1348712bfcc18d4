import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SaveIndicator } from './SaveIndicator';

describe('SaveIndicator', () => {
  it('says saved, saving, and not saved with the reason and a retry', async () => {
    const onRetry = vi.fn();
    const { rerender } = render(<SaveIndicator state={{ status: 'saved', message: null, code: null, retryAt: null }} onRetry={onRetry} />);
    expect(screen.getByRole('status')).toHaveTextContent('All changes saved');
    rerender(<SaveIndicator state={{ status: 'saving', message: null, code: null, retryAt: null }} onRetry={onRetry} />);
    expect(screen.getByRole('status')).toHaveTextContent('Saving…');
    rerender(<SaveIndicator state={{ status: 'error', message: 'Server down', code: 'network_error', retryAt: 1 }} onRetry={onRetry} />);
    expect(screen.getByRole('status')).toHaveTextContent('Not saved: Server down. Kept in this browser, retrying soon.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry now' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('offers no pointless retry when the version is frozen', () => {
    render(<SaveIndicator state={{ status: 'error', message: 'Frozen', code: 'version_frozen', retryAt: null }} onRetry={() => undefined} />);
    expect(screen.getByRole('status')).toHaveTextContent('this version is deployed and frozen');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
