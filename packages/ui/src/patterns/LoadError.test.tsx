import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoadError } from './LoadError';

describe('LoadError', () => {
  it('says what could not be loaded and why, and tries again on request', async () => {
    const onRetry = vi.fn();
    render(<LoadError what="This app's settings" message="The server took too long to answer. Try again in a moment." onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent("This app's settings could not be loaded.");
    expect(alert).toHaveTextContent('The server took too long to answer.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('offers no "Try again" when retrying cannot help', () => {
    render(<LoadError what="This database" message="It does not exist, or it belongs to someone else." />);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});
