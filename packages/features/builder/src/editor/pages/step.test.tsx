import { EditorView } from '@codemirror/view';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes, seedApp } from '../test-render';

/** Replaces the text of the CodeMirror editor labelled `label`, as typing would. */
async function typeInto(label: string, text: string) {
  const content = await screen.findByRole('textbox', { name: label });
  const view = EditorView.findFromDOM(content);
  if (!view) throw new Error(`No editor for ${label}`);
  act(() => {
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, userEvent: 'input.type' });
  });
  return content;
}

describe('/create-app/:appId/:versionId/:stepId — an AI step', () => {
  it('shows the prompt with its {{variables}} highlighted and saves a changed prompt', async () => {
    const { client, app, version } = seedApp();
    renderRoutes(client, `/create-app/${app.id}/${version.id}/write`);
    const prompt = await screen.findByRole('textbox', { name: 'Prompt' });
    expect(prompt).toHaveTextContent('Write three sentences about {{topic}}.');
    expect(prompt.querySelector('.prompt-var')).toHaveTextContent('{{topic}}');
    await typeInto('Prompt', 'Write a haiku about {{topic}}.');
    await waitFor(() => {
      const step = client.fake.data.versions[version.id]?.spec.steps[1];
      expect(step?.kind === 'ai' && step.config.prompt).toBe('Write a haiku about {{topic}}.');
    });
  });

  it('gives the engine’s messages live: an unknown variable is marked and explained, an empty prompt too', async () => {
    const { client, app, version } = seedApp();
    renderRoutes(client, `/create-app/${app.id}/${version.id}/write`);
    const prompt = await typeInto('Prompt', 'Use {{topik}} please');
    expect(prompt.querySelector('.prompt-var--unknown')).toHaveTextContent('{{topik}}');
    const panel = screen.getByRole('region', { name: 'This step' });
    expect(panel).toHaveTextContent('no earlier step asks for topik');
    // The result step uses {{text}}, which this step still sets: no problem there.
    await typeInto('Prompt', '   ');
    expect(within(panel).getByText(/has an empty prompt/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Prompt' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('lists the variables the prompt can use, from earlier steps', async () => {
    const { client, app, version } = seedApp();
    renderRoutes(client, `/create-app/${app.id}/${version.id}/write`);
    const panel = await screen.findByRole('region', { name: 'Variables you can use' });
    expect(within(panel).getByText('{{topic}}')).toBeInTheDocument();
    expect(within(panel).queryByText('{{text}}')).not.toBeInTheDocument();
  });

  it('switching the answer to JSON asks for its fields', async () => {
    const user = userEvent.setup();
    const { client, app, version } = seedApp();
    renderRoutes(client, `/create-app/${app.id}/${version.id}/write`);
    await user.selectOptions(await screen.findByLabelText('Answer format'), 'json');
    expect(screen.getByLabelText('Field 1 name')).toHaveValue('answer');
    await waitFor(() => {
      const step = client.fake.data.versions[version.id]?.spec.steps[1];
      expect(step?.kind === 'ai' && step.config.outputFormat).toBe('json');
    });
  });
});

describe('an input step', () => {
  it('adds a choice question with options, saved as the spec’s field', async () => {
    const user = userEvent.setup();
    const { client, app, version } = seedApp();
    renderRoutes(client, `/create-app/${app.id}/${version.id}/ask`);
    await user.click(await screen.findByRole('button', { name: 'Add a field' }));
    const fields = screen.getByRole('list', { name: 'Fields' });
    const second = within(fields).getAllByRole('listitem')[1];
    if (!second) throw new Error('no second field');
    await user.selectOptions(within(second).getByLabelText('Answer type'), 'choice');
    const options = within(second).getByLabelText('Options (one per line)');
    await user.clear(options);
    await user.type(options, 'Short{Enter}Long');
    await waitFor(() => {
      const step = client.fake.data.versions[version.id]?.spec.steps[0];
      expect(step?.kind === 'input' && step.config.fields[1]).toMatchObject({ type: 'choice', options: ['Short', 'Long'], name: 'answer' });
    });
  });

  it('an empty title is not sent, says why, and is kept', async () => {
    const user = userEvent.setup();
    const { client, app, version } = seedApp();
    renderRoutes(client, `/create-app/${app.id}/${version.id}/ask`);
    const title = await screen.findByLabelText(/Step title/);
    await user.clear(title);
    expect(await screen.findByText(/Not saved yet: .*title/)).toBeInTheDocument();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(client.fake.data.versions[version.id]?.spec.steps[0]?.title).toBe('Your topic');
    expect(window.localStorage.getItem(`appforge:builder:unsaved:${version.id}`)).toContain('"title":""');
  });
});

describe('a deployed (frozen) version', () => {
  it('is read-only and offers to make changes in a draft', async () => {
    const { client, app, version } = seedApp({ deployed: true });
    renderRoutes(client, `/create-app/${app.id}/${version.id}/ask`);
    expect(await screen.findByText(/This version is deployed, so it cannot change/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Step title/)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Make changes' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Delete this step' })).not.toBeInTheDocument();
  });
});

describe('a step that is not there', () => {
  it('says so and links back to the steps', async () => {
    const { client, app, version } = seedApp();
    renderRoutes(client, `/create-app/${app.id}/${version.id}/ghost`);
    expect(await screen.findByText('This step is not in this version')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the steps' })).toHaveAttribute('href', `/create-app/${app.id}/${version.id}`);
  });
});
