// On the real backend (@appforge/test-backend): apps are deployed through the real deploy-app
// function, runs go through the real run-app function and the built-in offline model, and what a
// run recorded is read back from AppRun with the service role.
import type { AppforgeClient } from '@appforge/sdk';
import { setupAppforgeBackend } from '@appforge/test-backend';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { VISITOR_SESSION_KEY } from '../lib/visitor-session';
import { deployApp, renderPage, RUN_ID, spec } from '../../test/fixtures';
import type { AppSettings } from '../../test/fixtures';

const backend = setupAppforgeBackend();

beforeEach(() => {
  window.sessionStorage.clear();
  document.title = 'Appforge';
});

async function fillLessonForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('textbox', { name: /Topic/ }), 'Fractions');
  await user.type(screen.getByRole('spinbutton', { name: /Minutes/ }), '45');
  await user.click(screen.getByRole('radio', { name: 'Beginner' }));
}

/** A deployed app of a new owner's; its page's path. */
async function deployed(settings: AppSettings = {}, appSpec?: Parameters<typeof deployApp>[3]) {
  const owner = await backend().signedInUser('owner');
  const appId = await deployApp(backend(), owner, settings, appSpec);
  return { owner, appId, path: `/deployed-app/${appId}` };
}

interface RunRow {
  id: string;
  inputs: unknown;
  visitor_session: string | null;
  runner_user_id: string | null;
  class_id: string | null;
  status: string;
  offline: boolean;
}

/** The app's runs as the server recorded them, oldest first. */
async function runsOf(appId: string): Promise<RunRow[]> {
  const { data, error } = await backend()
    .admin.from('AppRun')
    .select('id, inputs, visitor_session, runner_user_id, class_id, status, offline')
    .eq('app_id', appId)
    .order('created_at', { ascending: true });
  if (error) throw new Error(error.message);
  return data;
}

/** A signed-out client whose requests are listed (the real network underneath), and whose network can be cut off. */
function watchedClient(): { client: AppforgeClient; requests: string[]; network: { down: boolean } } {
  const requests: string[] = [];
  const network = { down: false };
  const fetchThrough: typeof fetch = (input, init) => {
    requests.push(input instanceof Request ? input.url : String(input));
    if (network.down) return Promise.reject(new TypeError('Failed to fetch'));
    return fetch(input, init);
  };
  return { client: backend().client({ fetch: fetchThrough }), requests, network };
}

