import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderSettings, signedInWithApp } from '../test/render';

describe('/app-price/:appId', () => {
  it('sets a monthly price, shows what visitors will see, and says people pay at checkout', async () => {
    const { client, app } = signedInWithApp({ price: { kind: 'free', amount_cents: 0, currency: 'EUR' } });
    const user = userEvent.setup();
    renderSettings({ client, path: `/app-price/${app.id}` });
    expect(await screen.findByRole('radio', { name: 'Free' })).toBeChecked();
    expect(screen.getByText(/People pay at checkout/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Amount/ })).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'Monthly subscription' }));
    await user.type(screen.getByRole('textbox', { name: /Amount/ }), '4,99');
    expect(screen.getByText(/Visitors will see:/)).toHaveTextContent('€4.99 a month');
    await user.click(screen.getByRole('button', { name: 'Save price' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(client.fake.data.apps[app.id]?.price).toEqual({ kind: 'monthly', amount_cents: 499, currency: 'EUR' });
  });

  it('refuses amounts that are not prices, in words, and sends nothing', async () => {
    const { client, app } = signedInWithApp({ price: { kind: 'one_time', amount_cents: 500, currency: 'JPY' } });
    const user = userEvent.setup();
    renderSettings({ client, path: `/app-price/${app.id}` });
    const amount = await screen.findByRole('textbox', { name: /Amount/ });
    expect(amount).toHaveValue('500');
    const save = screen.getByRole('button', { name: 'Save price' });
    for (const [typed, message] of [
      ['9.50', 'Enter a whole number of JPY, without decimals.'],
      ['0', 'A paid item costs more than 0. Choose Free to give it away.'],
      ['', 'Enter the price, for example 4.99.'],
      ['-3', 'Enter a whole number of JPY, without decimals.'],
    ] as const) {
      await user.clear(amount);
      if (typed !== '') await user.type(amount, typed);
      await user.click(save);
      expect(amount).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    }
    expect(client.fake.calls('apps.update')).toHaveLength(0);
  });

  it('makes the app free again', async () => {
    const { client, app } = signedInWithApp({ price: { kind: 'one_time', amount_cents: 1999, currency: 'USD' } });
    const user = userEvent.setup();
    renderSettings({ client, path: `/app-price/${app.id}` });
    await user.click(await screen.findByRole('radio', { name: 'Free' }));
    await user.click(screen.getByRole('button', { name: 'Save price' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(client.fake.data.apps[app.id]?.price).toEqual({ kind: 'free', amount_cents: 0, currency: 'USD' });
  });
});
