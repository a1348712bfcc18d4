import type { AppRunStepRow, AppRunSummary } from '@appforge/sdk';
import { makeRun } from '@appforge/sdk/testing';
import Papa from 'papaparse';
import type { FakeAppforgeClient } from '@appforge/sdk/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSettings, signedInWithApp } from '../test/render';

afterEach(() => {
  vi.restoreAllMocks();
});

function addRun(client: FakeAppforgeClient, run: Partial<AppRunSummary>, steps: AppRunStepRow[] = []): AppRunSummary {
  const made = makeRun(run);
  client.fake.data.runs[made.id] = { run: made, steps, state: null };
  return made;
}

/** 30 finished runs a minute apart (newest first: "dish 30"), one of them failed. */
function withRuns() {
  const setup = signedInWithApp({ deployed_version_id: crypto.randomUUID() });
  const start = Date.parse('2026-11-20T09:00:00Z');
  for (let index = 1; index <= 30; index += 1) {
    addRun(setup.client, {
      app_id: setup.app.id,
      version_number: 2,
      inputs: { dish: index === 7 ? 'lasagne' : `dish ${index}` },
      outputs: `Recipe number ${index}`,
      duration_ms: index * 100,
      usage: { inputTokens: index, outputTokens: 10 },
      created_at: new Date(start + index * 60_000).toISOString(),
      status: index === 3 ? 'failed' : 'done',
      error: index === 3 ? { code: 'model_error', message: 'The model timed out' } : null,
    });
  }
  return setup;
}

function bodyRows(): HTMLElement[] {
  const table = screen.getByRole('table');
  return within(table).getAllByRole('row').slice(1);
}

