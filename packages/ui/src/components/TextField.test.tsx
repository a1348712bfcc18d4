import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TextField } from './TextField';

describe('TextField', () => {
  it('takes typed text and reports changes', async () => {
    const onChange = vi.fn();
    render(<TextField label="Name" onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    await userEvent.type(input, 'Support bot');
    expect(input).toHaveValue('Support bot');
    expect(onChange).toHaveBeenCalledTimes('Support bot'.length);
  });

  it('associates its error text with the input', () => {
    render(<TextField label="E-mail" error="Enter a valid e-mail address." />);
    const input = screen.getByRole('textbox', { name: 'E-mail' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Enter a valid e-mail address.');
  });

  it('keeps the caller’s own aria-describedby next to the hint', () => {
    render(
      <>
        <p id="extra">Also used for receipts.</p>
        <TextField label="E-mail" hint="We never share it." aria-describedby="extra" />
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription(
      'We never share it. Also used for receipts.',
    );
  });

  it('cannot be edited when disabled', async () => {
    render(<TextField label="Name" disabled defaultValue="Locked" />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    await userEvent.type(input, 'x');
    expect(input).toHaveValue('Locked');
  });

  it('works without a visible label when given aria-label', () => {
    render(<TextField aria-label="Search apps" type="search" />);
    expect(screen.getByRole('searchbox', { name: 'Search apps' })).toBeInTheDocument();
  });

  it('forwards its ref to the <input>', () => {
    const ref = { current: null as HTMLInputElement | null };
    render(<TextField label="Name" ref={ref} />);
    expect(ref.current).toBe(screen.getByRole('textbox', { name: 'Name' }));
  });
});
