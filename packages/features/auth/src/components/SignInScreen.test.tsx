import { createServer } from 'node:net';
import { AppforgeError } from '@appforge/sdk';
import { createAuthLiteClient } from '@appforge/sdk/auth-lite';
import { setupAppforgeBackend, uniqueEmail } from '@appforge/test-backend';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deployedApp, network, publicBundle, teacherClass } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { RATE_LIMIT_MESSAGE, WRONG_CODE_MESSAGE } from '../lib/auth-messages';
import { CODE_SENT_MESSAGE } from './EmailCodeForm';
import { SignInScreen } from './SignInScreen';

const backend = setupAppforgeBackend();

/** An app id no app has. */
const MISSING_APP_ID = '3f0c2a52-5a7e-4c43-9a55-0d3f0d3b8c11';

/** The name lookups the sign-in page may send: the app's or bundle's row, and the signed-in-only app's name. */
const APP_NAME = '/rest/v1/App?';
const BUNDLE_NAME = '/rest/v1/Bundle?';
const APP_SIGN_IN_NAME = '/rpc/app_sign_in_name';
const SIGN_IN_ICON = '/rpc/sign_in_icon';

/** A signed-out visitor's client on the file's backend, and the network it talks through. */
function visitor() {
  const net = network();
  return { net, client: backend().client({ fetch: net.fetch }) };
}

function iconUrl(path: string): string {
  return `${backend().url}/storage/v1/object/public/app-icons/${path}`;
}

const reducedMotion = (globalThis as unknown as { __reducedMotion: { value: boolean } }).__reducedMotion;

afterEach(() => {
  reducedMotion.value = false;
  document.title = '';
});

