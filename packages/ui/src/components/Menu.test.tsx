import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './Button';
import { Menu } from './Menu';

function renderMenu() {
  const open = vi.fn();
  const duplicate = vi.fn();
  const move = vi.fn();
  const remove = vi.fn();
  render(
    <Menu
      trigger={<Button>Actions</Button>}
      items={[
        { label: 'Open', onSelect: open },
        { label: 'Duplicate', onSelect: duplicate },
        { label: 'Move', onSelect: move, disabled: true },
        { type: 'separator' },
        { label: 'Delete', onSelect: remove, destructive: true },
      ]}
    />,
  );
  return { open, duplicate, move, remove };
}

describe('Menu', () => {
  it('opens from its trigger and runs the chosen action', async () => {
    const { duplicate } = renderMenu();
    const trigger = screen.getByRole('button', { name: 'Actions' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    await userEvent.click(trigger);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Duplicate' }));
    expect(duplicate).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('works with the keyboard alone', async () => {
    const { duplicate } = renderMenu();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'Open' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(duplicate).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Actions' })).toHaveFocus();
  });

  it('skips disabled items and closes on Escape', async () => {
    const { move } = renderMenu();
    await userEvent.click(screen.getByRole('button', { name: 'Actions' }));
    const disabled = screen.getByRole('menuitem', { name: 'Move' });
    expect(disabled).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(disabled);
    expect(move).not.toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
