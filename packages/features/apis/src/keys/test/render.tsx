// Renders the API-key pages the way the shell does (@appforge/test-backend's renderWithAppforge,
// a real client on the file's real backend), and sets up deployed apps as the server would.
import type { AppforgeClient } from '@appforge/sdk';
import { renderWithAppforge } from '@appforge/test-backend';
import type { AppforgeTestBackend } from '@appforge/test-backend';
import { keysRoutes } from '../routes';

/** Asks for a topic, writes about it with the model, shows the text. */
export const topicSpec = {
  entryStepId: 'ask',
  steps: [
    { id: 'ask', kind: 'input', title: 'Your topic', config: { fields: [{ name: 'topic', label: 'Topic', type: 'text', required: true }] } },
    { id: 'write', kind: 'ai', title: 'Write', config: { prompt: 'Write three sentences about {{topic}}.', outputVariable: 'text', outputFormat: 'text' } },
    { id: 'show', kind: 'output', title: 'Result', config: { template: '{{text}}' } },
  ],
};

/** A deployed app of the owner (API access on unless told), made with the service role as the server would. */
export async function deployedApp(
  backend: AppforgeTestBackend,
  ownerId: string,
  app: { name?: string; api_access_enabled?: boolean } = {},
): Promise<{ id: string; name: string }> {
  const { admin } = backend;
  const name = app.name ?? 'Topic explainer';
  const made = await admin.from('App').insert({ owner_id: ownerId, name, visibility: 'public' }).select('id').single();
  if (made.error) throw made.error;
  const version = await admin.from('AppVersion').insert({ app_id: made.data.id, spec: topicSpec, frozen: true, created_by: ownerId }).select('id').single();
  if (version.error) throw version.error;
  const deployed = await admin
    .from('App')
    .update({ draft_version_id: version.data.id, deployed_version_id: version.data.id, api_access_enabled: app.api_access_enabled ?? true })
    .eq('id', made.data.id);
  if (deployed.error) throw deployed.error;
  return { id: made.data.id, name };
}

export function renderKeys(client: AppforgeClient, path: string) {
  return renderWithAppforge({
    client,
    routes: keysRoutes.map((route) => ({ ...route, hydrateFallbackElement: <p>Loading the page…</p> })),
    path,
  });
}
