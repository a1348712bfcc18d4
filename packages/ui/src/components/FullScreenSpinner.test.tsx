import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FullScreenSpinner } from './FullScreenSpinner';

describe('FullScreenSpinner', () => {
  it('covers the page, marks it busy and announces what is loading', () => {
    const { container } = render(<FullScreenSpinner label="Loading your workspace" />);
    expect(container.firstElementChild).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Loading your workspace');
  });

  it('can show the label visibly without announcing it twice', () => {
    render(<FullScreenSpinner label="Signing you in" showLabel />);
    const visible = screen.getByText('Signing you in', { selector: 'p' });
    expect(visible).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Signing you in');
  });
});
