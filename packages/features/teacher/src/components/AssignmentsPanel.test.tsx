import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StoryFrame } from '../stories/StoryFrame';
import type { AssignableItem } from '../lib/types';
import { AssignmentsPanel } from './AssignmentsPanel';

function panel(items: AssignableItem[]) {
  return render(
    <StoryFrame>
      <AssignmentsPanel assignments={[]} items={items} onAssign={vi.fn()} onUnassign={vi.fn()} />
    </StoryFrame>,
  );
}

describe('the assignments’ empty state (issue 27)', () => {
  it('offers to create an app when the teacher has nothing to assign', () => {
    panel([]);
    expect(screen.getByRole('heading', { name: 'Nothing assigned yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an app' })).toHaveAttribute('href', '/create-new-app');
    expect(screen.getByText(/No public apps are shared yet/)).toBeInTheDocument();
  });

  it('points to the public apps ready to assign, and still offers to create one', () => {
    panel([
      { kind: 'app', id: 'a1', name: 'Quiz maker', own: false },
      { kind: 'app', id: 'a2', name: 'Essay coach', own: false },
      { kind: 'app', id: 'a3', name: 'My own', own: true },
    ]);
    expect(screen.getByText(/2 public apps are ready to assign/)).toBeInTheDocument();
    expect(screen.getByText(/marked “\(public\)”/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an app' })).toHaveAttribute('href', '/create-new-app');
  });
});
