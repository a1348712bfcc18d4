import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderSettings, signedInWithApp } from '../test/render';

describe('/app-config/:appId', () => {
  it('saves a specific model, temperature, token limit and system prompt', async () => {
    const { client, app } = signedInWithApp();
    const user = userEvent.setup();
    renderSettings({ client, path: `/app-config/${app.id}` });
    expect(await screen.findByRole('radio', { name: 'Default model' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'A specific model' }));
    await user.type(screen.getByRole('textbox', { name: /Model id/ }), 'llama3.1:8b');
    const slider = screen.getByRole('slider', { name: 'Temperature' });
    fireEvent.change(slider, { target: { value: '1.3' } });
    expect(slider).toHaveAttribute('aria-valuetext', '1.3, varied');
    const tokens = screen.getByRole('textbox', { name: 'Maximum output tokens' });
    await user.clear(tokens);
    await user.type(tokens, '800');
    await user.type(screen.getByRole('textbox', { name: 'System prompt' }), 'Answer in French.');
    await user.click(screen.getByRole('button', { name: 'Save configuration' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(client.fake.data.apps[app.id]?.config).toEqual({ model: 'llama3.1:8b', temperature: 1.3, max_output_tokens: 800, system_prompt: 'Answer in French.' });
  });

  it('refuses an empty or too long model id and an impossible token limit, sending nothing', async () => {
    const { client, app } = signedInWithApp();
    const user = userEvent.setup();
    renderSettings({ client, path: `/app-config/${app.id}` });
    await user.click(await screen.findByRole('radio', { name: 'A specific model' }));
    const save = screen.getByRole('button', { name: 'Save configuration' });
    await user.click(save);
    const model = screen.getByRole('textbox', { name: /Model id/ });
    expect(model).toHaveAccessibleDescription(/Enter the model id/);
    fireEvent.change(model, { target: { value: 'm'.repeat(101) } });
    const tokens = screen.getByRole('textbox', { name: 'Maximum output tokens' });
    await user.clear(tokens);
    await user.type(tokens, '40000');
    await user.click(save);
    expect(model).toHaveAccessibleDescription(/at most 100 characters/);
    expect(tokens).toHaveAccessibleDescription(/At most 32000 output tokens/);
    expect(client.fake.calls('apps.update')).toHaveLength(0);
  });

  it('goes back to the default model', async () => {
    const { client, app } = signedInWithApp({ config: { model: 'gpt-4o', temperature: 0.2, max_output_tokens: 500, system_prompt: '' } });
    const user = userEvent.setup();
    renderSettings({ client, path: `/app-config/${app.id}` });
    expect(await screen.findByRole('textbox', { name: /Model id/ })).toHaveValue('gpt-4o');
    await user.click(screen.getByRole('radio', { name: 'Default model' }));
    await user.click(screen.getByRole('button', { name: 'Save configuration' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(client.fake.data.apps[app.id]?.config.model).toBeNull();
  });

  it('limits the hosts its API steps may call: a URL or a port is refused in words, a list of hosts is saved', async () => {
    const { client, app } = signedInWithApp();
    const user = userEvent.setup();
    renderSettings({ client, path: `/app-config/${app.id}` });
    const hosts = await screen.findByRole('textbox', { name: 'Hosts its API steps may call' });
    await user.type(hosts, 'api.weather.test{Enter}https://gradebook.school.test/v1');
    await user.click(screen.getByRole('button', { name: 'Save configuration' }));
    expect(hosts).toHaveAccessibleDescription(/Line 2: Leave out “https:\/\/”/);
    await user.clear(hosts);
    await user.type(hosts, 'api.weather.test:8443');
    await user.click(screen.getByRole('button', { name: 'Save configuration' }));
    expect(hosts).toHaveAccessibleDescription(/Line 1: Enter the host without a port/);
    expect(client.fake.calls('apps.update')).toHaveLength(0);
    await user.clear(hosts);
    await user.type(hosts, 'API.Weather.test{Enter}{Enter}*.school.test{Enter}api.weather.test');
    await user.click(screen.getByRole('button', { name: 'Save configuration' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(client.fake.data.apps[app.id]?.config.outbound_allow_hosts).toEqual(['api.weather.test', '*.school.test']);
  });

  it('keeps the host list when the model settings change, and an emptied list allows any public host again', async () => {
    const { client, app } = signedInWithApp({
      config: { model: null, temperature: 0.7, max_output_tokens: 2000, system_prompt: '', outbound_allow_hosts: ['api.weather.test'] },
    });
    const user = userEvent.setup();
    renderSettings({ client, path: `/app-config/${app.id}` });
    const hosts = await screen.findByRole('textbox', { name: 'Hosts its API steps may call' });
    expect(hosts).toHaveValue('api.weather.test');
    await user.type(screen.getByRole('textbox', { name: 'System prompt' }), 'Be brief.');
    await user.click(screen.getByRole('button', { name: 'Save configuration' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(client.fake.data.apps[app.id]?.config).toMatchObject({ system_prompt: 'Be brief.', outbound_allow_hosts: ['api.weather.test'] });
    await user.clear(hosts);
    await user.click(screen.getByRole('button', { name: 'Save configuration' }));
    await waitFor(() => expect(client.fake.data.apps[app.id]?.config.outbound_allow_hosts).toBeUndefined());
  });
});
