import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { owner, renderApis } from '../test-render';

describe('/list-apis', () => {
  it('with no APIs yet, offers to connect one and a few examples', async () => {
    const { client } = owner();
    renderApis(client, '/list-apis');
    expect(await screen.findByRole('heading', { name: 'Connect your first API' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Connect an API' })[0]).toHaveAttribute('href', '/edit-api');
    expect(screen.getByRole('link', { name: 'Use the Weather (Open-Meteo) example' })).toHaveAttribute('href', '/edit-api?example=weather');
  });

  it('lists each API with its health from the last test and whether its secret is set', async () => {
    const { client, session } = owner({ name: 'Gradebook', base_url: 'https://grades.school.test', auth_kind: 'bearer', secret_set: true, secret_last4: 'a1b2', last_test_status: 200, last_test_ms: 84 });
    const { makeExternalApi } = await import('@appforge/sdk/testing');
    const broken = makeExternalApi({ owner_id: session.user.id, name: 'CRM', auth_kind: 'header', auth_name: 'x-key', last_test_status: 0 });
    client.fake.data.externalApis[broken.id] = broken;
    renderApis(client, '/list-apis');
    const list = await screen.findByRole('list', { name: 'Your APIs' });
    const gradebook = within(list).getByRole('link', { name: 'Gradebook' }).closest('li');
    if (!gradebook) throw new Error('no card');
    expect(within(gradebook).getByText('OK · 200 · 84 ms')).toBeInTheDocument();
    expect(within(gradebook).getByText('Secret set')).toBeInTheDocument();
    const crm = within(list).getByRole('link', { name: 'CRM' }).closest('li');
    if (!crm) throw new Error('no card');
    expect(within(crm).getByText('Unreachable at last test')).toBeInTheDocument();
    expect(within(crm).getByText('Secret missing')).toBeInTheDocument();
  });

  it('a failed load says so and a retry recovers', async () => {
    const user = userEvent.setup();
    const { client } = owner({ name: 'Gradebook' });
    client.fake.fail('apis.listMine');
    renderApis(client, '/list-apis');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your APIs could not be loaded');
    client.fake.heal('apis.listMine');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Gradebook' })).toBeInTheDocument();
  });
});
