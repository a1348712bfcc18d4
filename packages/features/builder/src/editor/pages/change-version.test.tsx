import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes, seedApp } from '../test-render';

describe('/create-app-change-version → …-confirm → the editor', () => {
  it('explains that a deployed version is frozen, copies it into a new draft and opens that draft', async () => {
    const user = userEvent.setup();
    const { client, app, version } = seedApp({ deployed: true });
    const { router } = renderRoutes(client, `/create-app-change-version/${app.id}/${version.id}`);
    expect(await screen.findByText(/Visitors are using this version right now, so it never changes under them\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy into a new draft' }));
    expect(await screen.findByRole('heading', { name: 'Version 2 is your new draft' })).toBeInTheDocument();
    const copy = Object.values(client.fake.data.versions).find((row) => row.number === 2);
    expect(copy?.parent_version_id).toBe(version.id);
    expect(router.state.location.pathname).toBe(`/create-app-change-version-confirm/${app.id}/${version.id}/${copy?.id ?? ''}`);
    expect(screen.getByText(/nothing changes for visitors, who keep using the deployed version,/)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Edit version 2' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/create-app/${app.id}/${copy?.id ?? ''}`));
    expect(await screen.findByText('All changes saved')).toBeInTheDocument();
    expect(client.fake.data.apps[app.id]?.deployed_version_id).toBe(version.id);
  });

  it('a draft needs no copy: it links straight to the editor', async () => {
    const { client, app, version } = seedApp();
    renderRoutes(client, `/create-app-change-version/${app.id}/${version.id}`);
    expect(await screen.findByText(/is a draft: you can edit it directly/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit version 1' })).toHaveAttribute('href', `/create-app/${app.id}/${version.id}`);
  });

  it('a failed copy says why and leaves everything as it was', async () => {
    const user = userEvent.setup();
    const { client, app, version } = seedApp({ deployed: true });
    client.fake.fail('versions.changeVersion');
    renderRoutes(client, `/create-app-change-version/${app.id}/${version.id}`);
    await user.click(await screen.findByRole('button', { name: 'Copy into a new draft' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/The copy could not be made: Could not reach the server/);
    expect(Object.keys(client.fake.data.versions)).toHaveLength(1);
  });
});
