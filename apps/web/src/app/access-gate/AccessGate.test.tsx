import { AppforgeError } from '@appforge/sdk';
import { createFakeAppforgeClient, makeCustomDomain, makeFactor } from '@appforge/sdk/testing';
import type { FakeAppforgeClient } from '@appforge/sdk/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { HostLocation } from './AccessGate';
import { MAIN_HOST, renderAppAt } from '../../../test/render-app';
import type { RouteManifest } from '../compose-routes';
import { routeManifests } from '../../../test/route-manifests';

const APP = '3f0c2a52-5a7e-4c43-9a55-0d3f0d3b8c11';
const SCHOOLS: HostLocation = { hostname: 'schools.localhost', host: 'schools.localhost:4173' };
const CUSTOM: HostLocation = { hostname: 'poems.localhost', host: 'poems.localhost:4173' };

const page = (title: string) => () => Promise.resolve({ Component: () => <h1>{title}</h1> });
const testPages: RouteManifest = {
  name: 'test pages',
  routes: [
    { path: '/private', lazy: page('Private page') },
    { path: '/landing-page/:appId', lazy: page('Landing page') },
    { path: '/deployed-app/:appId', lazy: page('Deployed app') },
    { path: '/bundle/:bundleId', lazy: page('Bundle page') },
  ],
};
// The visitor feature's real /landing-page, /deployed-app and /bundle pages would claim the test
// pages' paths; the gate's behaviour is tested with stand-ins that only print their heading.
const STAND_IN_FOR = new Set(['@appforge/builder', '@appforge/bundles', '@appforge/visitor']);
const manifests = [...routeManifests.filter((manifest) => !STAND_IN_FOR.has(manifest.name)), testPages];

function client(options: { signedIn?: boolean; status?: 'allowed' | 'pending' | 'blocked' } = {}): FakeAppforgeClient {
  const fake = createFakeAppforgeClient({ data: { newUserStatus: options.status ?? 'allowed' } });
  if (options.signedIn ?? true) fake.fake.signIn({ email: 'ada@example.org' });
  return fake;
}

const signInHeading = () => screen.findByRole('heading', { level: 1, name: 'Build the AI apps you need' });
const deniedHeading = () => screen.findByRole('heading', { level: 1, name: 'Contact support@appforge.local for access' });

