import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BuildProgress } from './BuildProgress';

describe('BuildProgress', () => {
  it('says the app is being built and shows the description it is built from', () => {
    render(<BuildProgress description="A recipe helper" error={null} onRetry={vi.fn()} onEdit={vi.fn()} />);
    expect(screen.getByRole('heading', { name: 'Building your app…' })).toBeInTheDocument();
    expect(screen.getByLabelText('Your description')).toHaveTextContent('A recipe helper');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('shows the failure in words with Try again and Edit', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    const onEdit = vi.fn();
    render(<BuildProgress description="A recipe helper" error="The model is busy. Try again in a minute." onRetry={onRetry} onEdit={onEdit} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The model is busy. Try again in a minute.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await user.click(screen.getByRole('button', { name: 'Edit the description' }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(onEdit).toHaveBeenCalledOnce();
    expect(screen.getByLabelText('Your description')).toHaveTextContent('A recipe helper');
  });
});
