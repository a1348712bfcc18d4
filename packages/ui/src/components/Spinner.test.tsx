import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Spinner } from './Spinner';

describe('Spinner', () => {
  it('is a status that screen readers announce with its label', () => {
    render(<Spinner label="Loading apps" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading apps');
  });

  it('says "Loading" when no label is given', () => {
    render(<Spinner />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });
});