describe('/app-data/:appId', () => {
  it('shows a visitor’s run as it happens, without a reload', async () => {
    const { client, app } = withRuns();
    renderSettings({ client, path: `/app-data/${app.id}` });
    await screen.findByRole('table');
    expect(screen.getByText('Page 1 of 2 · runs 1–25 of 30')).toBeInTheDocument();
    const run = addRun(client, { app_id: app.id, version_number: 2, inputs: { dish: 'paella' }, created_at: new Date().toISOString() });
    act(() => client.fake.emitLive({ table: 'AppRun', eventType: 'INSERT', new: { ...run }, old: {} }));
    await waitFor(() => expect(bodyRows()[0]).toHaveTextContent('dish: paella'));
    expect(screen.getByText('Page 1 of 2 · runs 1–25 of 31')).toBeInTheDocument();
  });

  it('teaches the first step when the app has no runs yet', async () => {
    const { client, app } = signedInWithApp();
    renderSettings({ client, path: `/app-data/${app.id}` });
    expect(await screen.findByRole('heading', { name: 'No runs yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Finish and deploy the app' })).toHaveAttribute('href', `/create-app/${app.id}`);
  });

  it('counts the students’ class runs without listing them, and says nothing of classes when there were none', async () => {
    const { client, app } = withRuns();
    client.fake.data.classRunCounts = { [app.id]: 1204 };
    const view = renderSettings({ client, path: `/app-data/${app.id}` });
    expect(await screen.findByRole('note')).toHaveTextContent('Students also ran this app 1,204 times in classes');
    expect(screen.getByText('Page 1 of 2 · runs 1–25 of 30')).toBeInTheDocument();
    view.unmount();

    const other = signedInWithApp();
    renderSettings({ client: other.client, path: `/app-data/${other.app.id}` });
    expect(await screen.findByRole('heading', { name: 'No runs yet' })).toBeInTheDocument();
    expect(screen.queryByText(/in classes/)).toBeNull();
  });

  it('lists runs with inputs, outputs, time and tokens, 25 to a page, sortable by column', async () => {
    const { client, app } = withRuns();
    const user = userEvent.setup();
    renderSettings({ client, path: `/app-data/${app.id}` });
    await screen.findByRole('table');
    expect(bodyRows()).toHaveLength(25);
    const newest = bodyRows()[0] as HTMLElement;
    expect(newest).toHaveTextContent('dish: dish 30');
    expect(newest).toHaveTextContent('Recipe number 30');
    expect(newest).toHaveTextContent('3.0 s');
    expect(newest).toHaveTextContent('30 in · 10 out');
    expect(newest).toHaveTextContent('v2');
    expect(screen.getByText('Page 1 of 2 · runs 1–25 of 30')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(bodyRows()).toHaveLength(5);
    expect(screen.getByText('Page 2 of 2 · runs 26–30 of 30')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));

    await user.click(screen.getByRole('button', { name: /^Time/ }));
    const timeHeader = screen.getByRole('columnheader', { name: /Time/ });
    expect(timeHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(bodyRows()[0]).toHaveTextContent('100 ms');
    await user.click(screen.getByRole('button', { name: /^Time/ }));
    expect(timeHeader).toHaveAttribute('aria-sort', 'descending');
    expect(bodyRows()[0]).toHaveTextContent('3.0 s');
  });

  it('filters by text across inputs, outputs and errors, and clears the filters', async () => {
    const { client, app } = withRuns();
    const user = userEvent.setup();
    const view = renderSettings({ client, path: `/app-data/${app.id}` });
    await screen.findByRole('table');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'LASAGNE');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(bodyRows()[0]).toHaveTextContent('dish: lasagne');
    expect(view.router.state.location.search).toBe('?q=LASAGNE');

    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'timed out');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(bodyRows()[0]).toHaveTextContent('Error: The model timed out');

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), ' nowhere');
    expect(await screen.findByText('No runs match these filters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(25));
  });

  it('asks the server for the status and date range in the address', async () => {
    const { client, app } = withRuns();
    renderSettings({ client, path: `/app-data/${app.id}?status=failed&from=2026-11-20&to=2026-11-21` });
    await screen.findByRole('table');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(bodyRows()[0]).toHaveTextContent('Failed');
    const params = client.fake.calls('runs.list').at(-1)?.[1] as { status?: string; from?: string; to?: string; limit?: number };
    expect(params.status).toBe('failed');
    expect(params.limit).toBe(500);
    expect(new Date(params.from ?? '').getDate()).toBe(20);
    expect(Date.parse(params.to ?? '') - Date.parse(params.from ?? '')).toBe(2 * 24 * 60 * 60 * 1000 - 1);
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-20');
  });

  it('exports the filtered runs as CSV with formula cells defused', async () => {
    const { client, app } = signedInWithApp();
    addRun(client, { app_id: app.id, inputs: { name: '=HYPERLINK("http://evil.test","click")' }, outputs: '+SUM(A1:A9)' });
    addRun(client, { app_id: app.id, inputs: { name: 'Ada' }, outputs: '@mention' });
    addRun(client, { app_id: app.id, status: 'failed', inputs: { name: 'filtered out' }, outputs: null });
    const blobs: Blob[] = [];
    const names: string[] = [];
    // jsdom has no object URLs and does not download; these stand in for the browser.
    const original = Object.getOwnPropertyDescriptors(URL);
    URL.createObjectURL = (blob: Blob) => {
      blobs.push(blob);
      return 'blob:fake';
    };
    URL.revokeObjectURL = () => undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    try {
      const user = userEvent.setup();
      renderSettings({ client, path: `/app-data/${app.id}?status=done` });
      await screen.findByRole('table');
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      expect(names).toEqual([expect.stringMatching(/^runs-recipe-finder-\d{4}-\d{2}-\d{2}\.csv$/)]);
      expect(blobs[0]?.type).toBe('text/csv;charset=utf-8');
      const text = (await (blobs[0] as Blob).text()).replace(/^\ufeff/, '');
      const rows = Papa.parse<string[]>(text.trim()).data;
      expect(rows).toHaveLength(3);
      const outputs = rows.slice(1).map((row) => row[8]);
      expect(outputs.sort()).toEqual(["'+SUM(A1:A9)", "'@mention"]);
      for (const cell of rows.flat()) expect(cell).not.toMatch(/^[=+\-@]/);
    } finally {
      Object.defineProperties(URL, original);
    }
  });

  it('opens a run with each step’s output and timing, and closes it with Escape', async () => {
    const { client, app } = signedInWithApp();
    const run = addRun(
      client,
      { app_id: app.id, inputs: { dish: 'soup' }, outputs: 'Soup recipe', runner_user_id: null, visitor_session: 'abc', duration_ms: 2400, created_at: '2026-11-20T10:00:00Z' },
      [
        { step_id: 'ask', kind: 'input', status: 'done', started_at: '2026-11-20T10:00:00Z', finished_at: '2026-11-20T10:00:00Z', duration_ms: 5, output: { dish: 'soup' }, usage: null },
        { step_id: 'write', kind: 'ai', status: 'done', started_at: '2026-11-20T10:00:01Z', finished_at: '2026-11-20T10:00:02Z', duration_ms: 2300, output: '<b>Soup</b> recipe', usage: { inputTokens: 40, outputTokens: 120 } },
      ],
    );
    const user = userEvent.setup();
    const view = renderSettings({ client, path: `/app-data/${app.id}` });
    await user.click(await screen.findByRole('button', { name: /^Open the run from/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Run details' });
    expect(view.router.state.location.search).toBe(`?run=${run.id}`);
    expect(within(dialog).getByText('A visitor (not signed in)')).toBeInTheDocument();
    const steps = within(dialog).getAllByRole('listitem');
    expect(steps[0]).toHaveTextContent('1. ask (input)');
    expect(steps[1]).toHaveTextContent('2. write (ai)');
    expect(steps[1]).toHaveTextContent('2.3 s · 40 in · 120 out');
    // Model output is shown as text, never as HTML.
    expect(within(steps[1] as HTMLElement).getByText('<b>Soup</b> recipe')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(view.router.state.location.search).toBe('');
  });

  it('says in words when the runs cannot be loaded, and loads them on retry', async () => {
    const { client, app } = withRuns();
    client.fake.fail('runs.list');
    const user = userEvent.setup();
    renderSettings({ client, path: `/app-data/${app.id}` });
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(alert).toHaveTextContent('The run history could not be loaded. Could not reach the server.');
    client.fake.heal('runs.list');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });
});
