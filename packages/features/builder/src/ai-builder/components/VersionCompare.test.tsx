import { appSpecSchema } from '@appforge/engine';
import { makeSpec, makeVersion } from '@appforge/sdk/testing';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { VersionCompare } from './VersionCompare';

describe('VersionCompare', () => {
  it('lists added, removed and renamed steps with before/after text, and closes', async () => {
    const before = makeSpec();
    const after = appSpecSchema.parse({
      entryStepId: 'questions',
      steps: [
        { ...before.steps[0], id: 'questions', title: 'Your subject' },
        { id: 'polish', kind: 'ai', title: 'Polish', config: { prompt: 'Polish {{topic}}', outputVariable: 'polished' } },
        { ...before.steps[1] },
      ],
    });
    const onClose = vi.fn();
    render(<VersionCompare older={makeVersion({ number: 4, spec: before })} newer={makeVersion({ number: 7, spec: after })} onClose={onClose} />);

    const region = screen.getByRole('region', { name: 'Changes from version 4 to version 7' });
    expect(within(region).getByRole('status')).toHaveTextContent('1 step added, 1 step changed, 1 step removed.');
    const items = within(region).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Changed Step 1: Your subject (was “Your topic”)',
      'Added Step 2: Polish',
      'Removed Step 3 (was): Result',
    ]);
    const renamed = items[0];
    if (!renamed) throw new Error('expected a change');
    expect(within(renamed).getByText('Step id')).toBeInTheDocument();
    expect(within(renamed).getByText('ask')).toBeInTheDocument();
    expect(within(renamed).getByText('questions')).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Close comparison' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
