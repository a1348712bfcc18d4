import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EmptyState } from './EmptyState';

describe('EmptyState', () => {
  it('says what is missing and offers the next step', async () => {
    const onCreate = vi.fn();
    render(
      <EmptyState
        icon={<svg data-testid="icon" />}
        title="No apps yet"
        description="Describe one to get started."
        action={<button onClick={onCreate}>Create an app</button>}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'No apps yet' })).toBeInTheDocument();
    expect(screen.getByText('Describe one to get started.')).toBeInTheDocument();
    expect(screen.getByTestId('icon').parentElement).toHaveAttribute('aria-hidden', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Create an app' }));
    expect(onCreate).toHaveBeenCalledTimes(1);
  });

  it('renders only the title when that is all there is', () => {
    const { container } = render(<EmptyState title="Nothing here" headingLevel={3} />);
    expect(screen.getByRole('heading', { level: 3, name: 'Nothing here' })).toBeInTheDocument();
    expect(container.querySelector('.af-empty-state__action')).toBeNull();
  });
});
