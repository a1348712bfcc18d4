import { makeOwnedDomain } from '@appforge/sdk/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderDomains, signedInOwner } from '../../test/render';

describe('the custom-domain page of an app', () => {
  it('refuses a host with a scheme in the server’s words and adds nothing', async () => {
    const { client, appId } = signedInOwner();
    renderDomains(client, `/custom-domain/${appId}`);
    await screen.findByText('No domain yet');
    await userEvent.type(screen.getByLabelText('Domain'), 'https://shop.example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByText(/Leave out “http:\/\/” or “https:\/\/”/)).toBeInTheDocument();
    expect(screen.getByText('No domain yet')).toBeInTheDocument();
    expect(Object.keys(client.fake.data.domains)).toEqual([]);
  });

  it('shows the DNS records to create with copy buttons, and "Check now" connects the domain once they exist', async () => {
    const { client, appId } = signedInOwner();
    renderDomains(client, `/custom-domain/${appId}`);
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

    client.fake.data.dnsReadyHosts.push('www.example.org');
    await userEvent.click(within(card).getByRole('button', { name: 'Check now' }));
    expect(await within(card).findByText('Connected')).toBeInTheDocument();
    expect(within(card).getByText('Visitors to www.example.org see the app.')).toBeInTheDocument();
    expect(await client.customDomains.lookup('www.example.org')).toMatchObject({ app_id: appId, is_app: true });
  });

  it('a *.localhost host is connected at once in development, and says why', async () => {
    const { client, appId } = signedInOwner();
    renderDomains(client, `/custom-domain/${appId}`);
    await userEvent.type(await screen.findByLabelText('Domain'), 'quiz.localhost');
    await userEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    const card = await screen.findByRole('region', { name: 'quiz.localhost' });
    expect(within(card).getByText('Connected')).toBeInTheDocument();
    expect(within(card).getByText(/no DNS records are needed/)).toBeInTheDocument();
  });

  it('tells a host someone else holds without saying who', async () => {
    const { client, appId } = signedInOwner();
    client.fake.data.domains['held.example.org'] = makeOwnedDomain('someone-else', { host: 'held.example.org', target: { kind: 'app', app_id: crypto.randomUUID() } });
    renderDomains(client, `/custom-domain/${appId}`);
    await userEvent.type(await screen.findByLabelText('Domain'), 'held.example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByText(/already connected to another Appforge account/)).toBeInTheDocument();
    expect(screen.queryByText(/someone-else/)).not.toBeInTheDocument();
  });

  it('switches what a domain shows, and removes it after a confirmation', async () => {
    const { client, userId, appId } = signedInOwner();
    client.fake.data.domains['quiz.example.org'] = makeOwnedDomain(userId, { host: 'quiz.example.org', target: { kind: 'app', app_id: appId }, status: 'verified', checked_at: new Date().toISOString() });
    client.fake.data.customDomains['quiz.example.org'] = { app_id: appId, is_app: true, is_landing_page: false, bundle_id: null, is_bundle: false };
    renderDomains(client, `/custom-domain/${appId}`);
    const card = await screen.findByRole('region', { name: 'quiz.example.org' });

    await userEvent.click(within(card).getByRole('combobox', { name: 'What it shows' }));
    await userEvent.click(await screen.findByRole('option', { name: 'The app’s landing page' }));
    expect(await screen.findByText('quiz.example.org now shows the app’s landing page.')).toBeInTheDocument();
    expect(await client.customDomains.lookup('quiz.example.org')).toMatchObject({ is_landing_page: true, is_app: false });

    await userEvent.click(within(card).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/This domain is not connected to an app/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove domain' }));
    expect(await screen.findByText('No domain yet')).toBeInTheDocument();
    expect(await client.customDomains.lookup('quiz.example.org')).toBeNull();
  });

  it('lists only this app’s domains, and says so when the list cannot load', async () => {
    const { client, userId, appId } = signedInOwner();
    client.fake.data.domains['other.example.org'] = makeOwnedDomain(userId, { host: 'other.example.org', target: { kind: 'app', app_id: crypto.randomUUID() } });
    client.fake.fail('customDomains.listMine');
    renderDomains(client, `/custom-domain/${appId}`);
    expect(await screen.findByText('Your domains could not be loaded.')).toBeInTheDocument();
    client.fake.heal('customDomains.listMine');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No domain yet')).toBeInTheDocument();
    expect(screen.queryByText('other.example.org')).not.toBeInTheDocument();
  });
});

describe('the custom-domain page of a bundle', () => {
  it('adds a domain that shows the bundle, and goes back to the bundle’s settings', async () => {
    const { client, bundleId } = signedInOwner();
    const { router } = renderDomains(client, `/bundle/${bundleId}/custom-domain`);
    expect(await screen.findByText('It shows the bundle page.')).toBeInTheDocument();
    expect(await screen.findByText(/Show “Study Kit” at the root/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Domain'), 'kit.localhost');
    await userEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    await screen.findByRole('region', { name: 'kit.localhost' });
    expect(await client.customDomains.lookup('kit.localhost')).toMatchObject({ bundle_id: bundleId, is_bundle: true });
    await userEvent.click(screen.getByRole('link', { name: 'Study Kit: settings' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/bundle/${bundleId}/settings`));
  });
});
