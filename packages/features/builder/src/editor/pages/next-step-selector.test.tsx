import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes, seedApp } from '../test-render';

describe('/create-app/:appId/:versionId/:stepId/next-step-selector', () => {
  it('turns a step into a choice with two buttons leading to different steps', async () => {
    const user = userEvent.setup();
    const { client, app, version } = seedApp();
    renderRoutes(client, `/create-app/${app.id}/${version.id}/ask/next-step-selector`);
    await user.click(await screen.findByRole('radio', { name: /Let the visitor choose/ }));
    const label1 = screen.getByLabelText('Button 1 label');
    await user.clear(label1);
    await user.type(label1, 'Write it');
    await user.selectOptions(screen.getByLabelText('Button 1 goes to'), 'write');
    const label2 = screen.getByLabelText('Button 2 label');
    await user.clear(label2);
    await user.type(label2, 'Just show');
    await user.selectOptions(screen.getByLabelText('Button 2 goes to'), 'show');
    await waitFor(() =>
      expect(client.fake.data.versions[version.id]?.spec.steps[0]?.next).toEqual({
        type: 'choices',
        buttons: [
          { label: 'Write it', goto: 'write' },
          { label: 'Just show', goto: 'show' },
        ],
      }),
    );
    expect(screen.getByText('Lets the visitor choose: “Write it”, “Just show”')).toBeInTheDocument();
  });

  it('builds conditions on variables with the engine’s operators and a numeric value for “more than”', async () => {
    const user = userEvent.setup();
    const { client, app, version } = seedApp();
    renderRoutes(client, `/create-app/${app.id}/${version.id}/ask/next-step-selector`);
    await user.click(await screen.findByRole('radio', { name: /Depends on an answer/ }));
    const conditions = screen.getByRole('list', { name: 'Conditions' });
    expect(within(conditions).getByLabelText('Condition 1 variable')).toHaveValue('topic');
    await user.selectOptions(screen.getByLabelText('Condition 1 comparison'), 'gt');
    await user.type(screen.getByLabelText('Condition 1 value'), '3');
    await user.selectOptions(screen.getByLabelText('Condition 1: then go to'), 'show');
    await user.selectOptions(screen.getByLabelText('Otherwise go to'), 'write');
    await waitFor(() =>
      expect(client.fake.data.versions[version.id]?.spec.steps[0]?.next).toEqual({
        type: 'conditions',
        conditions: [{ when: { variable: 'topic', op: 'gt', value: 3 }, goto: 'show' }],
        otherwise: 'write',
      }),
    );
    await user.selectOptions(screen.getByLabelText('Condition 1 comparison'), 'empty');
    expect(screen.queryByLabelText('Condition 1 value')).not.toBeInTheDocument();
  });

  it('an empty button label is flagged and not saved', async () => {
    const user = userEvent.setup();
    const { client, app, version } = seedApp();
    renderRoutes(client, `/create-app/${app.id}/${version.id}/ask/next-step-selector`);
    await user.click(await screen.findByRole('radio', { name: /Let the visitor choose/ }));
    await waitFor(() => expect(client.fake.data.versions[version.id]?.spec.steps[0]?.next.type).toBe('choices'));
    await user.clear(screen.getByLabelText('Button 1 label'));
    expect(screen.getByText('A button needs a label.')).toBeInTheDocument();
    expect(await screen.findByText(/Not saved yet/)).toBeInTheDocument();
  });
});
