import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast, type ToastOptions } from './Toast';

function Trigger(options: ToastOptions) {
  const { toast } = useToast();
  return <button onClick={() => toast(options)}>Notify</button>;
}

describe('Toast', () => {
  it('shows a toast with title and description in the notifications region', async () => {
    render(
      <ToastProvider>
        <Trigger title="Saved" description="Your changes are live." tone="success" />
      </ToastProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Notify' }));
    const region = screen.getByRole('region', { name: /Notifications/ });
    const toast = await screen.findByText('Saved');
    expect(region).toContainElement(toast);
    expect(region).toHaveTextContent('Your changes are live.');
  });

  it('can be dismissed with its close button', async () => {
    render(
      <ToastProvider>
        <Trigger title="Deploy failed" tone="danger" />
      </ToastProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Notify' }));
    expect(await screen.findByText('Deploy failed')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText('Deploy failed', { selector: '.af-toast__title' })).toBeNull());
  });

  it('stacks several toasts', async () => {
    render(
      <ToastProvider>
        <Trigger title="Copied" />
      </ToastProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Notify' }));
    await userEvent.click(screen.getByRole('button', { name: 'Notify' }));
    expect(screen.getAllByText('Copied', { selector: '.af-toast__title' })).toHaveLength(2);
  });

  it('tells the developer to add the provider when useToast is used without it', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Trigger title="x" />)).toThrow(/ToastProvider/);
  });
});
