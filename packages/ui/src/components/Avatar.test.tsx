import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, initialsOf } from './Avatar';

describe('Avatar', () => {
  it('shows initials named after the person when there is no picture', () => {
    render(<Avatar name="Ada Lovelace" />);
    const avatar = screen.getByRole('img', { name: 'Ada Lovelace' });
    expect(avatar).toHaveTextContent('AL');
  });

  it('falls back to initials while the picture has not loaded', () => {
    render(<Avatar name="Grace Hopper" src="/missing.png" />);
    expect(screen.getByRole('img', { name: 'Grace Hopper' })).toHaveTextContent('GH');
  });

  it.each([
    ['Ada Lovelace', 'AL'],
    ['ada', 'A'],
    ['ada@example.com', 'A'],
    ['jean-luc picard', 'JP'],
    ['  ', '?'],
    ['Ada Byron Lovelace', 'AL'],
  ])('derives initials from %j as %j', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});
