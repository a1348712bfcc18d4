import { validateApp } from '@appforge/engine';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { specWithProblems } from '../lib/spec-fixtures';
import { ProblemList } from './ProblemList';

const names = { ask: '1. Ask', write: '2. Write', show: '3. Show' };

describe('ProblemList', () => {
  it('groups the validator’s problems under their step, with the field each is about', () => {
    const problems = validateApp(specWithProblems());
    render(<ProblemList id="p" title="Problems" problems={problems} stepNames={names} />);
    const write = screen.getByRole('heading', { name: '2. Write' }).parentElement as HTMLElement;
    expect(within(write).getByText(/config\.prompt/)).toBeInTheDocument();
    expect(within(write).getByText(/next\.stepId/)).toBeInTheDocument();
    const show = screen.getByRole('heading', { name: '3. Show' }).parentElement as HTMLElement;
    expect(within(show).getByText(/missing/)).toBeInTheDocument();
  });

  it('puts whole-app problems under their own heading and marks warnings', () => {
    render(
      <ProblemList
        id="p"
        title="Problems"
        stepNames={names}
        problems={[
          { field: 'steps', message: 'The app has no steps.' },
          { stepId: 'ask', field: 'config.fields', message: 'Nobody uses this.', severity: 'warning' },
        ]}
      />,
    );
    expect(screen.getByRole('heading', { name: 'The whole app' })).toBeInTheDocument();
    expect(screen.getByText('Warning:')).toBeInTheDocument();
  });

  it('shows nothing when there is no problem', () => {
    const { container } = render(<ProblemList id="p" title="Problems" problems={[]} stepNames={names} />);
    expect(container).toBeEmptyDOMElement();
  });
});
