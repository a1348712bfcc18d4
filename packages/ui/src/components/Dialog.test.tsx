import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './Button';
import { Dialog } from './Dialog';

function renderDialog(onOpenChange = vi.fn()) {
  render(
    <Dialog
      title="Rename app"
      description="The new name shows everywhere."
      trigger={<Button>Rename</Button>}
      onOpenChange={onOpenChange}
      footer={<Button>Save</Button>}
    >
      <input aria-label="Name" />
    </Dialog>,
  );
  return onOpenChange;
}

describe('Dialog', () => {
  it('opens from its trigger as a modal dialog named and described by its title and description', async () => {
    renderDialog();
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Rename' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename app' });
    expect(dialog).toHaveAccessibleDescription('The new name shows everywhere.');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('closes on Escape and gives focus back to the trigger', async () => {
    const onOpenChange = renderDialog();
    const trigger = screen.getByRole('button', { name: 'Rename' });
    await userEvent.click(trigger);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger).toHaveFocus();
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
  });

  it('closes with its Close button', async () => {
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Rename' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps keyboard focus inside while open', async () => {
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Rename' }));
    const dialog = screen.getByRole('dialog');
    for (let step = 0; step < 5; step += 1) {
      await userEvent.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('can be controlled by its parent', () => {
    render(<Dialog title="Controlled" open onOpenChange={() => undefined} />);
    expect(screen.getByRole('dialog', { name: 'Controlled' })).toBeInTheDocument();
  });
});
