// On the real backend (@appforge/test-backend) with a model provider on loopback
// (../../shared/test/model-provider): the app is deployed through deploy-app and every run goes
// through run-app (the model writes "Recipe number N", or fails as a provider does), by the owner
// or by a visitor. What the page asked the server is read from the client's own requests.
import { setupAppforgeBackend } from '@appforge/test-backend';
import type { TestUser } from '@appforge/test-backend';
import Papa from 'papaparse';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ownApp, runApp, spec, watchedServer } from '../../shared/test/backend';
import { setupModelProvider } from '../../shared/test/model-provider';
import { formatDuration } from '../lib/run-format';
import { renderSettings } from '../test/render';

const model = setupModelProvider();
const backend = setupAppforgeBackend(() => ({ model: { baseUrl: model().baseUrl, name: model().name } }));

beforeEach(() => {
  model().failWith(null);
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** A dish asked for, a recipe written by the model, the recipe shown. */
const RECIPE_SPEC = spec({
  entryStepId: 'ask',
  steps: [
    { id: 'ask', kind: 'input', title: 'Your dish', config: { fields: [{ name: 'dish', label: 'Dish', type: 'text', required: true }] } },
    { id: 'write', kind: 'ai', title: 'Recipe', config: { prompt: 'Write a recipe for {{dish}}', outputVariable: 'recipe' } },
    { id: 'show', kind: 'output', title: 'Your recipe', config: { template: '{{recipe}}' }, next: { type: 'end' } },
  ],
});

/** `owner`'s "Recipe Finder", made from a description (the model writes the recipe app). */
async function recipeFinder(owner: TestUser, deployed: boolean) {
  model().failWith(null);
  model().answer(JSON.stringify({ name: 'Recipe Finder', description: 'Finds recipes from what is in the fridge.', spec: RECIPE_SPEC }));
  return ownApp(owner, { name: 'Recipe Finder', description: 'Finds recipes from what is in the fridge.', deployed });
}

/** Ada's deployed "Recipe Finder"; her client's requests are listed. */
async function signedInWithApp() {
  const server = watchedServer();
  const owner = await backend().signedInUser('ada', { fetch: server.fetch });
  const { appId } = await recipeFinder(owner, true);
  return { owner, client: owner.client, appId, server };
}

/** One run through run-app, the model answering `answer` (or failing with `failure`). */
async function run(owner: TestUser, appId: string, dish: string, answer: string | { status: number; message: string }) {
  if (typeof answer === 'string') {
    model().failWith(null);
    model().answer(answer);
  } else model().failWith(answer);
  try {
    return await runApp(owner.client, appId, { dish });
  } finally {
    model().failWith(null);
  }
}

/** 30 runs one after the other (newest first: "dish 30"), the third one failed. */
async function withRuns() {
  const setup = await signedInWithApp();
  for (let index = 1; index <= 30; index += 1) {
    await run(setup.owner, setup.appId, index === 7 ? 'lasagne' : `dish ${index}`, index === 3 ? { status: 400, message: 'The model timed out' } : `Recipe number ${index}`);
  }
  return setup;
}


function bodyRows(): HTMLElement[] {
  const table = screen.getByRole('table');
  return within(table).getAllByRole('row').slice(1);
}

describe('/app-data/:appId', () => {
  it('shows a visitor’s run as it happens, without a reload', async () => {
    const { client, appId } = await withRuns();
    renderSettings({ client, path: `/app-data/${appId}` });
    await screen.findByRole('table');
    expect(screen.getByText('Page 1 of 2 · runs 1–25 of 30')).toBeInTheDocument();
    model().answer('Paella for four');
    await runApp(backend().client(), appId, { dish: 'paella' }, { visitorSession: crypto.randomUUID() });
    await waitFor(() => expect(bodyRows()[0]).toHaveTextContent('dish: paella'));
    await waitFor(() => expect(screen.getByText('Page 1 of 2 · runs 1–25 of 31')).toBeInTheDocument());
  });

  it('teaches the first step when the app has no runs yet', async () => {
    const owner = await backend().signedInUser('ada');
    const { appId } = await recipeFinder(owner, false);
    renderSettings({ client: owner.client, path: `/app-data/${appId}` });
    expect(await screen.findByRole('heading', { name: 'No runs yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Finish and deploy the app' })).toHaveAttribute('href', `/create-app/${appId}`);
  });

  it('counts the students’ class runs without listing them, and says nothing of classes when there were none', async () => {
    const { client, appId } = await withRuns();
    // Another person teaches (their address is on a school's list); class runs as run-app records
    // them for their class (private to its teachers and the student: the owner only learns how many).
    const teacher = await backend().signedInUser('teacher');
    const listed = await backend().admin.from('SchoolTeacher').insert({ email: teacher.email.toLowerCase() });
    if (listed.error) throw new Error(listed.error.message);
    const theClass = await teacher.client.classes.create({ name: 'Year 9 cooking' });
    const classRuns = Array.from({ length: 1204 }, () => ({ app_id: appId, class_id: theClass.id, runner_user_id: teacher.id, status: 'done' }));
    const inserted = await backend().admin.from('AppRun').insert(classRuns);
    if (inserted.error) throw new Error(inserted.error.message);
    const view = renderSettings({ client, path: `/app-data/${appId}` });
    expect(await screen.findByRole('note')).toHaveTextContent('Students also ran this app 1,204 times in classes');
    // The class runs are counted, never listed.
    expect(await screen.findByText('Page 1 of 2 · runs 1–25 of 30')).toBeInTheDocument();
    view.unmount();

    const other = await backend().signedInUser('grace');
    const theirs = await recipeFinder(other, false);
    renderSettings({ client: other.client, path: `/app-data/${theirs.appId}` });
    expect(await screen.findByRole('heading', { name: 'No runs yet' })).toBeInTheDocument();
    expect(screen.queryByText(/in classes/)).toBeNull();
  });

  it('lists runs with inputs, outputs, time and tokens, 25 to a page, sortable by column', async () => {
    const { client, appId } = await withRuns();
    const recorded = (await client.runs.list(appId, { limit: 100 })).rows;
    const user = userEvent.setup();
    renderSettings({ client, path: `/app-data/${appId}` });
    await screen.findByRole('table');
    expect(bodyRows()).toHaveLength(25);
    const newest = bodyRows()[0] as HTMLElement;
    expect(newest).toHaveTextContent('dish: dish 30');
    expect(newest).toHaveTextContent('Recipe number 30');
    // The result as the visitor saw it, not run-app's record of it ([{"stepId":…,"markdown":…}]).
    expect(newest).not.toHaveTextContent('stepId');
    // The model provider counts 1 token in and 1 out for every answer.
    expect(newest).toHaveTextContent('1 in · 1 out');
    expect(newest).toHaveTextContent('v1');
    expect(screen.getByText('Page 1 of 2 · runs 1–25 of 30')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(bodyRows()).toHaveLength(5);
    expect(screen.getByText('Page 2 of 2 · runs 26–30 of 30')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));

    // Sorted by the time each run took, as the server recorded it.
    const durations = recorded.map((row) => row.duration_ms ?? -1).sort((a, b) => a - b);
    const timeCell = (row: HTMLElement) => within(row).getAllByRole('cell').at(-2)?.textContent;
    await user.click(screen.getByRole('button', { name: /^Time/ }));
    const timeHeader = screen.getByRole('columnheader', { name: /Time/ });
    expect(timeHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(timeCell(bodyRows()[0] as HTMLElement)).toBe(formatDuration(durations[0]));
    await user.click(screen.getByRole('button', { name: /^Time/ }));
    expect(timeHeader).toHaveAttribute('aria-sort', 'descending');
    expect(timeCell(bodyRows()[0] as HTMLElement)).toBe(formatDuration(durations.at(-1)));
  });

  it('filters by text across inputs, outputs and errors, and clears the filters', async () => {
    const { client, appId } = await withRuns();
    const user = userEvent.setup();
    const view = renderSettings({ client, path: `/app-data/${appId}` });
    await screen.findByRole('table');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'LASAGNE');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(bodyRows()[0]).toHaveTextContent('dish: lasagne');
    expect(view.router.state.location.search).toBe('?q=LASAGNE');

    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'timed out');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(bodyRows()[0]).toHaveTextContent(/Error: .*The model timed out/);

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), ' nowhere');
    expect(await screen.findByText('No runs match these filters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(25));
  });

  it('asks the server for the status and date range in the address', async () => {
    const { client, appId, server } = await withRuns();
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toLocaleDateString('en-CA');
    renderSettings({ client, path: `/app-data/${appId}?status=failed&from=${day(0)}&to=${day(1)}` });
    await screen.findByRole('table');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(bodyRows()[0]).toHaveTextContent('Failed');
    const asked = server.requests.filter((url) => url.includes('/rest/v1/AppRun?')).at(-1) ?? '';
    const params = new URL(asked).searchParams;
    expect(params.get('status')).toBe('eq.failed');
    expect(params.get('limit')).toBe('500');
    const [from, to] = params.getAll('created_at').map((value) => Date.parse(value.replace(/^(gte|lte)\./, '')));
    expect(new Date(from ?? 0).getDate()).toBe(new Date().getDate());
    expect((to ?? 0) - (from ?? 0)).toBe(2 * 24 * 60 * 60 * 1000 - 1);
    expect(screen.getByLabelText('From')).toHaveValue(day(0));
  });

  it('exports the filtered runs as CSV with formula cells defused', async () => {
    const { owner, client, appId } = await signedInWithApp();
    await run(owner, appId, '=HYPERLINK("http://evil.test","click")', '+SUM(A1:A9)');
    await run(owner, appId, 'Ada', '@mention');
    await run(owner, appId, 'filtered out', { status: 400, message: 'refused' });
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
      renderSettings({ client, path: `/app-data/${appId}?status=done` });
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
    const { client, appId } = await signedInWithApp();
    model().answer('<b>Soup</b> recipe');
    const runId = await runApp(backend().client(), appId, { dish: 'soup' }, { visitorSession: crypto.randomUUID() });
    const steps = await backend().admin.from('AppRunStep').select('step_id, duration_ms').eq('run_id', runId);
    const write = steps.data?.find((step) => step.step_id === 'write');
    const user = userEvent.setup();
    const view = renderSettings({ client, path: `/app-data/${appId}` });
    await user.click(await screen.findByRole('button', { name: /^Open the run from/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Run details' });
    expect(view.router.state.location.search).toBe(`?run=${runId}`);
    expect(await within(dialog).findByText('A visitor (not signed in)')).toBeInTheDocument();
    const items = within(dialog).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('1. ask (input)');
    expect(items[1]).toHaveTextContent('2. write (ai)');
    expect(items[1]).toHaveTextContent(`${formatDuration(write?.duration_ms)} · 1 in · 1 out`);
    // Model output is shown as text, never as HTML.
    expect(within(items[1] as HTMLElement).getByText('<b>Soup</b> recipe')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(view.router.state.location.search).toBe('');
  });

  it('says in words when the runs cannot be loaded, and loads them on retry', async () => {
    const { client, appId, server } = await withRuns();
    server.failing.match = /\/rest\/v1\/AppRun\?/;
    const user = userEvent.setup();
    renderSettings({ client, path: `/app-data/${appId}` });
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(alert).toHaveTextContent('The run history could not be loaded.');
    server.failing.match = null;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });
});
