import type { AppSpec } from '@appforge/engine';
import { AppforgeError } from '@appforge/sdk';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, seedApp } from '../test-render';

const stepTitles = () => within(screen.getByRole('list', { name: 'Steps' })).getAllByRole('link', { name: /^(?!Next step|Delete)/ }).map((link) => link.textContent);

describe('/create-app/:appId/:versionId — the step list', () => {
  it('lists the steps in order with where each goes next, and the engine’s verdict', async () => {
    const { client, app, version } = seedApp();
    renderRoutes(client, `/create-app/${app.id}/${version.id}`);
    const list = await screen.findByRole('list', { name: 'Steps' });
    expect(stepTitles()).toEqual(['Your topic', 'Write', 'Result']);
    expect(within(list).getByText('Then continues to “Write”')).toBeInTheDocument();
    expect(within(list).getByText('Start')).toBeInTheDocument();
    expect(screen.getByText(/No problems: this version can run\./)).toBeInTheDocument();
    expect(screen.getByText('All changes saved')).toBeInTheDocument();
  });

  it('shows a skeleton while loading and the error in words with a retry that works', async () => {
    const { client, app, version } = seedApp();
    client.fake.fail('versions.get');
    renderRoutes(client, `/create-app/${app.id}/${version.id}`);
    expect(await screen.findByText('Loading the app’s steps')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach the server');
    client.fake.heal('versions.get');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Steps' })).toBeInTheDocument();
  });

  it('says plainly when the app belongs to someone else', async () => {
    const { client, version } = seedApp();
    const other = seedApp({ client });
    other.app.owner_id = crypto.randomUUID();
    renderRoutes(client, `/create-app/${other.app.id}/${version.id}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('It does not exist, or it belongs to someone else.');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('adds a step between two steps, opens it, and saves it', async () => {
    const user = userEvent.setup();
    const { client, app, version } = seedApp();
    const { router } = renderRoutes(client, `/create-app/${app.id}/${version.id}`);
    await screen.findByRole('list', { name: 'Steps' });
    await user.click(screen.getByRole('button', { name: 'Add a step after Your topic' }));
    await user.click(within(screen.getByRole('group', { name: 'Add a step after Your topic' })).getByRole('button', { name: 'Show a result' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/create-app/${app.id}/${version.id}/show-2`));
    await waitFor(() => expect(client.fake.data.versions[version.id]?.spec.steps.map((step) => step.id)).toEqual(['ask', 'show-2', 'write', 'show']));
    expect(await screen.findByText('All changes saved')).toBeInTheDocument();
  });
});

describe('reordering', () => {
  beforeEach(() => {
    // jsdom has no layout: give each step row a place so dnd-kit can move between them.
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const row = this.closest('[data-step-index]');
      const index = row ? Number(row.getAttribute('data-step-index')) : 0;
      const top = index * 100;
      return { x: 0, y: top, top, left: 0, right: 600, bottom: top + 80, width: 600, height: 80, toJSON: () => ({}) };
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('moves a step with the keyboard (Space, arrow, Space) and saves the new order', async () => {
    const spec: AppSpec = {
      entryStepId: 'a',
      steps: [
        { id: 'a', kind: 'output', title: 'Alpha', next: { type: 'step' }, config: { template: 'a' } },
        { id: 'b', kind: 'output', title: 'Beta', next: { type: 'step' }, config: { template: 'b' } },
        { id: 'c', kind: 'output', title: 'Gamma', next: { type: 'step' }, config: { template: 'c' } },
      ],
    };
    const { client, app, version } = seedApp({ spec });
    renderRoutes(client, `/create-app/${app.id}/${version.id}`);
    const handle = await screen.findByRole('button', { name: 'Move step 1: Alpha' });
    handle.focus();
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    fireEvent.keyDown(document.activeElement ?? handle, { code: 'ArrowDown', key: 'ArrowDown' });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    fireEvent.keyDown(document.activeElement ?? handle, { code: 'Space', key: ' ' });
    await waitFor(() => expect(stepTitles()).toEqual(['Beta', 'Alpha', 'Gamma']));
    // The top of the list is where the app starts.
    await waitFor(() => expect(client.fake.data.versions[version.id]?.spec).toMatchObject({ entryStepId: 'b' }));
    expect(client.fake.data.versions[version.id]?.spec.steps.map((step) => step.id)).toEqual(['b', 'a', 'c']);
  });

  it('a reorder that breaks the flow is reported at once', async () => {
    const { client, app, version } = seedApp();
    renderRoutes(client, `/create-app/${app.id}/${version.id}`);
    const handle = await screen.findByRole('button', { name: 'Move step 3: Result' });
    handle.focus();
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    fireEvent.keyDown(document.activeElement ?? handle, { code: 'ArrowUp', key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement ?? handle, { code: 'ArrowUp', key: 'ArrowUp' });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    fireEvent.keyDown(document.activeElement ?? handle, { code: 'Space', key: ' ' });
    await waitFor(() => expect(stepTitles()[0]).toBe('Result'));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Checks' })).toHaveTextContent(/\d+ errors?/));
  });
});

describe('autosave', () => {
  it('a failed save keeps the edit in this browser, says so, and a retry saves it', async () => {
    const user = userEvent.setup();
    const { client, app, version } = seedApp();
    client.fake.fail('versions.updateSpec', new AppforgeError({ code: 'network_error', message: 'Could not reach the server.', status: 0 }));
    renderRoutes(client, `/create-app/${app.id}/${version.id}/write`);
    const title = await screen.findByLabelText(/Step title/);
    await user.clear(title);
    await user.type(title, 'Write the essay');
    expect(await screen.findByText(/Not saved: Could not reach the server\./)).toBeInTheDocument();
    const kept = window.localStorage.getItem(`appforge:builder:unsaved:${version.id}`) ?? '';
    expect(kept).toContain('Write the essay');
    client.fake.heal('versions.updateSpec');
    await user.click(screen.getByRole('button', { name: 'Retry now' }));
    await waitFor(() => expect(client.fake.data.versions[version.id]?.spec.steps[1]?.title).toBe('Write the essay'));
    expect(await screen.findByText('All changes saved')).toBeInTheDocument();
    expect(window.localStorage.getItem(`appforge:builder:unsaved:${version.id}`)).toBeNull();
  });

  it('edits kept in the browser after a failed save come back on reload and are saved', async () => {
    const { client, app, version } = seedApp();
    const edited = structuredClone(version.spec);
    const write = edited.steps[1];
    if (write) write.title = 'Typed before the crash';
    window.localStorage.setItem(`appforge:builder:unsaved:${version.id}`, JSON.stringify({ spec: edited, at: Date.now() }));
    renderRoutes(client, `/create-app/${app.id}/${version.id}`);
    expect(await screen.findByText(/were restored and are being saved/)).toBeInTheDocument();
    expect(stepTitles()).toContain('Typed before the crash');
    await waitFor(() => expect(client.fake.data.versions[version.id]?.spec.steps[1]?.title).toBe('Typed before the crash'));
  });
});
