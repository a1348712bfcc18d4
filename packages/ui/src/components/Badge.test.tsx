import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Badge } from './Badge';

describe('Badge', () => {
  it('shows its text in the chosen tone', () => {
    render(<Badge tone="success">Deployed</Badge>);
    expect(screen.getByText('Deployed')).toHaveClass('af-badge', 'af-badge--success');
  });

  it('defaults to the neutral tone and passes attributes through', () => {
    render(<Badge title="Not published yet">Draft</Badge>);
    const badge = screen.getByText('Draft');
    expect(badge).toHaveClass('af-badge--neutral');
    expect(badge).toHaveAttribute('title', 'Not published yet');
  });
});
