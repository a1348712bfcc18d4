import type { AppRunSummary } from '@appforge/sdk';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { statusLabel, statusTone } from '../../settings/lib/run-format';
import { runSummary } from '../../shared/test/runs';
import { RecentRuns } from './RecentRuns';

// A presentational component: its runs are given as runs.recent() answers them (no backend needed).
function recentRun({ app_name, ...fields }: Partial<AppRunSummary> & { app_name: string }): AppRunSummary & { app_name: string } {
  return { ...runSummary(fields), app_name };
}

describe('RecentRuns', () => {
  it('says an API run waits for the API caller, not for a visitor (issue 27)', () => {
    const run = recentRun({ status: 'awaiting_input', runner_user_id: null, visitor_session: null, app_name: 'Quiz maker' });
    const visitor = recentRun({ status: 'awaiting_input', runner_user_id: null, visitor_session: 'v1', app_name: 'Essay coach' });
    render(
      <MemoryRouter>
        <RecentRuns runs={[run, visitor]} />
      </MemoryRouter>,
    );
    const [api, web] = screen.getAllByRole('listitem');
    expect(api).toHaveTextContent('Waiting for the API caller');
    expect(api).toHaveTextContent('through the API');
    expect(api).not.toHaveTextContent('visitor');
    expect(web).toHaveTextContent('Waiting for the visitor');
    expect(web).toHaveTextContent('by a visitor');
  });

  it('names a finished run as the app’s run history does, in the same colour', () => {
    const done = recentRun({ status: 'done', app_name: 'Quiz maker' });
    const failed = recentRun({ status: 'failed', app_name: 'Essay coach' });
    render(
      <MemoryRouter>
        <RecentRuns runs={[done, failed]} />
      </MemoryRouter>,
    );
    const [finished, broken] = screen.getAllByRole('listitem');
    expect(finished).toHaveTextContent('Finished');
    expect(finished?.querySelector('.af-badge')?.className).toContain(statusTone('done'));
    expect(statusLabel('done')).toBe('Finished');
    expect(broken).toHaveTextContent('Failed');
  });
});
