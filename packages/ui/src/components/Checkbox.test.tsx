import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox } from './Checkbox';
import { Field } from './Field';

describe('Checkbox', () => {
  it('toggles when clicked or when its label is clicked', async () => {
    const onCheckedChange = vi.fn();
    render(<Checkbox label="Send me updates" onCheckedChange={onCheckedChange} />);
    const box = screen.getByRole('checkbox', { name: 'Send me updates' });
    expect(box).not.toBeChecked();
    await userEvent.click(box);
    expect(box).toBeChecked();
    await userEvent.click(screen.getByText('Send me updates'));
    expect(box).not.toBeChecked();
    expect(onCheckedChange).toHaveBeenNthCalledWith(1, true);
    expect(onCheckedChange).toHaveBeenNthCalledWith(2, false);
  });

  it('toggles with the Space key', async () => {
    render(<Checkbox label="Accept terms" />);
    await userEvent.tab();
    await userEvent.keyboard(' ');
    expect(screen.getByRole('checkbox', { name: 'Accept terms' })).toBeChecked();
  });

  it('cannot be changed when disabled', async () => {
    render(<Checkbox label="Locked" disabled />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Locked' }));
    expect(screen.getByRole('checkbox', { name: 'Locked' })).not.toBeChecked();
  });

  it('describes itself with its hint and a surrounding field’s error', () => {
    render(
      <Field label="Terms" error="You must accept the terms.">
        <Checkbox label="I accept" hint="Read them first." />
      </Field>,
    );
    const box = screen.getByRole('checkbox', { name: /I accept/ });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('You must accept the terms. Read them first.');
  });

  it('reports the mixed state', () => {
    render(<Checkbox label="Select all" checked="indeterminate" />);
    expect(screen.getByRole('checkbox', { name: 'Select all' })).toBePartiallyChecked();
  });
});