describe('the access gate on the main host', () => {
  it('shows the sign-in screen instead of a private page to a visitor', async () => {
    const backend = client({ signedIn: false });
    renderAppAt('/private', { client: backend, manifests });
    expect(await signInHeading()).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Private page' })).toBeNull();
    expect(backend.fake.calls('users.ensure')).toEqual([]);
  });

  it('lets a visitor open deployed apps, landing pages and bundles without signing in', async () => {
    renderAppAt(`/landing-page/${APP}`, { client: client({ signedIn: false }), manifests });
    expect(await screen.findByRole('heading', { name: 'Landing page' })).toBeInTheDocument();
  });

  it('ensures the User row and shows the page to an allowed user', async () => {
    const backend = client();
    renderAppAt('/private', { client: backend, manifests });
    expect(await screen.findByRole('heading', { name: 'Private page' })).toBeInTheDocument();
    expect(backend.fake.calls('users.ensure')).toEqual([[{ referralAppId: null }]]);
    expect(backend.fake.data.me?.status).toBe('allowed');
  });

  it('shows a full-screen spinner while the allow check runs', async () => {
    const ensure = vi.fn(() => new Promise<never>(() => undefined));
    const backend = createFakeAppforgeClient({ users: { ensure } });
    backend.fake.signIn({ email: 'ada@example.org' });
    renderAppAt('/private', { client: backend, manifests });
    // The spinner shows from the first render on (several stages, each its own element); what
    // matters is that it is there, and the page is not, while the allow check runs.
    await waitFor(() => expect(ensure).toHaveBeenCalled());
    expect(screen.getByText('Checking access')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Private page' })).toBeNull();
  });

  it('sends the referral app from the landing page the person signed in on', async () => {
    const backend = client();
    renderAppAt(`/landing-page/${APP}`, { client: backend, manifests });
    expect(await screen.findByRole('heading', { name: 'Landing page' })).toBeInTheDocument();
    await waitFor(() => expect(backend.fake.calls('users.ensure')).toEqual([[{ referralAppId: APP }]]));
    expect(backend.fake.data.me?.referral_app_id).toBe(APP);
  });

  it('shows the access-denied screen to a user who is not allowed, and Logout signs out', async () => {
    const user = userEvent.setup();
    const backend = client({ status: 'pending' });
    renderAppAt('/private', { client: backend, manifests });
    expect(await deniedHeading()).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@appforge.local' })).toHaveAttribute('href', 'mailto:support@appforge.local');
    expect(screen.queryByRole('heading', { name: 'Private page' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await signInHeading()).toBeInTheDocument();
    expect(backend.fake.data.session).toBeNull();
  });

  it('a blocked user is denied too', async () => {
    renderAppAt('/private', { client: client({ status: 'blocked' }), manifests });
    expect(await deniedHeading()).toBeInTheDocument();
  });

  it('when the allow check fails it reports the error and offers to try again', async () => {
    const user = userEvent.setup();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const backend = client();
    backend.fake.fail('users.ensure');
    renderAppAt('/private', { client: backend, manifests });
    expect(await screen.findByRole('heading', { name: 'Your access could not be checked' })).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith('[appforge] Unhandled error', expect.objectContaining({ code: 'network_error' }), { context: 'ensure user' });

    backend.fake.heal('users.ensure');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Private page' })).toBeInTheDocument();
  });

  it('asks for the authenticator code when the account has a verified factor, then lets the person in', async () => {
    const user = userEvent.setup();
    const backend = createFakeAppforgeClient({ data: { factors: [makeFactor({ status: 'verified' })] } });
    backend.fake.signIn({ email: 'ada@example.org' });
    renderAppAt('/private', { client: backend, manifests });
    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Authentication code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right.');

    await user.clear(screen.getByLabelText('Authentication code'));
    await user.type(screen.getByLabelText('Authentication code'), backend.fake.data.totpCode);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Private page' })).toBeInTheDocument();
  });

  it('asks for the security key when that is the verified factor (WebAuthn, #20), then lets the person in', async () => {
    const user = userEvent.setup();
    const backend = createFakeAppforgeClient({ data: { factors: [makeFactor({ factor_type: 'webauthn', status: 'verified' })] } });
    backend.fake.signIn({ email: 'ada@example.org' });
    renderAppAt('/private', { client: backend, manifests });
    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Use security key' }));
    expect(await screen.findByRole('heading', { name: 'Private page' })).toBeInTheDocument();
  });

  it('signing in on the sign-in screen leads to the page that was opened', async () => {
    const user = userEvent.setup();
    const backend = client({ signedIn: false });
    renderAppAt('/private', { client: backend, manifests });
    await user.type(await screen.findByPlaceholderText('Enter email...'), 'grace@example.org');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.type(await screen.findByPlaceholderText('Enter code...'), backend.fake.data.emailCode);
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByRole('heading', { name: 'Private page' })).toBeInTheDocument();
  });
});

describe('the access gate on the schools host', () => {
  it('shows the sign-in screen to a visitor', async () => {
    renderAppAt('/private', { client: client({ signedIn: false }), manifests, host: SCHOOLS });
    expect(await signInHeading()).toBeInTheDocument();
  });

  it('lets teachers and students in', async () => {
    const teacher = client();
    teacher.fake.data.schoolInfo = { isTeacher: true, isStudent: false };
    const first = renderAppAt('/private', { client: teacher, manifests, host: SCHOOLS });
    expect(await screen.findByRole('heading', { name: 'Private page' })).toBeInTheDocument();
    first.unmount();

    const student = client();
    student.fake.data.schoolInfo = { isTeacher: false, isStudent: true };
    renderAppAt('/private', { client: student, manifests, host: SCHOOLS });
    expect(await screen.findByRole('heading', { name: 'Private page' })).toBeInTheDocument();
  });

  it('denies a signed-in person who is neither teacher nor student', async () => {
    renderAppAt('/private', { client: client(), manifests, host: SCHOOLS });
    expect(await deniedHeading()).toBeInTheDocument();
  });

  it('denies when the school lookup fails, and reports it', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const backend = client();
    backend.fake.fail('functions.getUserSchoolInfo', new AppforgeError({ code: 'internal_error', message: 'boom', status: 500 }));
    renderAppAt('/private', { client: backend, manifests, host: SCHOOLS });
    expect(await deniedHeading()).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith('[appforge] Unhandled error', expect.objectContaining({ code: 'internal_error' }), { context: 'school info' });
  });

  // On the main host the school roles only arrange the sidebar (issue 27): they never decide access.
  it('lets an allowed person in on the main host even when the school function fails', async () => {
    const backend = client();
    backend.fake.fail('functions.getUserSchoolInfo', new AppforgeError({ code: 'internal_error', message: 'boom', status: 500 }));
    renderAppAt('/private', { client: backend, manifests, host: MAIN_HOST });
    expect(await screen.findByRole('heading', { name: 'Private page' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Contact support@appforge.local for access' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Home' })).toBeInTheDocument();
  });
});

describe('the access gate on a custom domain', () => {
  it('needs no sign-in', async () => {
    const backend = client({ signedIn: false });
    renderAppAt('/private', { client: backend, manifests, host: CUSTOM });
    expect(await screen.findByRole('heading', { name: 'Private page' })).toBeInTheDocument();
  });

  it('needs no allow check from a signed-in person either', async () => {
    renderAppAt('/private', { client: client({ status: 'pending' }), manifests, host: CUSTOM });
    expect(await screen.findByRole('heading', { name: 'Private page' })).toBeInTheDocument();
  });

  it('at the root shows the domain’s landing page, deployed app or bundle page', async () => {
    for (const [target, heading] of [
      [makeCustomDomain({ is_landing_page: true }), 'Landing page'],
      [makeCustomDomain({ is_app: true }), 'Deployed app'],
      [makeCustomDomain({ is_bundle: true }), 'Bundle page'],
    ] as const) {
      const backend = client({ signedIn: false });
      backend.fake.data.customDomains = { 'poems.localhost': target };
      const view = renderAppAt('/', { client: backend, manifests, host: CUSTOM });
      expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
      expect(backend.fake.calls('customDomains.lookup')).toEqual([['poems.localhost']]);
      view.unmount();
    }
  });

  it('keeps the address bar at `/` while it shows the target (no /deployed-app/<id> on the owner’s domain)', async () => {
    const backend = client({ signedIn: false });
    backend.fake.data.customDomains = { 'poems.localhost': makeCustomDomain({ is_app: true, app_id: APP }) };
    const { router } = renderAppAt('/', { client: backend, manifests, host: CUSTOM });
    expect(await screen.findByRole('heading', { name: 'Deployed app' })).toBeInTheDocument();
    // What the address bar shows is the mask; the page underneath is the target's.
    expect(router.state.location.mask?.pathname).toBe('/');
    expect(router.state.location.pathname).toBe(`/deployed-app/${APP}`);
  });

  it('turns the target’s own address (where a sign-in comes back to) into `/`, and leaves other pages alone', async () => {
    const backend = client({ signedIn: true });
    backend.fake.data.customDomains = { 'poems.localhost': makeCustomDomain({ is_landing_page: true, app_id: APP }) };
    const { router } = renderAppAt(`/landing-page/${APP.toUpperCase()}`, { client: backend, manifests, host: CUSTOM });
    expect(await screen.findByRole('heading', { name: 'Landing page' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.mask?.pathname).toBe('/'));

    const other = '9d7f4a10-1b2c-4d3e-8f40-5a6b7c8d9e0f';
    const view = renderAppAt(`/deployed-app/${other}`, { client: backend, manifests, host: CUSTOM });
    expect(await screen.findByRole('heading', { name: 'Deployed app' })).toBeInTheDocument();
    expect(view.router.state.location.mask).toBeUndefined();
    expect(view.router.state.location.pathname).toBe(`/deployed-app/${other}`);
  });

  it('at the root of an unknown domain says it is not connected', async () => {
    renderAppAt('/', { client: client({ signedIn: false }), manifests, host: CUSTOM });
    expect(await screen.findByRole('heading', { name: 'This domain is not connected to an app' })).toBeInTheDocument();
  });

  it('when the domain lookup fails it reports it and offers to try again', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const backend = client({ signedIn: false });
    backend.fake.fail('customDomains.lookup');
    renderAppAt('/', { client: backend, manifests, host: CUSTOM });
    expect(await screen.findByRole('heading', { name: 'This domain could not be checked' })).toBeInTheDocument();
    // Reported from an effect, which may run after the heading paints on a busy machine.
    await waitFor(() => expect(consoleError).toHaveBeenCalledWith('[appforge] Unhandled error', expect.anything(), { context: 'custom domain lookup' }));
  });
});

describe('a first visit without a stored session', () => {
  // Both loaders hand out the same fake: like the light and the full client, which keep the
  // session in the same storage, they see the same person signed in or out.
  function firstVisit(backend: FakeAppforgeClient, loadFull: () => Promise<FakeAppforgeClient> = () => Promise.resolve(backend)) {
    const loadFullClient = vi.fn(loadFull);
    const loadSignInClient = vi.fn(() => Promise.resolve(backend));
    return { loadFullClient, loadSignInClient };
  }

  it('shows the sign-in screen with the light client, and loads the full client only once someone signs in', async () => {
    const user = userEvent.setup();
    const backend = client({ signedIn: false });
    const loaders = firstVisit(backend);
    renderAppAt('/private', { loaders, manifests });
    expect(await signInHeading()).toBeInTheDocument();
    expect(loaders.loadSignInClient).toHaveBeenCalledTimes(1);
    expect(loaders.loadFullClient).not.toHaveBeenCalled();

    await user.type(screen.getByPlaceholderText('Enter email...'), 'grace@example.org');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.type(await screen.findByPlaceholderText('Enter code...'), backend.fake.data.emailCode);
    expect(loaders.loadFullClient).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByRole('heading', { name: 'Private page' })).toBeInTheDocument();
    expect(loaders.loadFullClient).toHaveBeenCalledTimes(1);
    expect(backend.fake.calls('users.ensure')).toEqual([[{ referralAppId: null }]]);
  });

  it('loads the full client at once for a page anyone may open', async () => {
    const loaders = firstVisit(client({ signedIn: false }));
    renderAppAt(`/landing-page/${APP}`, { loaders, manifests });
    expect(await screen.findByRole('heading', { name: 'Landing page' })).toBeInTheDocument();
    expect(loaders.loadFullClient).toHaveBeenCalledTimes(1);
  });

  it('checks a custom domain with the light client', async () => {
    const backend = client({ signedIn: false });
    backend.fake.data.customDomains = { 'poems.localhost': makeCustomDomain({ is_landing_page: true }) };
    const loaders = firstVisit(backend);
    renderAppAt('/', { loaders, manifests, host: CUSTOM });
    expect(await screen.findByRole('heading', { name: 'Landing page' })).toBeInTheDocument();
    expect(backend.fake.calls('customDomains.lookup')).toEqual([['poems.localhost']]);
  });

  it('says so when the full client cannot be downloaded, reports it, and Try again loads it', async () => {
    const user = userEvent.setup();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const backend = client({ signedIn: false });
    let attempts = 0;
    const loaders = firstVisit(backend, () => {
      attempts += 1;
      return attempts === 1 ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : Promise.resolve(backend);
    });
    renderAppAt(`/landing-page/${APP}`, { loaders, manifests });
    expect(await screen.findByRole('heading', { name: 'Appforge could not start' })).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith('[appforge] Unhandled error', expect.any(TypeError), { context: 'loading the backend client' });

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Landing page' })).toBeInTheDocument();
    expect(loaders.loadFullClient).toHaveBeenCalledTimes(2);
  });
});

