import { createServer } from 'node:net';
import { AppforgeError } from '@appforge/sdk';
import { createAuthLiteClient } from '@appforge/sdk/auth-lite';
import { createFakeAppforgeClient, makeClass } from '@appforge/sdk/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { RATE_LIMIT_MESSAGE, WRONG_CODE_MESSAGE } from '../lib/auth-messages';
import { CODE_SENT_MESSAGE } from './EmailCodeForm';
import { SignInScreen } from './SignInScreen';

const APP_ID = '3f0c2a52-5a7e-4c43-9a55-0d3f0d3b8c11';
const BUNDLE_ID = '9b1e2d7c-1111-4a2b-8c3d-4e5f60718293';

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
    const { client } = renderWithProviders(<SignInScreen />, { path: '/sign-in' });
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
    expect(client.fake.calls('apps.getName')).toEqual([]);
    expect(client.fake.calls('bundles.getName')).toEqual([]);
  });

  it('says "Sign Up To Create Your App" when a pending app description comes in the query', () => {
    renderWithProviders(<SignInScreen />, { path: '/sign-in?app_description_id=desc_42' });
    expect(heading()).toHaveTextContent('Sign Up To Create Your App');
    expect(document.title).toBe('Sign up · Appforge');
  });

  it('says "Sign Up To Create Your App" when the pending description comes in router state', () => {
    renderWithProviders(<SignInScreen />, { path: '/sign-in', state: { app_description_id: 'desc_42' } });
    expect(heading()).toHaveTextContent('Sign Up To Create Your App');
  });

  it('with an app id shows "Loading..." and then the app’s name as heading and page title', async () => {
    const client = createFakeAppforgeClient({ data: { appNames: { [APP_ID]: 'Poem Writer' } } });
    renderWithProviders(<SignInScreen />, { client, path: `/sign-in?app_id=${APP_ID}` });
    expect(heading()).toHaveTextContent('Loading...');
    await waitFor(() => expect(heading()).toHaveTextContent('Poem Writer'));
    await waitFor(() => expect(document.title).toBe('Poem Writer'));
    expect(client.fake.calls('apps.getName')).toEqual([[APP_ID]]);
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
  });

  it('keeps "Loading..." on screen for as long as the name lookup takes', async () => {
    let answer: (name: string) => void = () => undefined;
    const client = createFakeAppforgeClient({
      apps: { getName: () => new Promise<string>((resolve) => (answer = resolve)) },
    });
    renderWithProviders(<SignInScreen />, { client, path: `/sign-in?app_id=${APP_ID}` });
    await screen.findByRole('button', { name: 'Sign in with Google' });
    expect(heading()).toHaveTextContent('Loading...');
    expect(heading()).toHaveAttribute('aria-busy', 'true');
    act(() => answer('Late App'));
    await waitFor(() => expect(heading()).toHaveTextContent('Late App'));
  });

  it('with a bundle id shows the bundle’s name and an extra Back button to the site root', async () => {
    const user = userEvent.setup();
    const client = createFakeAppforgeClient({ data: { bundleNames: { [BUNDLE_ID]: 'Maths Pack' }, appNames: { [APP_ID]: 'Ignored' } } });
    renderWithProviders(<SignInScreen />, { client, path: `/sign-in?bundle_id=${BUNDLE_ID}&app_id=${APP_ID}` });
    await waitFor(() => expect(heading()).toHaveTextContent('Maths Pack'));
    await waitFor(() => expect(document.title).toBe('Maths Pack'));
    expect(client.fake.calls('apps.getName')).toEqual([]);
    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });

  it('shows the app’s icon next to its name, the bundle’s for a bundle, and no icon when there is none', async () => {
    const appIcon = 'http://127.0.0.1:54321/storage/v1/object/public/app-icons/owner/app/quiz.png';
    const bundleIcon = 'http://127.0.0.1:54321/storage/v1/object/public/app-icons/owner/first/kit.png';
    const client = createFakeAppforgeClient({
      data: { appNames: { [APP_ID]: 'Poem Writer' }, bundleNames: { [BUNDLE_ID]: 'Maths Pack' }, signInIcons: { [APP_ID]: appIcon, [BUNDLE_ID]: bundleIcon } },
    });
    const app = renderWithProviders(<SignInScreen />, { client, path: `/sign-in?app_id=${APP_ID}` });
    await waitFor(() => expect(heading()).toHaveTextContent('Poem Writer'));
    await waitFor(() => expect(app.container.querySelector('img.auth-brand-icon')).toHaveAttribute('src', appIcon));
    // Decorative: the heading names the app.
    expect(app.container.querySelector('img.auth-brand-icon')).toHaveAttribute('alt', '');
    app.unmount();

    const bundle = renderWithProviders(<SignInScreen />, { client, path: `/sign-in?bundle_id=${BUNDLE_ID}&app_id=${APP_ID}` });
    await waitFor(() => expect(heading()).toHaveTextContent('Maths Pack'));
    await waitFor(() => expect(bundle.container.querySelector('img.auth-brand-icon')).toHaveAttribute('src', bundleIcon));
    expect(client.fake.calls('apps.getSignInIcon')).toEqual([[APP_ID]]);
    bundle.unmount();

    delete client.fake.data.signInIcons[APP_ID];
    const plain = renderWithProviders(<SignInScreen />, { client, path: `/sign-in?app_id=${APP_ID}` });
    await waitFor(() => expect(heading()).toHaveTextContent('Poem Writer'));
    await waitFor(() => expect(client.fake.calls('apps.getSignInIcon')).toHaveLength(2));
    expect(plain.container.querySelector('img')).toBeNull();
  });

  it('shows no icon when the name lookup fails, even if an icon is known', async () => {
    const failure = new AppforgeError({ code: 'not_found', message: 'This app was not found or is not public.', status: 404 });
    const client = createFakeAppforgeClient({ failures: { 'apps.getName': failure }, data: { signInIcons: { [APP_ID]: 'http://127.0.0.1/icon.png' } } });
    const { container } = renderWithProviders(<SignInScreen />, { client, path: `/sign-in?app_id=${APP_ID}` });
    await waitFor(() => expect(client.fake.calls('apps.getSignInIcon')).toEqual([[APP_ID]]));
    expect(heading()).toHaveTextContent('Build the AI apps you need');
    expect(container.querySelector('img')).toBeNull();
  });

  it('keeps the default heading and reports the error when the name lookup fails', async () => {
    const failure = new AppforgeError({ code: 'not_found', message: 'This app was not found or is not public.', status: 404 });
    const client = createFakeAppforgeClient({ failures: { 'apps.getName': failure } });
    const { reportError } = renderWithProviders(<SignInScreen />, { client, path: `/sign-in?app_id=${APP_ID}` });
    // The default heading shows from the start: wait for the failed lookup itself, then check it stayed.
    await waitFor(() => expect(reportError).toHaveBeenCalledWith(failure, { context: 'sign-in app name lookup' }));
    expect(heading()).toHaveTextContent('Build the AI apps you need');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('on a class’s join link says which class the person is joining, from the gate’s address or from next', async () => {
    const client = createFakeAppforgeClient();
    const klass = makeClass({ name: 'Biology 7B', join_code: 'K7PQ2XMA' });
    client.fake.data.classes[klass.id] = klass;
    const first = renderWithProviders(<SignInScreen />, { client, path: '/join/k7pq-2xma' });
    expect(await screen.findByRole('status')).toHaveTextContent('You are joining Biology 7B. Sign in to join the class.');
    first.unmount();
    renderWithProviders(<SignInScreen />, { client, path: `/sign-in?next=${encodeURIComponent('/join/K7PQ2XMA')}` });
    expect(await screen.findByText('Biology 7B')).toBeInTheDocument();
    expect(heading()).toHaveTextContent('Build the AI apps you need');
  });

  it('says nothing of a class for a wrong, archived or malformed join code', async () => {
    const client = createFakeAppforgeClient();
    const archived = makeClass({ name: 'Old class', join_code: 'ARCH2222', archived_at: '2026-01-01T00:00:00Z' });
    client.fake.data.classes[archived.id] = archived;
    for (const path of ['/join/ZZZZZZZZ', '/join/ARCH2222', '/join/%E0%A4%A', `/sign-in?next=${encodeURIComponent('//evil.example/join/K7PQ2XMA')}`]) {
      const view = renderWithProviders(<SignInScreen />, { client, path });
      await waitFor(() => expect(heading()).toHaveTextContent('Build the AI apps you need'));
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(screen.queryByText(/You are joining/)).toBeNull();
      view.unmount();
    }
  });

  it('ignores a malformed app id instead of sending it to the backend', () => {
    const { client } = renderWithProviders(<SignInScreen />, { path: '/sign-in?app_id=%3Cscript%3Ealert(1)%3C/script%3E' });
    expect(heading()).toHaveTextContent('Build the AI apps you need');
    expect(client.fake.calls('apps.getName')).toEqual([]);
  });

  it('sends the code, moves to step 2, and Back returns to step 1 with the address kept', async () => {
    const user = userEvent.setup();
    const { client } = renderWithProviders(<SignInScreen />, { path: '/sign-in' });
    await user.type(screen.getByPlaceholderText('Enter email...'), 'ada@example.org');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText(CODE_SENT_MESSAGE)).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Enter code...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify Code' })).toBeInTheDocument();
    expect(client.fake.sentCodes).toEqual([{ email: 'ada@example.org', code: '123456', redirectTo: window.location.href.replace(/#$/, '') }]);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByPlaceholderText('Enter email...')).toHaveValue('ada@example.org');
    expect(screen.queryByPlaceholderText('Enter code...')).toBeNull();
  });

  it('signs in with the right code', async () => {
    const user = userEvent.setup();
    const { client } = renderWithProviders(<SignInScreen />, { path: '/sign-in' });
    await user.type(screen.getByPlaceholderText('Enter email...'), 'ada@example.org');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.type(await screen.findByPlaceholderText('Enter code...'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    await waitFor(() => expect(client.fake.data.session?.user.email).toBe('ada@example.org'));
    expect(client.fake.calls('auth.verifyEmailCode')).toEqual([['ada@example.org', '123456']]);
  });

  it('reports a wrong code as "issue with verify otp" and tells the person what to do', async () => {
    const user = userEvent.setup();
    const { client, reportError } = renderWithProviders(<SignInScreen />, { path: '/sign-in' });
    await user.type(screen.getByPlaceholderText('Enter email...'), 'ada@example.org');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.type(await screen.findByPlaceholderText('Enter code...'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(WRONG_CODE_MESSAGE);
    expect(reportError).toHaveBeenCalledWith(expect.objectContaining({ code: 'otp_expired' }), { context: 'issue with verify otp' });
    expect(client.fake.data.session).toBeNull();
    // Still on step 2, ready for another try.
    expect(screen.getByPlaceholderText('Enter code...')).toBeEnabled();
  });

  it('a refused code request is reported as "issue with sign in with otp", shows nothing and stays on step 1', async () => {
    const user = userEvent.setup();
    const client = createFakeAppforgeClient();
    client.fake.fail('auth.sendEmailCode', new AppforgeError({ code: 'validation_failed', message: 'Unable to validate email address: invalid format', status: 400 }));
    const { reportError } = renderWithProviders(<SignInScreen />, { client, path: '/sign-in' });
    await user.type(screen.getByPlaceholderText('Enter email...'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(reportError).toHaveBeenCalledWith(expect.objectContaining({ code: 'validation_failed' }), { context: 'issue with sign in with otp' }),
    );
    expect(screen.getByPlaceholderText('Enter email...')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    // No client-side format check: what was typed was sent.
    expect(client.fake.calls('auth.sendEmailCode')[0]?.[0]).toBe('not-an-email');
  });

  it('says the server cannot be reached when "Sign in" finds no server (the real sign-in client, a closed port)', async () => {
    const user = userEvent.setup();
    const signInClient = createAuthLiteClient({ url: `http://127.0.0.1:${String(await closedPort())}`, anonKey: 'anon-key', storageKey: 'sb-unreachable-test' });
    const { reportError } = renderWithProviders(<SignInScreen />, { path: '/sign-in', signInClient });
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
    const client = createFakeAppforgeClient();
    const { reportError } = renderWithProviders(<SignInScreen />, { client, path: '/sign-in' });
    await user.type(screen.getByPlaceholderText('Enter email...'), 'ada@example.org');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    client.fake.fail('auth.verifyEmailCode');
    await user.type(await screen.findByPlaceholderText('Enter code...'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/can.t reach appforge right now/i);
    expect(reportError).toHaveBeenCalledWith(expect.objectContaining({ code: 'network_error' }), { context: 'issue with verify otp' });
    expect(screen.getByPlaceholderText('Enter code...')).toBeEnabled();
  });

  it('says so when the person is rate limited', async () => {
    const user = userEvent.setup();
    const client = createFakeAppforgeClient({
      failures: {
        'auth.sendEmailCode': new AppforgeError({ code: 'over_email_send_rate_limit', message: 'email rate limit exceeded', status: 429 }),
      },
    });
    renderWithProviders(<SignInScreen />, { client, path: '/sign-in' });
    await user.type(screen.getByPlaceholderText('Enter email...'), 'ada@example.org');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(RATE_LIMIT_MESSAGE);
  });

  it('the Google button starts the provider sign-in back to this address, without a trailing #', async () => {
    window.history.replaceState(null, '', '/settings?tab=2#');
    const { client } = renderWithProviders(<SignInScreen />, { path: '/sign-in' });
    // The widget re-renders its button between pointerdown and click, which user-event's pointer
    // simulation trips over in jsdom; a plain click is what the browser delivers.
    await waitFor(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign in with Google' }));
      expect(client.fake.calls('auth.signInWithProvider').length).toBeGreaterThan(0);
    });
    expect(client.fake.calls('auth.signInWithProvider')[0]).toEqual(['google', 'http://localhost:3000/settings?tab=2']);
    window.history.replaceState(null, '', '/');
  });

  it('a provider sign-in that cannot start is reported and says why, and the buttons stay usable', async () => {
    const user = userEvent.setup();
    const client = createFakeAppforgeClient({
      failures: { 'auth.signInWithProvider': new AppforgeError({ code: 'network_error', message: 'Could not reach the server.', status: 0 }) },
    });
    const { reportError } = renderWithProviders(<SignInScreen />, { client, path: '/sign-in' });
    await user.click(screen.getByRole('button', { name: 'Sign in with Apple' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach the server.');
    expect(reportError).toHaveBeenCalledWith(expect.objectContaining({ code: 'network_error' }), { context: 'issue with sign in with apple' });
    for (const provider of ['Google', 'Facebook', 'Apple']) {
      expect(screen.getByRole('button', { name: `Sign in with ${provider}` })).toBeEnabled();
    }
  });

  it('plays the looping muted background video, or only its poster when reduced motion is asked for', () => {
    const first = renderWithProviders(<SignInScreen />, { path: '/sign-in' });
    const video = screen.getByTestId('sign-in-background');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('loop');
    expect((video as HTMLVideoElement).muted).toBe(true);
    expect(video).toHaveAttribute('poster');
    first.unmount();

    reducedMotion.value = true;
    renderWithProviders(<SignInScreen />, { path: '/sign-in' });
    const still = screen.getByTestId('sign-in-background');
    expect(still.tagName).toBe('IMG');
    expect(document.querySelector('video')).toBeNull();
  });

  it('inside a frame opens itself in a new tab and shows the "App Opened in New Tab" modal', async () => {
    const user = userEvent.setup();
    const parent = {} as Window;
    vi.spyOn(window, 'top', 'get').mockReturnValue(parent);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderWithProviders(<SignInScreen />, { path: '/sign-in' });

    const dialog = await screen.findByRole('dialog', { name: 'App Opened in New Tab' });
    expect(dialog).toHaveTextContent('The app should have opened automatically in a new tab.');
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith(window.location.href.replace(/#$/, ''), '_blank', 'noopener');

    await user.click(within(dialog).getByRole('button', { name: 'Open in New Tab' }));
    expect(open).toHaveBeenCalledTimes(2);
  });

  it('outside a frame opens nothing and shows no modal', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderWithProviders(<SignInScreen />, { path: '/sign-in' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(open).not.toHaveBeenCalled();
  });
});
