import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes, seedApp } from '../test-render';

describe('/create-app-database and /create-app-database-new', () => {
  it('says honestly that databases arrive with the databases feature and shows the link as it stands', async () => {
    const { client, app, version } = seedApp();
    renderRoutes(client, `/create-app-database/${app.id}/${version.id}`);
    expect(await screen.findByText(/Databases arrive with the databases feature/)).toBeInTheDocument();
    expect(screen.getByLabelText('Linked database')).toHaveValue('None');
    expect(screen.getByRole('link', { name: 'Create a database' })).toHaveAttribute('href', `/create-app-database-new/${app.id}/${version.id}`);
  });

  it('the create page says the same and links back', async () => {
    const { client, app, version } = seedApp();
    renderRoutes(client, `/create-app-database-new/${app.id}/${version.id}`);
    expect(await screen.findByRole('heading', { name: 'Creating databases is not available yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to the app’s database' })).toHaveAttribute('href', `/create-app-database/${app.id}/${version.id}`);
  });
});
