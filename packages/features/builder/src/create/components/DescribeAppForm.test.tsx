import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { EXAMPLE_DESCRIPTIONS } from '../lib/examples';
import { DescribeAppForm } from './DescribeAppForm';

function Harness({ onSubmit, initial = '', pending = false }: { onSubmit: (text: string) => void; initial?: string; pending?: boolean }) {
  const [value, setValue] = useState(initial);
  return <DescribeAppForm value={value} onChange={setValue} onSubmit={onSubmit} pending={pending} submitLabel="Create my app" />;
}

const box = () => screen.getByRole('textbox', { name: 'Describe the app you need' });

describe('DescribeAppForm', () => {
  it('sends the trimmed description and counts its characters', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    expect(screen.getByText('0 / 4,000 characters')).toBeInTheDocument();
    await user.type(box(), '  A quiz maker  ');
    expect(screen.getByText('12 / 4,000 characters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create my app' }));
    expect(onSubmit).toHaveBeenCalledWith('A quiz maker');
  });

  it('refuses an empty description and says why', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Create my app' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Describe your app first: the description cannot be empty.')).toBeInTheDocument();
    expect(box()).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses an oversized description, naming the 4,000-character limit, and keeps the text', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const long = 'x'.repeat(4001);
    render(<Harness onSubmit={onSubmit} initial={long} />);
    expect(screen.getByText('4,001 / 4,000 characters')).toBeInTheDocument();
    expect(screen.getByText('A description has at most 4,000 characters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create my app' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('A description has at most 4,000 characters; this one has 4,001. Shorten it by 1.')).toBeInTheDocument();
    expect(box()).toHaveValue(long);
  });

  it('fills the box with an example, and Undo brings the typed text back', async () => {
    const user = userEvent.setup();
    render(<Harness onSubmit={vi.fn()} />);
    await user.type(box(), 'My own idea');
    const quiz = EXAMPLE_DESCRIPTIONS.find((example) => example.label === 'Quiz maker');
    await user.click(screen.getByRole('button', { name: 'Quiz maker' }));
    expect(box()).toHaveValue(quiz?.text);
    expect(screen.getByRole('button', { name: 'Quiz maker' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(box()).toHaveValue('My own idea');
  });

  it('cannot be sent twice while the request is on its way', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} initial="A summariser" pending />);
    const button = screen.getByRole('button', { name: 'Create my app' });
    expect(button).toBeDisabled();
    await user.click(button);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