describe('/deployed-app/:appId', () => {
  it('shows a skeleton, then the app with its name as the tab title', async () => {
    const { path } = await deployed();
    renderPage(path, { client: backend().client() });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading app');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lesson Planner' })).toBeInTheDocument();
    expect(document.title).toBe('Lesson Planner');
  });

  it('says an unknown app does not exist or is not published, with a sign-in hint for visitors', async () => {
    renderPage(`/deployed-app/${RUN_ID}`, { client: backend().client() });
    expect(await screen.findByRole('heading', { name: 'This app does not exist or is not published' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/sign-in?app_id=${RUN_ID}&next=%2Fdeployed-app%2F${RUN_ID}`);
  });

  it('tells a signed-out visitor the name of an app open to signed-in people and offers the sign-in', async () => {
    const { appId, path } = await deployed({ visibility: 'signed_in' });
    const first = renderPage(path, { client: backend().client() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to use Lesson Planner' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to continue' })).toHaveAttribute('href', `/sign-in?app_id=${appId}&next=%2Fdeployed-app%2F${appId}`);
    expect(screen.queryByText(/does not exist/)).toBeNull();
    first.unmount();
    // An invite-only app stays unnamed to visitors.
    const { path: inviteOnly } = await deployed({ visibility: 'allowed_users' });
    renderPage(inviteOnly, { client: backend().client() });
    expect(await screen.findByRole('heading', { name: 'This app does not exist or is not published' })).toBeInTheDocument();
    expect(screen.queryByText(/Lesson Planner/)).toBeNull();
  });

  it('treats an address that is not an app id as not found, without asking the backend', async () => {
    const watched = watchedClient();
    renderPage('/deployed-app/..%2Fsettings', { client: watched.client });
    expect(await screen.findByRole('heading', { name: 'This app does not exist or is not published' })).toBeInTheDocument();
    expect(watched.requests.filter((url) => url.includes('/rest/v1/App'))).toEqual([]);
  });

  it('says an app that is not deployed is not published', async () => {
    const owner = await backend().signedInUser('owner');
    const made = await backend().admin.from('App').insert({ owner_id: owner.id, name: 'Lesson Planner', visibility: 'public' }).select('id').single();
    if (made.error) throw new Error(made.error.message);
    renderPage(`/deployed-app/${made.data.id}`, { client: backend().client() });
    expect(await screen.findByRole('heading', { name: 'This app does not exist or is not published' })).toBeInTheDocument();
  });

  it('runs the app to the end for a signed-out visitor, with a stable visitor session and the offline badge', async () => {
    const { appId, path } = await deployed();
    const user = userEvent.setup();
    renderPage(path, { client: backend().client() });
    await fillLessonForm(user);
    await user.click(screen.getByRole('button', { name: 'Run' }));

    const results = await screen.findByRole('region', { name: 'Results' });
    const plan = within(results).getByRole('article', { name: 'Your plan' });
    expect(plan).toHaveTextContent('no AI model is connected');
    expect(plan).toHaveTextContent('Fractions');
    expect(screen.getByTitle(/built-in offline model/)).toHaveTextContent('Offline model');

    const [first] = await runsOf(appId);
    expect(first).toMatchObject({ status: 'done', offline: true, runner_user_id: null });
    expect(first?.inputs).toEqual({ topic: 'Fractions', notes: '', minutes: 45, level: 'Beginner', homework: false });
    expect(first?.visitor_session).toBe(window.localStorage.getItem(VISITOR_SESSION_KEY));
    expect(first?.visitor_session).toMatch(/\S/);

    await user.click(screen.getByRole('button', { name: 'Run again' }));
    await waitFor(async () => expect(await runsOf(appId)).toHaveLength(2));
    const [, again] = await runsOf(appId);
    expect(again?.visitor_session).toBe(first?.visitor_session);
    expect(await screen.findByRole('region', { name: 'Results' })).toBeInTheDocument();
  });

  it('sends no visitor session for a signed-in person', async () => {
    const { appId, path } = await deployed();
    const sam = await backend().signedInUser('sam');
    const user = userEvent.setup();
    renderPage(path, { client: sam.client });
    await fillLessonForm(user);
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await screen.findByRole('region', { name: 'Results' });
    const [run] = await runsOf(appId);
    expect(run).toMatchObject({ visitor_session: null, runner_user_id: sam.id });
  });

  it('runs for the class named in ?class= (opened from My classes), and for no class otherwise', async () => {
    const { owner, appId, path } = await deployed();
    const { admin } = backend();
    const klass = await admin.from('Class').insert({ teacher_id: owner.id, name: 'Year 7' }).select('id').single();
    if (klass.error) throw new Error(klass.error.message);
    const pupil = await backend().signedInUser('pupil');
    const joined = await admin.from('ClassMember').insert({ class_id: klass.data.id, student_id: pupil.id, display_name: 'Pupil' });
    if (joined.error) throw new Error(joined.error.message);
    const assigned = await admin.from('Assignment').insert({ class_id: klass.data.id, app_id: appId });
    if (assigned.error) throw new Error(assigned.error.message);
    const user = userEvent.setup();
    const view = renderPage(`${path}?class=${klass.data.id}`, { client: pupil.client });
    await fillLessonForm(user);
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await screen.findByRole('region', { name: 'Results' });
    expect(await runsOf(appId)).toEqual([expect.objectContaining({ class_id: klass.data.id, runner_user_id: pupil.id })]);
    view.unmount();

    // Opened in a new tab (the answers typed in the first are that tab's own).
    window.sessionStorage.clear();
    renderPage(path, { client: pupil.client });
    await fillLessonForm(user);
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await screen.findByRole('region', { name: 'Results' });
    const runs = await runsOf(appId);
    expect(runs).toHaveLength(2);
    expect(runs[1]).toMatchObject({ class_id: null, runner_user_id: pupil.id });
  });

  it('sends no class for a ?class= that is not a class id', async () => {
    const { appId, path } = await deployed();
    const sam = await backend().signedInUser('sam');
    const user = userEvent.setup();
    renderPage(`${path}?class=not-a-class`, { client: sam.client });
    await fillLessonForm(user);
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await screen.findByRole('region', { name: 'Results' });
    expect(await runsOf(appId)).toEqual([expect.objectContaining({ class_id: null, runner_user_id: sam.id })]);
  });

  it('continues the run with the chosen button', async () => {
    const { appId, path } = await deployed(
      {},
      spec({
        entryStepId: 'write',
        steps: [
          {
            id: 'write',
            kind: 'ai',
            title: 'Draft',
            config: { prompt: 'Write a poem', outputVariable: 'poem' },
            next: { type: 'choices', prompt: 'Like it?', buttons: [{ label: 'Keep it', goto: 'keep' }, { label: 'Start again', goto: 'write' }] },
          },
          { id: 'keep', kind: 'output', title: 'Your poem', config: { template: 'Kept: {{poem}}' }, next: { type: 'end' } },
        ],
      }),
    );
    const user = userEvent.setup();
    renderPage(path, { client: backend().client() });
    await user.click(await screen.findByRole('button', { name: 'Run' }));
    const group = await screen.findByRole('group', { name: 'Like it?' });
    await user.click(within(group).getByRole('button', { name: 'Keep it' }));
    const poem = await screen.findByRole('article', { name: 'Your poem' });
    expect(poem).toHaveTextContent('Kept:');
    // The same run went on (the first button leads to "keep"), and it is done.
    expect(await runsOf(appId)).toEqual([expect.objectContaining({ status: 'done' })]);
  });

  it('asks a later step’s questions, and resumes that run after a reload', async () => {
    const { appId, path } = await deployed(
      {},
      spec({
        entryStepId: 'intro',
        steps: [
          { id: 'intro', kind: 'ai', title: 'Welcome', config: { prompt: 'Say hello', outputVariable: 'hello' } },
          { id: 'more', kind: 'input', title: 'About you', config: { fields: [{ name: 'name', label: 'Your name', type: 'text', required: true }] } },
          { id: 'bye', kind: 'output', title: 'Goodbye', config: { template: 'Bye {{name}}' }, next: { type: 'end' } },
        ],
      }),
    );
    const client = backend().client();
    const user = userEvent.setup();
    const first = renderPage(path, { client });
    await user.click(await screen.findByRole('button', { name: 'Run' }));
    expect(await screen.findByRole('form', { name: 'About you' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Your name/ }), 'Ada');
    first.unmount();

    renderPage(path, { client });
    const form = await screen.findByRole('form', { name: 'About you' });
    expect(screen.getByText('You are continuing the run you started earlier.')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /Your name/ })).toHaveValue('Ada');
    await user.click(within(form).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('article', { name: 'Goodbye' })).toHaveTextContent('Bye Ada');
    expect(await runsOf(appId)).toEqual([expect.objectContaining({ status: 'done' })]);
  });

  it('sends a visitor to sign in, branded with the app, when the app is for signed-in people', async () => {
    const { appId, path } = await deployed();
    const user = userEvent.setup();
    const { router } = renderPage(path, { client: backend().client() });
    await fillLessonForm(user);
    // The owner makes the app open to signed-in people while the visitor fills the form.
    const changed = await backend().admin.from('App').update({ visibility: 'signed_in' }).eq('id', appId);
    if (changed.error) throw new Error(changed.error.message);
    await user.click(screen.getByRole('button', { name: 'Run' }));
    // run-app refuses the run; the page reads the app again, which a visitor may no longer read:
    // the whole page asks for the sign-in, with the app's name.
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to use Lesson Planner' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Sign in to continue' }));
    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeInTheDocument();
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ app_id: appId, next: path });
    expect(await runsOf(appId)).toEqual([]);
  });

  it('says when the app is open only to the people its owner chose', async () => {
    const { appId, path } = await deployed({ visibility: 'signed_in' });
    const sam = await backend().signedInUser('sam');
    const user = userEvent.setup();
    renderPage(path, { client: sam.client });
    await fillLessonForm(user);
    // The owner narrows the app to the people they chose (Sam is not one) while Sam fills the form.
    const changed = await backend().admin.from('App').update({ visibility: 'allowed_users' }).eq('id', appId);
    if (changed.error) throw new Error(changed.error.message);
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByRole('heading', { name: 'You do not have access to this app' })).toBeInTheDocument();
    expect(await runsOf(appId)).toEqual([]);
  });

  it('starts fresh when the run it tried to resume is gone', async () => {
    const { appId, path } = await deployed();
    window.sessionStorage.setItem(`appforge.run.${appId}`, RUN_ID);
    const user = userEvent.setup();
    renderPage(path, { client: backend().client() });
    const problem = await screen.findByRole('alert', { name: 'This run cannot continue' });
    await user.click(within(problem).getByRole('button', { name: 'Start over' }));
    expect(screen.queryByRole('alert', { name: 'This run cannot continue' })).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem(`appforge.run.${appId}`)).toBeNull();
    await fillLessonForm(user);
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByRole('region', { name: 'Results' })).toBeInTheDocument();
  });

  it('says when Appforge cannot be reached and loads the app on Try again', async () => {
    const { path } = await deployed();
    const watched = watchedClient();
    watched.network.down = true;
    const user = userEvent.setup();
    renderPage(path, { client: watched.client });
    const problem = await screen.findByRole('alert', { name: 'Could not reach Appforge' });
    watched.network.down = false;
    await user.click(within(problem).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lesson Planner' })).toBeInTheDocument();
  });
});
