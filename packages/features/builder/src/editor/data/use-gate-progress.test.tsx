// The deploy page's progress while the publish gate runs the cases (issue 30), on the real backend:
// it is heard through Realtime as the server writes each result, not asked for again and again,
// and nobody but the app's owner hears the results.
import type { LiveChange } from '@appforge/sdk';
import type { AppSpecInput } from '@appforge/engine';
import { renderWithAppforge, setupAppforgeBackend } from '@appforge/test-backend';
import type { TestUser } from '@appforge/test-backend';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useGateProgress } from './use-gate-progress';

const backend = setupAppforgeBackend();

const spec: AppSpecInput = {
  entryStepId: 'ask',
  steps: [
    { id: 'ask', kind: 'input', title: 'Planet', config: { fields: [{ name: 'planet', label: 'Planet', type: 'text', required: true }] } },
    { id: 'show', kind: 'output', title: 'Answer', config: { template: 'You chose {{planet}}.' } },
  ],
};

function Progress({ appId, versionId }: { appId: string; versionId: string }) {
  const progress = useGateProgress(appId, versionId, true);
  return <p role="status">{progress.data ? `${progress.data.done} of ${progress.data.total} done` : 'No test run yet'}</p>;
}

/** Reads of test results the page makes (REST), and how many are still under way. */
function countingFetch() {
  const reads = { total: 0, open: 0 };
  const counting: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.includes('/rest/v1/AppTestResult')) return fetch(input, init);
    reads.total += 1;
    reads.open += 1;
    try {
      return await fetch(input, init);
    } finally {
      reads.open -= 1;
    }
  };
  return { reads, counting };
}

async function appWithVersion(user: TestUser) {
  const appId = crypto.randomUUID();
  const made = await backend().admin.from('App').insert({ id: appId, owner_id: user.id, name: 'Planets' });
  if (made.error) throw new Error(made.error.message);
  const version = await user.client.versions.createDraft({ appId, spec });
  return { appId, versionId: version.id };
}

/** A running test run of the version with pending results, as deploy-app writes it (service role). */
async function runningTestRun(appId: string, versionId: string, ownerId: string, cases: number) {
  const run = await backend()
    .admin.from('AppTestRun')
    .insert({ app_id: appId, version_id: versionId, version_number: 1, started_by: ownerId, case_count: cases })
    .select('id')
    .single();
  if (run.error) throw new Error(run.error.message);
  const results = await backend()
    .admin.from('AppTestResult')
    .insert(Array.from({ length: cases }, (_, index) => ({ test_run_id: run.data.id, case_name: `Case ${index + 1}` })))
    .select('id');
  if (results.error) throw new Error(results.error.message);
  return { testRunId: run.data.id, resultIds: results.data.map((row) => row.id) };
}

async function finish(resultId: string, status: 'passed' | 'failed') {
  const saved = await backend().admin.from('AppTestResult').update({ status, finished_at: new Date().toISOString() }).eq('id', resultId);
  if (saved.error) throw new Error(saved.error.message);
}

function allJoined(user: TestUser): boolean {
  const channels = user.client.supabase.getChannels();
  return channels.length > 0 && channels.every((channel) => channel.state === 'joined');
}

describe('the publish gate’s progress, heard live', () => {
  it('moves as the server writes each result, without asking the server again', async () => {
    const { reads, counting } = countingFetch();
    const ada = await backend().signedInUser('ada', { fetch: counting });
    const { appId, versionId } = await appWithVersion(ada);
    renderWithAppforge({ client: ada.client, routes: [{ path: '/progress', element: <Progress appId={appId} versionId={versionId} /> }], path: '/progress' });
    expect(await screen.findByText('No test run yet')).toBeInTheDocument();

    // Deploy starts the gate's test run: the page hears it and reads it once.
    const { resultIds } = await runningTestRun(appId, versionId, ada.id, 3);
    expect(await screen.findByText('0 of 3 done', {}, { timeout: 8000 })).toBeInTheDocument();
    await waitFor(() => expect(allJoined(ada) && reads.open === 0).toBe(true), { timeout: 8000 });
    const readsBefore = reads.total;

    await finish(resultIds[0] ?? '', 'passed');
    expect(await screen.findByText('1 of 3 done', {}, { timeout: 8000 })).toBeInTheDocument();
    await finish(resultIds[1] ?? '', 'failed');
    await finish(resultIds[2] ?? '', 'passed');
    expect(await screen.findByText('3 of 3 done', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(reads.total).toBe(readsBefore);
  });

  it('reads what finished before the page was open, then hears the rest', async () => {
    const ada = await backend().signedInUser('ada');
    const { appId, versionId } = await appWithVersion(ada);
    const { resultIds } = await runningTestRun(appId, versionId, ada.id, 2);
    await finish(resultIds[0] ?? '', 'passed');
    renderWithAppforge({ client: ada.client, routes: [{ path: '/progress', element: <Progress appId={appId} versionId={versionId} /> }], path: '/progress' });
    expect(await screen.findByText('1 of 2 done', {}, { timeout: 8000 })).toBeInTheDocument();
    await waitFor(() => expect(allJoined(ada)).toBe(true), { timeout: 8000 });
    await finish(resultIds[1] ?? '', 'passed');
    expect(await screen.findByText('2 of 2 done', {}, { timeout: 8000 })).toBeInTheDocument();
  });

  it('lets nobody else hear the results, even asking for the test run by its id', async () => {
    const ada = await backend().signedInUser('ada');
    const eve = await backend().signedInUser('eve');
    const { appId, versionId } = await appWithVersion(ada);
    const { testRunId, resultIds } = await runningTestRun(appId, versionId, ada.id, 1);
    // Eve's own app and test run: what she hears of it shows her subscriptions work.
    const own = await appWithVersion(eve);
    const eves = await runningTestRun(own.appId, own.versionId, eve.id, 1);

    const heard: LiveChange[] = [];
    const overheard: LiveChange[] = [];
    const evesOwn: LiveChange[] = [];
    const stops = [
      ada.client.live.subscribe({ table: 'AppTestResult', match: { column: 'test_run_id', value: testRunId } }, (change) => heard.push(change)),
      eve.client.live.subscribe({ table: 'AppTestResult', match: { column: 'test_run_id', value: testRunId } }, (change) => overheard.push(change)),
      eve.client.live.subscribe({ table: 'AppTestRun' }, (change) => overheard.push(change)),
      eve.client.live.subscribe({ table: 'AppTestResult', match: { column: 'test_run_id', value: eves.testRunId } }, (change) => evesOwn.push(change)),
    ];
    await waitFor(() => expect(allJoined(ada) && allJoined(eve)).toBe(true), { timeout: 8000 });

    await finish(resultIds[0] ?? '', 'passed');
    const ended = await backend().admin.from('AppTestRun').update({ status: 'done', passed: 1 }).eq('id', testRunId);
    if (ended.error) throw new Error(ended.error.message);
    // Changes reach each client in the order they were made: once Eve hears her own result,
    // Ada's would have reached her before it, had she been allowed to hear them.
    await finish(eves.resultIds[0] ?? '', 'passed');
    await waitFor(() => expect(evesOwn).toHaveLength(1), { timeout: 8000 });
    await waitFor(() => expect(heard).toHaveLength(1), { timeout: 8000 });
    expect(heard[0]).toMatchObject({ eventType: 'UPDATE', new: { id: resultIds[0], status: 'passed' } });
    expect(overheard).toEqual([]);
    for (const stop of stops) stop();
  });
});
