// On a real production backend without Stripe (@appforge/test-backend's `production`): paid apps
// and bundles cannot be bought there, and the pages show the server's refusal in its words.
import { setupAppforgeBackend } from '@appforge/test-backend';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deployApp, ownBundle, renderPage } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { routes } from '../routes';

const backend = setupAppforgeBackend(() => ({ production: true }));

describe('production without Stripe', () => {
  it('a paid app shows the server\'s refusal when it cannot be bought on this server', async () => {
    const owner = await backend().signedInUser('owner');
    const appId = await deployApp(backend(), owner, { price: { kind: 'one_time', amount_cents: 499, currency: 'USD' } });
    const sam = await backend().signedInUser('sam');
    const user = userEvent.setup();
    renderPage(`/deployed-app/${appId}`, { client: sam.client });
    await user.click(await screen.findByRole('button', { name: 'Get access' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('cannot be bought yet: payments are not set up on this server'));
    expect(screen.queryByRole('textbox', { name: /Topic/ })).toBeNull();
  });

  it('in production without Stripe, Get access says the bundle cannot be bought yet', async () => {
    const owner = await backend().signedInUser('owner');
    const appId = await deployApp(backend(), owner, { name: 'Essay tutor' });
    const bundleId = await ownBundle(backend(), owner, { name: 'Study kit', price: { kind: 'monthly', amount_cents: 900, currency: 'EUR' } }, [appId]);
    const sam = await backend().signedInUser('sam');
    const user = userEvent.setup();
    renderWithProviders(routes, `/bundle/${bundleId}`, { client: sam.client });
    await user.click(await screen.findByRole('button', { name: 'Get access' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Study kit cannot be bought yet'));
    const sessions = await backend().admin.from('CheckoutSession').select('id');
    expect(sessions.data).toEqual([]);
  });
});
