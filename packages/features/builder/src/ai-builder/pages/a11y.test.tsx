import { makeSpec } from '@appforge/sdk/testing';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { ownerWithApp, renderRoute } from '../test/render';

// jsdom does not paint, so colour contrast is left to the browser (e2e axe run).
const options: axe.RunOptions = { resultTypes: ['violations'], rules: { 'color-contrast': { enabled: false } } };

async function violations(): Promise<string[]> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  const result = await axe.run(document.body, options);
  return result.violations.flatMap((v) => v.nodes.map((node) => `${v.id}: ${v.help} at ${node.target.join(' ')}`));
}

afterEach(() => window.sessionStorage.clear());

describe('accessibility of the AI builder (axe)', () => {
  it('has no violations with a chat reply, a running preview form and an open comparison', async () => {
    const first = makeSpec();
    const second = structuredClone(first);
    if (second.steps[1]?.kind === 'ai') second.steps[1].config.prompt = 'Changed prompt {{topic}}';
    const { client, app, versions } = ownerWithApp([first, second]);
    const user = userEvent.setup();
    renderRoute(`/ai-builder/${app.id}/${versions[1]?.id ?? ''}`, { client });
    await user.type(await screen.findByRole('textbox', { name: /Describe a change/ }), 'Paint it purple{Enter}');
    await screen.findByText('No new version.');
    await user.click(screen.getByRole('button', { name: 'Run preview' }));
    await screen.findByRole('form', { name: 'Your topic' });
    await user.click(await screen.findByRole('checkbox', { name: 'Compare version 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Compare version 2' }));
    await user.click(screen.getByRole('button', { name: 'Compare versions 1 and 2' }));
    await screen.findByRole('region', { name: /Changes from/ });
    expect(await violations()).toEqual([]);
  });

  it('has no violations on "describe a change" and on the not-found state', async () => {
    const { client, app } = ownerWithApp();
    const { unmount } = renderRoute(`/create-app-ai-changes/${app.id}`, { client });
    await screen.findByRole('textbox', { name: /What should change/ });
    expect(await violations()).toEqual([]);
    unmount();
    renderRoute('/ai-builder/nope/nope', { client });
    await screen.findByRole('heading', { name: 'App not found' });
    expect(await violations()).toEqual([]);
  });
});
