// On the real backend (@appforge/test-backend).
import { setupAppforgeBackend } from '@appforge/test-backend';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApis } from '../test-render';

const backend = setupAppforgeBackend();

describe('/list-apis', () => {
  it('with no APIs yet, offers to connect one and a few examples', async () => {
    const { client } = await backend().signedInUser('ada');
    renderApis(client, '/list-apis');
    expect(await screen.findByRole('heading', { name: 'Connect your first API' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Connect an API' })[0]).toHaveAttribute('href', '/edit-api');
    expect(screen.getByRole('link', { name: 'Use the Weather (Open-Meteo) example' })).toHaveAttribute('href', '/edit-api?example=weather');
  });

  it('lists each API with its health from the last test and whether its secret is set, and none of someone else’s', async () => {
    const { client } = await backend().signedInUser('ada');
    const gradebook = await client.apis.create({ name: 'Gradebook', base_url: 'https://grades.school.test', auth_kind: 'bearer' });
    await client.apis.setSecret(gradebook.id, 'tok-0000a1b2');
    const crm = await client.apis.create({ name: 'CRM', base_url: 'https://crm.school.test', auth_kind: 'header', auth_name: 'x-key' });
    // The last test's outcome is written by the server function that ran it.
    const tested = await backend().admin.from('Api').update({ last_test_status: 200, last_test_ms: 84, last_test_at: new Date().toISOString() }).eq('id', gradebook.id);
    expect(tested.error).toBeNull();
    const unreachable = await backend().admin.from('Api').update({ last_test_status: 0, last_test_ms: 0, last_test_at: new Date().toISOString() }).eq('id', crm.id);
    expect(unreachable.error).toBeNull();
    const mallory = await backend().signedInUser('mallory');
    await mallory.client.apis.create({ name: 'Mallory’s API', base_url: 'https://mallory.test' });
    renderApis(client, '/list-apis');
    const list = await screen.findByRole('list', { name: 'Your APIs' });
    const gradebookCard = within(list).getByRole('link', { name: 'Gradebook' }).closest('li');
    if (!gradebookCard) throw new Error('no card');
    expect(within(gradebookCard).getByText('OK · 200 · 84 ms')).toBeInTheDocument();
    expect(within(gradebookCard).getByText('Secret set')).toBeInTheDocument();
    const crmCard = within(list).getByRole('link', { name: 'CRM' }).closest('li');
    if (!crmCard) throw new Error('no card');
    expect(within(crmCard).getByText('Unreachable at last test')).toBeInTheDocument();
    expect(within(crmCard).getByText('Secret missing')).toBeInTheDocument();
    expect(within(list).queryByRole('link', { name: 'Mallory’s API' })).not.toBeInTheDocument();
  });

  it('a failed load says so and a retry recovers', async () => {
    const user = userEvent.setup();
    // The network drops the list request until the test brings it back.
    let offline = false;
    const network: typeof fetch = (input, init) =>
      offline && String(input instanceof Request ? input.url : input).includes('/rest/v1/Api')
        ? Promise.reject(new TypeError('fetch failed'))
        : fetch(input, init);
    const { client } = await backend().signedInUser('ada', { fetch: network });
    await client.apis.create({ name: 'Gradebook', base_url: 'https://grades.school.test' });
    offline = true;
    renderApis(client, '/list-apis');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your APIs could not be loaded');
    offline = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Gradebook' })).toBeInTheDocument();
  });
});
