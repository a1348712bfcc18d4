import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Select } from './Select';

const options = [
  { value: 'public', label: 'Public' },
  { value: 'unlisted', label: 'Unlisted' },
  { value: 'private', label: 'Private', disabled: true },
];

describe('Select', () => {
  it('is labelled and shows the placeholder until something is chosen', () => {
    render(<Select label="Visibility" options={options} placeholder="Choose…" />);
    expect(screen.getByRole('combobox', { name: 'Visibility' })).toHaveTextContent('Choose…');
  });

  it('lets the person pick an option with the mouse', async () => {
    const onValueChange = vi.fn();
    render(<Select label="Visibility" options={options} onValueChange={onValueChange} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Visibility' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Unlisted' }));
    expect(onValueChange).toHaveBeenCalledWith('unlisted');
    expect(screen.getByRole('combobox', { name: 'Visibility' })).toHaveTextContent('Unlisted');
  });

  it('lets the person pick an option with the keyboard', async () => {
    const onValueChange = vi.fn();
    render(<Select label="Visibility" options={options} defaultValue="public" onValueChange={onValueChange} />);
    await userEvent.tab();
    expect(screen.getByRole('combobox', { name: 'Visibility' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onValueChange).toHaveBeenCalledWith('unlisted');
  });

  it('does not offer disabled options', async () => {
    render(<Select label="Visibility" options={options} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Visibility' }));
    expect(await screen.findByRole('option', { name: 'Private' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('associates the error with the trigger and marks it invalid', () => {
    render(<Select label="Visibility" options={options} error="Choose who can open the app." />);
    const trigger = screen.getByRole('combobox', { name: 'Visibility' });
    expect(trigger).toHaveAttribute('aria-invalid', 'true');
    expect(trigger).toHaveAccessibleDescription('Choose who can open the app.');
  });

  it('cannot be opened when disabled', async () => {
    render(<Select label="Visibility" options={options} disabled />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Visibility' }));
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