/** A loopback port nothing listens on: bound, then closed again. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

function heading() {
  return screen.getByRole('heading', { level: 1 });
}

describe('SignInScreen', () => {
  it('by default shows the build-AI-apps heading, the three providers and e-mail step 1', async () => {
    const { net, client } = visitor();
    renderWithProviders(<SignInScreen />, { client, path: '/sign-in' });
    expect(heading()).toHaveTextContent('Build the AI apps you need');
    expect(document.title).toBe('Sign in · Appforge');
    await waitFor(() => {
      for (const provider of ['Google', 'Facebook', 'Apple']) {
        expect(screen.getByRole('button', { name: `Sign in with ${provider}` })).toBeInTheDocument();
      }
    });
    expect(screen.queryByRole('button', { name: /Sign in with (Github|Twitter|Discord)/i })).toBeNull();
    const email = screen.getByPlaceholderText('Enter email...');
    expect(email).toHaveAttribute('type', 'email');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    for (const lookup of [APP_NAME, BUNDLE_NAME, APP_SIGN_IN_NAME, SIGN_IN_ICON]) expect(net.count(lookup)).toBe(0);
  });

  it('says "Sign Up To Create Your App" when a pending app description comes in the query', () => {
    renderWithProviders(<SignInScreen />, { client: backend().client(), path: '/sign-in?app_description_id=desc_42' });
    expect(heading()).toHaveTextContent('Sign Up To Create Your App');
    expect(document.title).toBe('Sign up · Appforge');
  });

  it('says "Sign Up To Create Your App" when the pending description comes in router state', () => {
    renderWithProviders(<SignInScreen />, { client: backend().client(), path: '/sign-in', state: { app_description_id: 'desc_42' } });
    expect(heading()).toHaveTextContent('Sign Up To Create Your App');
  });

  it('with an app id shows "Loading..." and then the app’s name as heading and page title', async () => {
    const appId = await deployedApp(backend(), await backend().signedInUser('owner'), 'Poem Writer');
    const { net, client } = visitor();
    renderWithProviders(<SignInScreen />, { client, path: `/sign-in?app_id=${appId}` });
    expect(heading()).toHaveTextContent('Loading...');
    await waitFor(() => expect(heading()).toHaveTextContent('Poem Writer'));
    await waitFor(() => expect(document.title).toBe('Poem Writer'));
    expect(net.requests.filter((request) => request.url.includes(APP_NAME)).map((request) => new URL(request.url).searchParams.get('id'))).toEqual([`eq.${appId}`]);
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
  });

  it('keeps "Loading..." on screen for as long as the name lookup takes', async () => {
    const appId = await deployedApp(backend(), await backend().signedInUser('owner'), 'Late App');
    const { net, client } = visitor();
    const lookup = net.hold(APP_NAME);
    renderWithProviders(<SignInScreen />, { client, path: `/sign-in?app_id=${appId}` });
    await screen.findByRole('button', { name: 'Sign in with Google' });
    await waitFor(() => expect(net.count(APP_NAME)).toBe(1));
    expect(heading()).toHaveTextContent('Loading...');
    expect(heading()).toHaveAttribute('aria-busy', 'true');
    act(() => lookup.release());
    await waitFor(() => expect(heading()).toHaveTextContent('Late App'));
  });

  it('with a bundle id shows the bundle’s name and an extra Back button to the site root', async () => {
    const user = userEvent.setup();
    const owner = await backend().signedInUser('owner');
    const appId = await deployedApp(backend(), owner, 'Ignored');
    const bundleId = await publicBundle(backend(), owner, 'Maths Pack', [appId]);
    const { net, client } = visitor();
    renderWithProviders(<SignInScreen />, { client, path: `/sign-in?bundle_id=${bundleId}&app_id=${appId}` });
    await waitFor(() => expect(heading()).toHaveTextContent('Maths Pack'));
    await waitFor(() => expect(document.title).toBe('Maths Pack'));
    expect(net.count(APP_NAME) + net.count(APP_SIGN_IN_NAME)).toBe(0);
    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });

  it('shows the app’s icon next to its name, the bundle’s for a bundle, and no icon when there is none', async () => {
    const owner = await backend().signedInUser('owner');
    const appId = await deployedApp(backend(), owner, 'Poem Writer', { iconPath: `${owner.id}/app/quiz.png` });
    const kitId = await deployedApp(backend(), owner, 'Kit', { iconPath: `${owner.id}/first/kit.png` });
    const bundleId = await publicBundle(backend(), owner, 'Maths Pack', [kitId]);
    const { net, client } = visitor();
    const appIconLookups = () => net.requests.filter((request) => request.url.includes(SIGN_IN_ICON) && request.body?.includes(appId)).length;

    const app = renderWithProviders(<SignInScreen />, { client, path: `/sign-in?app_id=${appId}` });
    await waitFor(() => expect(heading()).toHaveTextContent('Poem Writer'));
    await waitFor(() => expect(app.container.querySelector('img.auth-brand-icon')).toHaveAttribute('src', iconUrl(`${owner.id}/app/quiz.png`)));
    // Decorative: the heading names the app.
    expect(app.container.querySelector('img.auth-brand-icon')).toHaveAttribute('alt', '');
    app.unmount();

    const bundle = renderWithProviders(<SignInScreen />, { client, path: `/sign-in?bundle_id=${bundleId}&app_id=${appId}` });
    await waitFor(() => expect(heading()).toHaveTextContent('Maths Pack'));
    await waitFor(() => expect(bundle.container.querySelector('img.auth-brand-icon')).toHaveAttribute('src', iconUrl(`${owner.id}/first/kit.png`)));
    expect(appIconLookups()).toBe(1);
    bundle.unmount();

    const cleared = await backend().admin.from('App').update({ icon_path: null }).eq('id', appId);
    expect(cleared.error).toBeNull();
    const plain = renderWithProviders(<SignInScreen />, { client, path: `/sign-in?app_id=${appId}` });
    await waitFor(() => expect(heading()).toHaveTextContent('Poem Writer'));
    await waitFor(() => expect(net.answered(SIGN_IN_ICON)).toBe(3));
    expect(appIconLookups()).toBe(2);
    await act(() => Promise.resolve());
    expect(plain.container.querySelector('img')).toBeNull();
  });

  it('shows no icon when the name lookup fails, even if an icon is known', async () => {
    const owner = await backend().signedInUser('owner');
    const appId = await deployedApp(backend(), owner, 'Poem Writer', { iconPath: `${owner.id}/app/icon.png` });
    const version = await backend().admin.from('App').select('deployed_version_id').eq('id', appId).single();
    // Not deployed while the page asks its name: the backend names no such app.
    expect((await backend().admin.from('App').update({ deployed_version_id: null }).eq('id', appId)).error).toBeNull();
    const { net, client } = visitor();
    const iconLookup = net.hold(SIGN_IN_ICON);
    const { container, reportError } = renderWithProviders(<SignInScreen />, { client, path: `/sign-in?app_id=${appId}` });
    await waitFor(() => expect(reportError).toHaveBeenCalledWith(expect.objectContaining({ code: 'not_found' }), { context: 'sign-in app name lookup' }));
    // Deployed by the time the icon is asked for: the backend gives its icon.
    expect((await backend().admin.from('App').update({ deployed_version_id: version.data?.deployed_version_id ?? null }).eq('id', appId)).error).toBeNull();
    iconLookup.release();
    await waitFor(() => expect(net.answered(SIGN_IN_ICON)).toBe(1));
    expect(await client.apps.getSignInIcon(appId)).toBe(iconUrl(`${owner.id}/app/icon.png`));
    expect(heading()).toHaveTextContent('Build the AI apps you need');
    expect(container.querySelector('img')).toBeNull();
  });

  it('keeps the default heading and reports the error when the name lookup fails', async () => {
    const { reportError } = renderWithProviders(<SignInScreen />, { client: backend().client(), path: `/sign-in?app_id=${MISSING_APP_ID}` });
    // The default heading shows from the start: wait for the failed lookup itself, then check it stayed.
    await waitFor(() =>
      expect(reportError).toHaveBeenCalledWith(
        expect.objectContaining({ code: 'not_found', message: 'This app was not found or is not public.' }),
        { context: 'sign-in app name lookup' },
      ),
    );
    expect(heading()).toHaveTextContent('Build the AI apps you need');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('on a class’s join link says which class the person is joining, from the gate’s address or from next', async () => {
    const { klass } = await teacherClass(backend(), 'Biology 7B');
    const code = klass.join_code;
    const client = backend().client();
    // As a person may type it: lower case, with a dash in the middle.
    const typed = `${code.slice(0, 4)}-${code.slice(4)}`.toLowerCase();
    const first = renderWithProviders(<SignInScreen />, { client, path: `/join/${typed}` });
    expect(await screen.findByRole('status')).toHaveTextContent('You are joining Biology 7B. Sign in to join the class.');
    first.unmount();
    renderWithProviders(<SignInScreen />, { client, path: `/sign-in?next=${encodeURIComponent(`/join/${code}`)}` });
    expect(await screen.findByText('Biology 7B')).toBeInTheDocument();
    expect(heading()).toHaveTextContent('Build the AI apps you need');
  });

  it('says nothing of a class for a wrong, archived or malformed join code', async () => {
    const { owner, klass: open } = await teacherClass(backend(), 'Open class');
    const archived = await owner.client.classes.create({ name: 'Old class' });
    await owner.client.classes.update(archived.id, { archived: true });
    const wrong = open.join_code === 'ZZZZZZZZ' ? 'YYYYYYYY' : 'ZZZZZZZZ';
    const { net, client } = visitor();
    const cases = [
      { path: `/join/${wrong}`, asks: 1 },
      { path: `/join/${archived.join_code}`, asks: 1 },
      { path: '/join/%E0%A4%A', asks: 0 },
      { path: `/sign-in?next=${encodeURIComponent(`//evil.example/join/${open.join_code}`)}`, asks: 0 },
    ];
    let asked = 0;
    for (const { path, asks } of cases) {
      const view = renderWithProviders(<SignInScreen />, { client, path });
      await waitFor(() => expect(heading()).toHaveTextContent('Build the AI apps you need'));
      asked += asks;
      // The class lookup (when there is one to make) has had its answer before the line is looked for.
      await waitFor(() => expect(net.answered('/functions/v1/join-class')).toBe(asked));
      await act(() => Promise.resolve());
      expect(net.count('/functions/v1/join-class')).toBe(asked);
      expect(screen.queryByText(/You are joining/)).toBeNull();
      view.unmount();
    }
  });

  it('ignores a malformed app id instead of sending it to the backend', async () => {
    const { net, client } = visitor();
    renderWithProviders(<SignInScreen />, { client, path: '/sign-in?app_id=%3Cscript%3Ealert(1)%3C/script%3E' });
    expect(heading()).toHaveTextContent('Build the AI apps you need');
    await screen.findByRole('button', { name: 'Sign in with Google' });
    expect(net.count(APP_NAME) + net.count(APP_SIGN_IN_NAME) + net.count(SIGN_IN_ICON)).toBe(0);
  });

  it('sends the code, moves to step 2, and Back returns to step 1 with the address kept', async () => {
    const user = userEvent.setup();
    const { net, client } = visitor();
    const address = uniqueEmail('ada');
    renderWithProviders(<SignInScreen />, { client, path: '/sign-in' });
    await user.type(screen.getByPlaceholderText('Enter email...'), address);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText(CODE_SENT_MESSAGE)).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Enter code...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify Code' })).toBeInTheDocument();
    // The mail with the code arrived, and the request named this page (without a trailing #) to come back to.
    expect(await backend().codeFor(address)).toMatch(/^\d{6}$/);
    const sent = net.requests.filter((request) => request.url.includes('/auth/v1/otp'));
    expect(sent).toHaveLength(1);
    expect(new URL(sent[0]?.url ?? '').searchParams.get('redirect_to')).toBe(window.location.href.replace(/#$/, ''));

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByPlaceholderText('Enter email...')).toHaveValue(address);
    expect(screen.queryByPlaceholderText('Enter code...')).toBeNull();
  });

  it('signs in with the right code', async () => {
    const user = userEvent.setup();
    const client = backend().client();
    const address = uniqueEmail('ada');
    renderWithProviders(<SignInScreen />, { client, path: '/sign-in' });
    await user.type(screen.getByPlaceholderText('Enter email...'), address);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.type(await screen.findByPlaceholderText('Enter code...'), await backend().codeFor(address));
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    await waitFor(async () => expect((await client.supabase.auth.getSession()).data.session?.user.email).toBe(address));
  });

  it('reports a wrong code as "issue with verify otp" and tells the person what to do', async () => {
    const user = userEvent.setup();
    const client = backend().client();
    const address = uniqueEmail('ada');
    const { reportError } = renderWithProviders(<SignInScreen />, { client, path: '/sign-in' });
    await user.type(screen.getByPlaceholderText('Enter email...'), address);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const right = await backend().codeFor(address);
    await user.type(await screen.findByPlaceholderText('Enter code...'), right === '000000' ? '111111' : '000000');
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(WRONG_CODE_MESSAGE);
    expect(reportError).toHaveBeenCalledWith(expect.objectContaining({ code: 'otp_expired' }), { context: 'issue with verify otp' });
    expect((await client.supabase.auth.getSession()).data.session).toBeNull();
    // Still on step 2, ready for another try.
    expect(screen.getByPlaceholderText('Enter code...')).toBeEnabled();
  });

  it('a refused code request is reported as "issue with sign in with otp", shows nothing and stays on step 1', async () => {
    const user = userEvent.setup();
    const { net, client } = visitor();
    const { reportError } = renderWithProviders(<SignInScreen />, { client, path: '/sign-in' });
    await user.type(screen.getByPlaceholderText('Enter email...'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(reportError).toHaveBeenCalledWith(expect.objectContaining({ code: 'validation_failed' }), { context: 'issue with sign in with otp' }),
    );
    expect(screen.getByPlaceholderText('Enter email...')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    // No client-side format check: what was typed was sent, and the server refused it.
    const sent = net.requests.filter((request) => request.url.includes('/auth/v1/otp'));
    expect(sent.map((request) => (JSON.parse(request.body ?? '{}') as { email?: string }).email)).toEqual(['not-an-email']);
  });

  it('says the server cannot be reached when "Sign in" finds no server (the real sign-in client, a closed port)', async () => {
    const user = userEvent.setup();
    const signInClient = createAuthLiteClient({ url: `http://127.0.0.1:${String(await closedPort())}`, anonKey: 'anon-key', storageKey: 'sb-unreachable-test' });
    const { reportError } = renderWithProviders(<SignInScreen />, { client: backend().client(), path: '/sign-in', signInClient });
    await user.type(screen.getByPlaceholderText('Enter email...'), 'ada@example.org');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/can.t reach appforge right now.*check your connection and try again/i);
    expect(reportError).toHaveBeenCalledWith(expect.objectContaining({ code: 'network_error' }), { context: 'issue with sign in with otp' });
    // Still on step 1 with the address kept, and "Sign in" can be pressed again.
    expect(screen.getByPlaceholderText('Enter email...')).toHaveValue('ada@example.org');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('says the server cannot be reached when "Verify Code" finds no server', async () => {
    const user = userEvent.setup();
    const { net, client } = visitor();
    const address = uniqueEmail('ada');
    const { reportError } = renderWithProviders(<SignInScreen />, { client, path: '/sign-in' });
    await user.type(screen.getByPlaceholderText('Enter email...'), address);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const code = await backend().codeFor(address);
    net.offline = true;
    await user.type(await screen.findByPlaceholderText('Enter code...'), code);
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/can.t reach appforge right now/i);
    expect(reportError).toHaveBeenCalledWith(expect.objectContaining({ code: 'network_error' }), { context: 'issue with verify otp' });
    expect(screen.getByPlaceholderText('Enter code...')).toBeEnabled();
  });

  it('says so when the person is rate limited', async () => {
    const user = userEvent.setup();
    const address = uniqueEmail('ada');
    renderWithProviders(<SignInScreen />, { client: backend().client(), path: '/sign-in' });
    await user.type(screen.getByPlaceholderText('Enter email...'), address);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(CODE_SENT_MESSAGE)).toBeInTheDocument();
    // The backend sends one code per address a minute: asking again at once is refused.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(RATE_LIMIT_MESSAGE);
  });

  it('the Google button starts the provider sign-in back to this address, without a trailing #', async () => {
    window.history.replaceState(null, '', '/settings?tab=2#');
    const client = backend().client();
    const started = vi.spyOn(client.auth, 'signInWithProvider');
    renderWithProviders(<SignInScreen />, { client, path: '/sign-in' });
    // The widget re-renders its button between pointerdown and click, which user-event's pointer
    // simulation trips over in jsdom; a plain click is what the browser delivers.
    await waitFor(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign in with Google' }));
      expect(started.mock.calls.length).toBeGreaterThan(0);
    });
    // The real client's address of the backend's authorize endpoint, which the browser is sent to.
    const { url } = await (started.mock.results[0]?.value as Promise<{ url: string }>);
    const authorize = new URL(url);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${backend().url}/auth/v1/authorize`);
    expect(authorize.searchParams.get('provider')).toBe('google');
    expect(authorize.searchParams.get('redirect_to')).toBe('http://localhost:3000/settings?tab=2');
    window.history.replaceState(null, '', '/');
  });

  it('a provider sign-in that cannot start is reported and says why, and the buttons stay usable', async () => {
    const user = userEvent.setup();
    const client = backend().client();
    // The real client builds the provider's address without a request; what can fail is the
    // browser leaving for it, which jsdom cannot do. That one step stays a stand-in.
    vi.spyOn(client.auth, 'signInWithProvider').mockRejectedValueOnce(new AppforgeError({ code: 'network_error', message: 'Could not reach the server.', status: 0 }));
    const { reportError } = renderWithProviders(<SignInScreen />, { client, path: '/sign-in' });
    await user.click(screen.getByRole('button', { name: 'Sign in with Apple' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach the server.');
    expect(reportError).toHaveBeenCalledWith(expect.objectContaining({ code: 'network_error' }), { context: 'issue with sign in with apple' });
    for (const provider of ['Google', 'Facebook', 'Apple']) {
      expect(screen.getByRole('button', { name: `Sign in with ${provider}` })).toBeEnabled();
    }
  });

  it('plays the looping muted background video, or only its poster when reduced motion is asked for', () => {
    const client = backend().client();
    const first = renderWithProviders(<SignInScreen />, { client, path: '/sign-in' });
    const video = screen.getByTestId('sign-in-background');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('loop');
    expect((video as HTMLVideoElement).muted).toBe(true);
    expect(video).toHaveAttribute('poster');
    first.unmount();

    reducedMotion.value = true;
    renderWithProviders(<SignInScreen />, { client, path: '/sign-in' });
    const still = screen.getByTestId('sign-in-background');
    expect(still.tagName).toBe('IMG');
    expect(document.querySelector('video')).toBeNull();
  });

  it('inside a frame opens itself in a new tab and shows the "App Opened in New Tab" modal', async () => {
    const user = userEvent.setup();
    const parent = {} as Window;
    vi.spyOn(window, 'top', 'get').mockReturnValue(parent);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderWithProviders(<SignInScreen />, { client: backend().client(), path: '/sign-in' });

    const dialog = await screen.findByRole('dialog', { name: 'App Opened in New Tab' });
    expect(dialog).toHaveTextContent('The app should have opened automatically in a new tab.');
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith(window.location.href.replace(/#$/, ''), '_blank', 'noopener');

    await user.click(within(dialog).getByRole('button', { name: 'Open in New Tab' }));
    expect(open).toHaveBeenCalledTimes(2);
  });

  it('outside a frame opens nothing and shows no modal', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderWithProviders(<SignInScreen />, { client: backend().client(), path: '/sign-in' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(open).not.toHaveBeenCalled();
  });
});
