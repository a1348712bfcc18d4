import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderDomains, setupDomainsBackend, signedInOwner } from '../../test/render';

const { backend, dns } = setupDomainsBackend();

/** The hosts a user holds, as stored. */
async function hostsOf(userId: string): Promise<string[]> {
  const { data, error } = await backend().admin.from('CustomDomain').select('value').eq('owner_id', userId);
  if (error) throw new Error(error.message);
  return data.map((row) => row.value).sort();
}

/** A domain as the server leaves it after its checks (only the server writes the verification state). */
async function storedDomain(ownerId: string, host: string, target: { app_id: string }, status: 'pending' | 'verified') {
  const made = await backend().admin.from('CustomDomain').insert({ value: host, owner_id: ownerId, status, app_id: target.app_id, is_app: true, checked_at: new Date().toISOString() });
  if (made.error) throw new Error(made.error.message);
}

/** A network whose requests to manage-domain can be cut, as a tab going offline. */
function network() {
  const state = { cut: false };
  const through: typeof fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return state.cut && url.includes('/functions/v1/manage-domain') ? Promise.reject(new TypeError('Failed to fetch')) : fetch(input, init);
  };
  return { state, fetch: through };
}

describe('the custom-domain page of an app', () => {
  it('refuses a host with a scheme in the server’s words and adds nothing', async () => {
    const { user, appId } = await signedInOwner(backend());
    renderDomains(user.client, `/custom-domain/${appId}`);
    await screen.findByText('No domain yet');
    await userEvent.type(screen.getByLabelText('Domain'), 'https://shop.example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByText(/Leave out “http:\/\/” or “https:\/\/”/)).toBeInTheDocument();
    expect(screen.getByText('No domain yet')).toBeInTheDocument();
    expect(await hostsOf(user.id)).toEqual([]);
  });

  it('shows the DNS records to create with copy buttons, and "Check now" connects the domain once they exist', async () => {
    const { user, appId } = await signedInOwner(backend());
    renderDomains(user.client, `/custom-domain/${appId}`);
    await userEvent.type(await screen.findByLabelText('Domain'), 'WWW.Example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    const card = await screen.findByRole('region', { name: 'www.example.org' });
    expect(within(card).getByText('Waiting for DNS records')).toBeInTheDocument();
    expect(within(card).getByText(/No TXT record found at _appforge.www.example.org/)).toBeInTheDocument();
    const records = within(card).getByRole('table', { name: /DNS records to create/ });
    expect(within(records).getByText('_appforge.www.example.org')).toBeInTheDocument();
    expect(within(records).getByText('domains.appforge.test')).toBeInTheDocument();
    expect(within(records).getAllByRole('button', { name: /^Copy/ })).toHaveLength(4);
    expect(within(card).getByText(/Last checked/)).toBeInTheDocument();

    // The owner creates the records at their DNS provider, as the page lists them.
    const [added] = await user.client.customDomains.listMine();
    const txt = added?.records.find((record) => record.type === 'TXT');
    expect(within(records).getByText(txt?.value ?? 'no TXT value')).toBeInTheDocument();
    dns().set('_appforge.www.example.org', { txt: [txt?.value ?? ''] });
    dns().set('www.example.org', { cname: 'domains.appforge.test' });
    // The server answers "Check now" from its last check for a moment; that moment has passed.
    const aged = await backend().admin.from('CustomDomain').update({ checked_at: new Date(Date.now() - 60_000).toISOString() }).eq('value', 'www.example.org');
    expect(aged.error).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Check now' }));
    expect(await within(card).findByText('Connected')).toBeInTheDocument();
    expect(within(card).getByText('Visitors to www.example.org see the app.')).toBeInTheDocument();
    expect(dns().questions).toContain('TXT _appforge.www.example.org');
    expect(await backend().client().customDomains.lookup('www.example.org')).toMatchObject({ app_id: appId, is_app: true });
  });

  it('a *.localhost host is connected at once in development, and says why', async () => {
    const { user, appId } = await signedInOwner(backend());
    const asked = dns().questions.length;
    renderDomains(user.client, `/custom-domain/${appId}`);
    await userEvent.type(await screen.findByLabelText('Domain'), 'quiz.localhost');
    await userEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    const card = await screen.findByRole('region', { name: 'quiz.localhost' });
    expect(within(card).getByText('Connected')).toBeInTheDocument();
    expect(within(card).getByText(/no DNS records are needed/)).toBeInTheDocument();
    expect(dns().questions.slice(asked).filter((question) => question.includes('quiz.localhost'))).toEqual([]);
  });

  it('tells a host someone else holds without saying who', async () => {
    const mallory = await signedInOwner(backend());
    await storedDomain(mallory.user.id, 'held.example.org', { app_id: mallory.appId }, 'verified');
    const { user, appId } = await signedInOwner(backend());
    renderDomains(user.client, `/custom-domain/${appId}`);
    await userEvent.type(await screen.findByLabelText('Domain'), 'held.example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByText(/already connected to another Appforge account/)).toBeInTheDocument();
    expect(screen.queryByText(new RegExp(mallory.user.email))).not.toBeInTheDocument();
    expect(screen.queryByText(new RegExp(mallory.user.id))).not.toBeInTheDocument();
    expect(await hostsOf(user.id)).toEqual([]);
  });

  it('switches what a domain shows, and removes it after a confirmation', async () => {
    const { user, appId } = await signedInOwner(backend());
    await storedDomain(user.id, 'quiz.example.org', { app_id: appId }, 'verified');
    renderDomains(user.client, `/custom-domain/${appId}`);
    const card = await screen.findByRole('region', { name: 'quiz.example.org' });

    await userEvent.click(within(card).getByRole('combobox', { name: 'What it shows' }));
    await userEvent.click(await screen.findByRole('option', { name: 'The app’s landing page' }));
    expect(await screen.findByText('quiz.example.org now shows the app’s landing page.')).toBeInTheDocument();
    expect(await backend().client().customDomains.lookup('quiz.example.org')).toMatchObject({ is_landing_page: true, is_app: false });

    await userEvent.click(within(card).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/This domain is not connected to an app/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove domain' }));
    expect(await screen.findByText('No domain yet')).toBeInTheDocument();
    expect(await backend().client().customDomains.lookup('quiz.example.org')).toBeNull();
    expect(await hostsOf(user.id)).toEqual([]);
  });

  it('lists only this app’s domains, and says so when the list cannot load', async () => {
    const net = network();
    const { user, appId } = await signedInOwner(backend(), { fetch: net.fetch });
    const other = await backend().admin.from('App').insert({ owner_id: user.id, name: 'Other app' }).select('id').single();
    await storedDomain(user.id, 'other.example.org', { app_id: other.data?.id ?? '' }, 'pending');
    net.state.cut = true;
    renderDomains(user.client, `/custom-domain/${appId}`);
    expect(await screen.findByText('Your domains could not be loaded.', {}, { timeout: 30_000 })).toBeInTheDocument();
    net.state.cut = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No domain yet')).toBeInTheDocument();
    expect(screen.queryByText('other.example.org')).not.toBeInTheDocument();
  });
});

describe('the custom-domain page of a bundle', () => {
  it('adds a domain that shows the bundle, and goes back to the bundle’s settings', async () => {
    const { user, bundleId } = await signedInOwner(backend());
    const { router } = renderDomains(user.client, `/bundle/${bundleId}/custom-domain`);
    expect(await screen.findByText('It shows the bundle page.')).toBeInTheDocument();
    expect(await screen.findByText(/Show “Study Kit” at the root/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Domain'), 'kit.localhost');
    await userEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    await screen.findByRole('region', { name: 'kit.localhost' });
    expect(await backend().client().customDomains.lookup('kit.localhost')).toMatchObject({ bundle_id: bundleId, is_bundle: true });
    await userEvent.click(screen.getByRole('link', { name: 'Study Kit: settings' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/bundle/${bundleId}/settings`));
  });
});