// --- Classrooms on the schools host (issue 19) ---
describe('the schools host with classes', () => {
  // Stand-ins for the teacher feature's pages, so the gate is tested alone.
  const classPages: RouteManifest = {
    name: 'class pages',
    routes: [
      { path: '/teacher-portal', lazy: page('Teacher portal') },
      { path: '/my-classes', lazy: page('My classes') },
      { path: '/join/:code', lazy: page('Joining a class') },
    ],
  };
  const withClasses = [...manifests.filter((manifest) => manifest.name !== '@appforge/teacher'), classPages];

  it('sends a teacher from / to the teacher portal and a student to My classes', async () => {
    const teacher = client();
    teacher.fake.data.schoolInfo = { isTeacher: true, isStudent: false };
    const first = renderAppAt('/', { client: teacher, manifests: withClasses, host: SCHOOLS });
    expect(await screen.findByRole('heading', { name: 'Teacher portal' })).toBeInTheDocument();
    first.unmount();

    const student = client();
    student.fake.data.schoolInfo = { isTeacher: false, isStudent: true };
    renderAppAt('/', { client: student, manifests: withClasses, host: SCHOOLS });
    expect(await screen.findByRole('heading', { name: 'My classes' })).toBeInTheDocument();
  });

  it('lets a signed-in person who is neither open a join link, and nothing else', async () => {
    const first = renderAppAt('/join/K7PQ2XMA', { client: client(), manifests: withClasses, host: SCHOOLS });
    expect(await screen.findByRole('heading', { name: 'Joining a class' })).toBeInTheDocument();
    first.unmount();
    renderAppAt('/my-classes', { client: client(), manifests: withClasses, host: SCHOOLS });
    expect(await deniedHeading()).toBeInTheDocument();
  });

  it('still shows the sign-in screen to a visitor who opens a join link', async () => {
    renderAppAt('/join/K7PQ2XMA', { client: client({ signedIn: false }), manifests: withClasses, host: SCHOOLS });
    expect(await signInHeading()).toBeInTheDocument();
  });
});
