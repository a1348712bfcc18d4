import { makeRun } from '@appforge/sdk/testing';
import { act, screen } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { renderRoutes, seedApp } from '../test-render';

// jsdom does not paint, so colour contrast is left to the browser (e2e axe run).
const options: axe.RunOptions = { resultTypes: ['violations'], rules: { 'color-contrast': { enabled: false } } };

async function violations(): Promise<string[]> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  const result = await axe.run(document.body, options);
  return result.violations.flatMap((v) => v.nodes.map((node) => `${v.id}: ${v.help} at ${node.target.join(' ')}`));
}

describe('accessibility of the home and the step editor (axe)', () => {
  it('home with apps and runs, and the step list', async () => {
    const { client, app, version } = seedApp();
    const run = makeRun({ app_id: app.id });
    client.fake.data.runs[run.id] = { run, steps: [], state: null };
    const home = renderRoutes(client, '/');
    await screen.findByRole('heading', { name: 'Essay helper' });
    await screen.findByText('Finished');
    expect(await violations()).toEqual([]);
    home.unmount();
    renderRoutes(client, `/create-app/${app.id}/${version.id}`);
    await screen.findByRole('list', { name: 'Steps' });
    expect(await violations()).toEqual([]);
  });

  it('the AI step page with its prompt editor, and the next-step selector with conditions', async () => {
    const { client, app, version } = seedApp();
    const step = renderRoutes(client, `/create-app/${app.id}/${version.id}/write`);
    await screen.findByRole('textbox', { name: 'Prompt' });
    await screen.findByRole('textbox', { name: 'System prompt (optional)' });
    expect(await violations()).toEqual([]);
    step.unmount();
    const next = renderRoutes(client, `/create-app/${app.id}/${version.id}/ask/next-step-selector`);
    await screen.findByRole('radio', { name: /Depends on an answer/ });
    expect(await violations()).toEqual([]);
    next.unmount();
    renderRoutes(client, `/create-app/${app.id}/${version.id}/write/delete`);
    await screen.findByRole('button', { name: 'Delete step' });
    expect(await violations()).toEqual([]);
  });

  it('deploy, change version and database pages', async () => {
    const { client, app, version } = seedApp({ deployed: true });
    const deploy = renderRoutes(client, `/create-app-deploy/${app.id}/${version.id}`);
    await screen.findByRole('heading', { name: /is what visitors see/ });
    expect(await violations()).toEqual([]);
    deploy.unmount();
    const change = renderRoutes(client, `/create-app-change-version/${app.id}/${version.id}`);
    await screen.findByRole('button', { name: 'Copy into a new draft' });
    expect(await violations()).toEqual([]);
    change.unmount();
    renderRoutes(client, `/create-app-database/${app.id}/${version.id}`);
    await screen.findByLabelText('Linked database');
    expect(await violations()).toEqual([]);
  });
});
