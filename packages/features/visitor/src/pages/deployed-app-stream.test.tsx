// On the real backend (@appforge/test-backend) with a model provider on loopback in place of the
// offline model: the test sends the answer's tokens one by one through run-app's real stream, or
// makes the provider fail. run-app lets each person start one run a minute here, so its real rate
// limit can be met.
import { setupAppforgeBackend } from '@appforge/test-backend';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { deployApp, renderPage } from '../../test/fixtures';
import { setupModelProvider } from '../../test/model-provider';

const provider = setupModelProvider();
const backend = setupAppforgeBackend(() => ({ model: { baseUrl: provider().baseUrl, name: provider().name }, runRateLimitPerMinute: 1 }));

beforeEach(() => {
  window.sessionStorage.clear();
});

async function fillLessonForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('textbox', { name: /Topic/ }), 'Fractions');
  await user.type(screen.getByRole('spinbutton', { name: /Minutes/ }), '45');
  await user.click(screen.getByRole('radio', { name: 'Beginner' }));
}

/** A deployed lesson planner and a signed-in visitor (each has their own run allowance). */
async function visitorOfNewApp() {
  const owner = await backend().signedInUser('owner');
  const appId = await deployApp(backend(), owner);
  const visitor = await backend().signedInUser('visitor');
  return { appId, path: `/deployed-app/${appId}`, visitor };
}

async function statusOfRuns(appId: string): Promise<string[]> {
  const { data, error } = await backend().admin.from('AppRun').select('status').eq('app_id', appId);
  if (error) throw new Error(error.message);
  return data.map((row) => row.status);
}

describe('/deployed-app/:appId with a model provider', () => {
  it('shows the tokens of a streaming answer as they arrive', async () => {
    const { path, visitor } = await visitorOfNewApp();
    const user = userEvent.setup();
    renderPage(path, { client: visitor.client });
    await fillLessonForm(user);
    await user.click(screen.getByRole('button', { name: 'Run' }));

    const completion = await provider().nextCompletion();
    completion.send('Start with ');
    const answer = await screen.findByRole('region', { name: 'Answer' });
    await waitFor(() => expect(answer).toHaveTextContent('Start with'));
    expect(answer).not.toHaveTextContent('a pizza');

    completion.send('a pizza.');
    await waitFor(() => expect(answer).toHaveTextContent('Start with a pizza.'));
    expect(screen.queryByTitle(/built-in offline model/)).not.toBeInTheDocument();

    completion.finish();
    expect(await screen.findByRole('article', { name: 'Your plan' })).toHaveTextContent('Start with a pizza.');
  });

  it('shows a failed run’s reason in words', async () => {
    const { path, visitor } = await visitorOfNewApp();
    provider().failWith(502, 'upstream is down');
    const user = userEvent.setup();
    renderPage(path, { client: visitor.client });
    await fillLessonForm(user);
    await user.click(screen.getByRole('button', { name: 'Run' }));
    const alert = await screen.findByRole('alert', { name: 'The AI model failed' });
    expect(alert).toHaveTextContent('Lesson plan');
    expect(alert).toHaveTextContent('502');
  });

  it('stops a streaming run on request and starts over with the answers kept', async () => {
    const { path, visitor } = await visitorOfNewApp();
    const user = userEvent.setup();
    renderPage(path, { client: visitor.client });
    await fillLessonForm(user);
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await provider().nextCompletion();
    await user.click(await screen.findByRole('button', { name: 'Stop' }));
    const stopped = await screen.findByRole('alert', { name: 'Run stopped' });
    await user.click(within(stopped).getByRole('button', { name: 'Start over' }));
    expect(screen.queryByRole('alert', { name: 'Run stopped' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Answer' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Topic/ })).toHaveValue('Fractions');
    expect(screen.getByRole('button', { name: 'Run' })).toBeEnabled();
  });

  it('tells a rate limit in words and keeps the answers', async () => {
    const { appId, path, visitor } = await visitorOfNewApp();
    const user = userEvent.setup();
    renderPage(path, { client: visitor.client });
    await fillLessonForm(user);
    await user.click(screen.getByRole('button', { name: 'Run' }));
    const completion = await provider().nextCompletion();
    completion.send('A plan.');
    completion.finish();
    expect(await screen.findByRole('article', { name: 'Your plan' })).toHaveTextContent('A plan.');

    // A second run within the minute is over the person's allowance (one a minute on this server).
    await user.click(screen.getByRole('button', { name: 'Run again' }));
    expect(await screen.findByRole('heading', { name: 'Too many runs right now' })).toBeInTheDocument();
    expect(screen.getByText(/^Too many runs; try again in \d+ s\.$/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Topic/ })).toHaveValue('Fractions');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(await statusOfRuns(appId)).toEqual(['done']);
  });
});
