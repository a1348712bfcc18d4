import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { envIssueMessage } from '../env-messages';
import { ConfigProblem, formatConfigProblem } from './ConfigProblem';

function issuesOf(raw: Record<string, unknown>) {
  const result = parseEnv(raw);
  if (result.ok) throw new Error('expected a configuration problem');
  return result.issues;
}

describe('the configuration problem screen', () => {
  const issues = issuesOf({ VITE_SUPABASE_URL: 'localhost:54321', MODE: 'production', DEV: false, PROD: true });

  it('lists every bad variable by name with what is expected, instead of a blank page', () => {
    render(<ConfigProblem issues={issues} />);

    expect(screen.getByRole('heading', { level: 1, name: 'Configuration problem' })).toBeInTheDocument();
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('VITE_SUPABASE_URL is not valid: expected the http(s) URL of the Supabase API');
    expect(items[1]).toHaveTextContent('VITE_SUPABASE_ANON_KEY is not set: expected the public anon key');
  });

  it('gives the console the same list', () => {
    expect(formatConfigProblem(issues)).toBe(
      [
        'Appforge configuration problem:',
        `  VITE_SUPABASE_URL ${issues[0] ? envIssueMessage(issues[0]) : ''}`,
        `  VITE_SUPABASE_ANON_KEY ${issues[1] ? envIssueMessage(issues[1]) : ''}`,
      ].join('\n'),
    );
  });
});
