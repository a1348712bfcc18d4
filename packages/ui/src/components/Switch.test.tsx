import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Switch } from './Switch';

describe('Switch', () => {
  it('turns on and off when clicked', async () => {
    const onCheckedChange = vi.fn();
    render(<Switch label="API access" onCheckedChange={onCheckedChange} />);
    const toggle = screen.getByRole('switch', { name: 'API access' });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    expect(toggle).toBeChecked();
    expect(onCheckedChange).toHaveBeenCalledWith(true);
  });

  it('toggles with the keyboard', async () => {
    render(<Switch label="Dark mode" defaultChecked />);
    await userEvent.tab();
    await userEvent.keyboard(' ');
    expect(screen.getByRole('switch', { name: 'Dark mode' })).not.toBeChecked();
  });

  it('is described by its hint and cannot be toggled when disabled', async () => {
    render(<Switch label="Public" hint="Anyone with the link can open it." disabled />);
    const toggle = screen.getByRole('switch', { name: 'Public' });
    expect(toggle).toHaveAccessibleDescription('Anyone with the link can open it.');
    await userEvent.click(toggle);
    expect(toggle).not.toBeChecked();
  });
});
