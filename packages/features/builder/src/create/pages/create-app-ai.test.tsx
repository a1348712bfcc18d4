// On the real backend with a model provider on loopback (./model-provider): the app is written by
// "the model" through create-app-from-description, so its first version is the model's, not a
// template's. (Split from create-app.test.tsx, whose backend uses the offline model.)
import { setupAppforgeBackend } from '@appforge/test-backend';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupModelProvider } from '../../shared/test/model-provider';
import { lessonSpec } from '../lib/spec-fixtures';
import { renderRoute } from '../test/render';

const model = setupModelProvider();
const backend = setupAppforgeBackend(() => ({ model: { baseUrl: model().baseUrl, name: model().name } }));

describe('/create-app/:appId of an app a model wrote', () => {
  it('says nothing of templates when a model wrote the app', async () => {
    model().answer(JSON.stringify({ name: 'Lesson planner', description: 'Plans lessons.', spec: lessonSpec }));
    const owner = await backend().signedInUser('ada');
    const made = await owner.client.apps.createFromDescription({ description: 'A lesson planner for my history class' });
    expect(made.offline).toBe(false);
    expect((await owner.client.versions.get(made.version_id ?? '')).source).toBe('ai');
    renderRoute(`/create-app/${made.app_id}`, { client: owner.client });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lesson planner' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Steps' });
    expect(screen.queryByRole('note')).toBeNull();
  });
});
