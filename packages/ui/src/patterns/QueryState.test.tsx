import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { QueryLike } from './QueryState';
import { QueryState } from './QueryState';

function query<T>(over: Partial<QueryLike<T>>): QueryLike<T> {
  return { isPending: false, isError: false, error: null, data: undefined, refetch: vi.fn(), ...over };
}

const describeError = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong.');
const notFound = (error: unknown) => (error as { code?: string } | null)?.code === 'not_found';

describe('QueryState', () => {
  it('says what is loading while the query is pending', () => {
    render(
      <QueryState query={query<string[]>({ isPending: true })} what="Your databases" describeError={describeError}>
        {(names) => <ul>{names.join()}</ul>}
      </QueryState>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading your databases…');
  });

  it('shows a given skeleton instead of the words while pending', () => {
    render(
      <QueryState query={query<string[]>({ isPending: true })} what="Your databases" describeError={describeError} pending={<p>Skeleton</p>}>
        {() => null}
      </QueryState>,
    );
    expect(screen.getByText('Skeleton')).toBeInTheDocument();
    expect(screen.queryByText('Loading your databases…')).not.toBeInTheDocument();
  });

  it('says why the load failed and tries again on request', async () => {
    const refetch = vi.fn();
    render(
      <QueryState query={query<string[]>({ isPending: true, isError: true, error: new Error('Could not reach the server.'), refetch })} what="Your databases" describeError={describeError}>
        {() => null}
      </QueryState>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Your databases could not be loaded. Could not reach the server.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('offers no retry when the thing is not there or not theirs', () => {
    render(
      <QueryState query={query<string>({ isPending: true, isError: true, error: { code: 'not_found' } })} what="This database" describeError={describeError} isNotFound={notFound}>
        {() => null}
      </QueryState>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('It does not exist, or it belongs to someone else.');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('shows the empty state for an empty list, and the data otherwise', () => {
    const { rerender } = render(
      <QueryState query={query<string[]>({ data: [] })} what="Your databases" describeError={describeError} empty={<p>No databases yet.</p>}>
        {(names) => <p>{names.join(', ')}</p>}
      </QueryState>,
    );
    expect(screen.getByText('No databases yet.')).toBeInTheDocument();
    rerender(
      <QueryState query={query<string[]>({ data: ['Orders', 'Stock'] })} what="Your databases" describeError={describeError} empty={<p>No databases yet.</p>}>
        {(names) => <p>{names.join(', ')}</p>}
      </QueryState>,
    );
    expect(screen.getByText('Orders, Stock')).toBeInTheDocument();
    expect(screen.queryByText('No databases yet.')).not.toBeInTheDocument();
  });

  it('keeps data on screen when a background refetch fails', () => {
    render(
      <QueryState query={query<string[]>({ data: ['Orders'], isError: true, error: new Error('Could not reach the server.') })} what="Your databases" describeError={describeError}>
        {(names) => <p>{names.join(', ')}</p>}
      </QueryState>,
    );
    expect(screen.getByText('Orders')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
