import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lessonSpec } from '../lib/spec-fixtures';
import { outlineSteps } from '../lib/step-outline';
import { StepList } from './StepList';

describe('StepList', () => {
  it('lists the steps in order with their kind, summary and next steps', () => {
    render(<StepList steps={outlineSteps(lessonSpec)} problemCounts={{ plan: 2 }} />);
    const items = within(screen.getByRole('list', { name: 'Steps' })).getAllByRole('listitem', { name: /^\d\./ });
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['1. About the lesson', '2. Write the plan', '3. Your lesson plan']);

    const first = items[0] as HTMLElement;
    expect(within(first).getByRole('img', { name: 'Input step' })).toBeInTheDocument();
    expect(within(first).getByText('Asks for Topic and Level.')).toBeInTheDocument();
    expect(within(first).getByRole('list', { name: 'Next' })).toHaveTextContent('Then → 2. Write the plan');

    expect(within(items[1] as HTMLElement).getByRole('img', { name: 'AI step' })).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).getByText(/2 problems/)).toBeInTheDocument();

    const buttons = within(items[2] as HTMLElement).getByRole('list', { name: 'Buttons' });
    expect(within(buttons).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['“Another topic” → 1. About the lesson', '“Done” → the end']);
  });

  it('says when a version has no steps', () => {
    render(<StepList steps={[]} />);
    expect(screen.getByText('This version has no steps yet.')).toBeInTheDocument();
  });
});
