import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { runSummary } from '../../shared/test/runs';
import { RunDetail } from './RunDetail';

// A presentational component: its run is given as runs.get() answers it (no backend needed).

describe('RunDetail', () => {
  it('says where a failed run stopped and that it had no inputs or steps', () => {
    const run = runSummary({
      status: 'failed',
      runner_user_id: crypto.randomUUID(),
      inputs: {},
      outputs: null,
      usage: null,
      duration_ms: null,
      error: { code: 'model_error', message: 'The AI provider refused the API key.', stepId: 'write' },
    });
    render(<RunDetail run={run} steps={[]} />);
    expect(screen.getByRole('note')).toHaveTextContent('The run failed at step “write”: The AI provider refused the API key. (model_error)');
    expect(screen.getByText('This run had no inputs.')).toBeInTheDocument();
    expect(screen.getByText('No step has run yet.')).toBeInTheDocument();
    expect(screen.getByText('A signed-in person')).toBeInTheDocument();
    expect(screen.getByText('Failed')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Final outputs' })).toBeNull();
  });

  it('shows structured inputs and outputs as readable JSON text', () => {
    const run = runSummary({ inputs: { servings: 4, vegan: true }, outputs: { title: 'Soup', steps: ['chop', 'boil'] } });
    render(<RunDetail run={run} steps={[]} />);
    expect(screen.getByText('servings').nextElementSibling).toHaveTextContent('4');
    expect(screen.getByRole('heading', { name: 'Final outputs' }).nextElementSibling?.textContent).toBe(
      JSON.stringify({ title: 'Soup', steps: ['chop', 'boil'] }, null, 2),
    );
  });

  it('shows the final results as the person saw them and labels an API run right (issue 27)', () => {
    const run = runSummary({
      status: 'awaiting_input',
      runner_user_id: null,
      visitor_session: null,
      outputs: [{ stepId: 'show', title: 'Your quiz', markdown: '# Quiz\n**Q1.** What is 2 + 2?\n\n<script>alert(1)</script>' }],
    });
    render(<RunDetail run={run} steps={[]} />);
    expect(screen.getByText('Waiting for the API caller')).toBeInTheDocument();
    expect(screen.getByText('An API call (with a key)')).toBeInTheDocument();
    const results = screen.getByRole('region', { name: 'Final outputs' });
    expect(results).toHaveTextContent('Your quiz');
    expect(results).toHaveTextContent('Q1. What is 2 + 2?');
    expect(results.textContent).not.toContain('**');
    expect(results.textContent).not.toContain('stepId');
    expect(results.querySelector('script')).toBeNull();
  });
});
