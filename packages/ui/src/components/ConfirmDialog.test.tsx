import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './Button';
import { ConfirmDialog } from './ConfirmDialog';

function deferred() {
  let resolve: () => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('ConfirmDialog', () => {
  it('asks before acting and runs the action on confirm', async () => {
    const onConfirm = vi.fn();
    render(
      <ConfirmDialog
        title="Publish version 4?"
        description="Visitors see it right away."
        confirmLabel="Publish"
        trigger={<Button>Publish…</Button>}
        onConfirm={onConfirm}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Publish…' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Publish version 4?' });
    expect(dialog).toHaveAccessibleDescription('Visitors see it right away.');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('does nothing when cancelled', async () => {
    const onConfirm = vi.fn();
    render(<ConfirmDialog title="Delete?" defaultOpen onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('starts with focus on Cancel so Enter does not destroy anything by accident', () => {
    render(<ConfirmDialog title="Delete?" destructive defaultOpen onConfirm={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('requires the exact name to be typed before a destructive confirm is allowed', async () => {
    const onConfirm = vi.fn();
    render(
      <ConfirmDialog
        title="Delete “Support bot”?"
        confirmLabel="Delete app"
        destructive
        confirmationText="Support bot"
        defaultOpen
        onConfirm={onConfirm}
      />,
    );
    const confirm = screen.getByRole('button', { name: 'Delete app' });
    const input = screen.getByRole('textbox', { name: 'Type Support bot to confirm' });
    expect(input).toHaveFocus();
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveClass('af-button--danger');

    await userEvent.type(input, 'support bot');
    expect(confirm).toBeDisabled();
    await userEvent.type(input, '{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();

    await userEvent.clear(input);
    await userEvent.type(input, 'Support bot');
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('shows progress while an async confirm runs and closes when it succeeds', async () => {
    const work = deferred();
    const onOpenChange = vi.fn();
    render(
      <ConfirmDialog title="Deploy?" confirmLabel="Deploy" defaultOpen onOpenChange={onOpenChange} onConfirm={() => work.promise} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Deploy' }));
    const confirm = screen.getByRole('button', { name: 'Deploy' });
    expect(confirm).toHaveAttribute('aria-busy', 'true');
    expect(confirm).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();

    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();

    work.resolve();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
  });

  it('stays open and shows the error when the action fails', async () => {
    const work = deferred();
    render(<ConfirmDialog title="Deploy?" confirmLabel="Deploy" defaultOpen onConfirm={() => work.promise} />);
    await userEvent.click(screen.getByRole('button', { name: 'Deploy' }));
    work.reject(new Error('The deployment service is unavailable.'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The deployment service is unavailable.');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    const confirm = screen.getByRole('button', { name: 'Deploy' });
    expect(confirm).toBeEnabled();
    expect(confirm).toHaveAccessibleDescription('The deployment service is unavailable.');
  });

  it('forgets the typed text when reopened', async () => {
    render(
      <ConfirmDialog
        title="Delete?"
        confirmationText="demo"
        trigger={<Button>Delete…</Button>}
        onConfirm={vi.fn()}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete…' }));
    await userEvent.type(screen.getByRole('textbox'), 'demo');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete…' }));
    expect(screen.getByRole('textbox')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  });

  it('confirming inside another form does not submit that form too (React bubbles through the portal)', async () => {
    const outerSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const onConfirm = vi.fn();
    render(
      <form aria-label="Settings" onSubmit={outerSubmit}>
        <ConfirmDialog title="Leave?" confirmLabel="Leave" onConfirm={onConfirm} trigger={<Button>Open</Button>} />
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
    expect(outerSubmit).not.toHaveBeenCalled();
  });
});
