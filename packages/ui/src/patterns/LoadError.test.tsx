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

  it('says a missing thing is missing, with no "Try again", even when a retry is offered', () => {
    render(<LoadError what="This version" notFound message="Row not found" onRetry={vi.fn()} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('This version could not be loaded. It does not exist, or it belongs to someone else.');
    expect(alert).not.toHaveTextContent('Row not found');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('takes a whole heading when "could not be loaded" does not fit', () => {
    render(<LoadError what="This version" title="This version belongs to another app" notFound />);
    expect(screen.getByRole('heading', { name: 'This version belongs to another app' })).toBeInTheDocument();
  });
});
