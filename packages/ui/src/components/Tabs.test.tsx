import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Tabs } from './Tabs';

const items = [
  { value: 'general', label: 'General', content: 'General settings' },
  { value: 'design', label: 'Design', content: 'Design settings' },
  { value: 'billing', label: 'Billing', content: 'Billing settings', disabled: true },
  { value: 'access', label: 'Access', content: 'Access settings' },
];

describe('Tabs', () => {
  it('shows the first panel and switches panels on click', async () => {
    const onValueChange = vi.fn();
    render(<Tabs aria-label="Settings" items={items} onValueChange={onValueChange} />);
    expect(screen.getByRole('tablist', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByRole('tabpanel', { name: 'General' })).toHaveTextContent('General settings');
    await userEvent.click(screen.getByRole('tab', { name: 'Design' }));
    expect(screen.getByRole('tab', { name: 'Design' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Design' })).toHaveTextContent('Design settings');
    expect(onValueChange).toHaveBeenCalledWith('design');
  });

  it('moves between tabs with the arrow keys, skipping disabled ones', async () => {
    render(<Tabs aria-label="Settings" items={items} defaultValue="design" />);
    await userEvent.tab();
    expect(screen.getByRole('tab', { name: 'Design' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Access' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Access settings');
  });
});
