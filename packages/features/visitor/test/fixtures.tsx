// Helpers for the visitor pages' tests (rendering comes from ./render): specs built through the
// engine's own parser (so every spec has the defaults a real one has), and apps, bundles and
// purchases made on the file's real backend (@appforge/test-backend) the way the product makes them.
import { parseAppSpec } from '@appforge/engine';
import type { AppSpec, AppSpecInput } from '@appforge/engine';
import type { AppforgeClient, Database } from '@appforge/sdk';
import type { AppforgeTestBackend, TestUser } from '@appforge/test-backend';
import type { RouteObject } from 'react-router';
import type { DesignLike } from '../src/lib/design-style';
import { appRoutes } from '../src/routes';
import { renderInRouter, renderWithProviders } from './render';

export { renderInRouter };

type Json = NonNullable<Database['public']['Tables']['App']['Insert']['price']>;

/** Ids for components rendered without a backend (an app's id on the backend is its own). */
export const APP_ID = '7b0c6a52-4c1e-4a55-9a3e-2b8f0d5e9c11';
export const RUN_ID = '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0';

export const DESIGN: DesignLike = { theme_color: '#0f766e', font: 'serif', layout: 'centered', welcome_text: 'Plan a lesson in a minute.' };

export function spec(input: AppSpecInput): AppSpec {
  const parsed = parseAppSpec(input);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

/** A lesson planner: a form, an AI step, a choice, and an output. */
export const LESSON_SPEC: AppSpec = spec({
  entryStepId: 'ask',
  steps: [
    {
      id: 'ask',
      kind: 'input',
      title: 'Your lesson',
      config: {
        intro: 'Tell us about the class.',
        fields: [
          { name: 'topic', label: 'Topic', type: 'text', required: true, maxLength: 200 },
          { name: 'notes', label: 'Notes', type: 'long_text' },
          { name: 'minutes', label: 'Minutes', type: 'number', min: 10, max: 120, integer: true, required: true },
          { name: 'level', label: 'Level', type: 'choice', options: ['Beginner', 'Advanced'], required: true },
          { name: 'homework', label: 'Homework', type: 'yes_no' },
        ],
      },
    },
    { id: 'plan', kind: 'ai', title: 'Lesson plan', config: { prompt: 'Plan {{topic}}', outputVariable: 'plan' } },
    { id: 'show', kind: 'output', title: 'Your plan', config: { template: '{{plan}}' }, next: { type: 'end' } },
  ],
});

/** Everything a page needs around it, as apps/web gives it (StrictMode included: effects run twice, so a resume or a stream must survive that). */
export function renderPage(path: string, { client, routes = [] }: { client: AppforgeClient; routes?: RouteObject[] }) {
  return renderWithProviders([...appRoutes, { path: '/sign-in', element: <h1>Sign-in page</h1> }, ...routes], path, { client, strict: true });
}

export interface Price {
  kind: 'free' | 'one_time' | 'monthly';
  amount_cents: number;
  currency: string;
}

export interface AppSettings {
  name?: string;
  description?: string | null;
  visibility?: 'public' | 'unlisted' | 'signed_in' | 'allowed_users';
  price?: Price | null;
  icon_path?: string | null;
}

/** The row's id, or the error in words. */
function idOf(result: { data: { id: string } | null; error: { message: string } | null }): string {
  if (result.error) throw new Error(result.error.message);
  if (result.data === null) throw new Error('no row');
  return result.data.id;
}

/**
 * An app of `owner`'s made as the builder leaves it (the row and a draft version, written with the
 * service role as the server would), then deployed through the real deploy-app function by its
 * owner. Returns the app's id.
 */
export async function deployApp(backend: AppforgeTestBackend, owner: TestUser, settings: AppSettings = {}, appSpec: AppSpec = LESSON_SPEC): Promise<string> {
  const { admin } = backend;
  const appId = idOf(
    await admin
      .from('App')
      .insert({
        owner_id: owner.id,
        name: settings.name ?? 'Lesson Planner',
        visibility: settings.visibility ?? 'public',
        design: { ...DESIGN } as Json,
        description: settings.description ?? null,
        price: (settings.price ?? null) as Json | null,
        icon_path: settings.icon_path ?? null,
      })
      .select('id')
      .single(),
  );
  const versionId = idOf(
    await admin
      .from('AppVersion')
      .insert({ app_id: appId, spec: appSpec as unknown as Json, created_by: owner.id, source: 'template' })
      .select('id')
      .single(),
  );
  idOf(await admin.from('App').update({ draft_version_id: versionId }).eq('id', appId).select('id').single());
  await owner.client.apps.deploy(appId, versionId);
  return appId;
}

/** A bundle of `owner`'s holding `appIds` in order, with `price` (as the owner's pages save it). */
export async function ownBundle(
  backend: AppforgeTestBackend,
  owner: TestUser,
  bundle: { name: string; description?: string; visibility?: 'public' | 'allowed_users'; price: Price },
  appIds: string[],
): Promise<string> {
  const { admin } = backend;
  const bundleId = idOf(
    await admin
      .from('Bundle')
      .insert({
        owner_id: owner.id,
        name: bundle.name,
        description: bundle.description ?? null,
        visibility: bundle.visibility ?? 'public',
        price: bundle.price as unknown as Json,
      })
      .select('id')
      .single(),
  );
  if (appIds.length > 0) {
    const linked = await admin.from('BundleApp').insert(appIds.map((appId, position) => ({ bundle_id: bundleId, app_id: appId, position })));
    if (linked.error) throw new Error(linked.error.message);
  }
  return bundleId;
}

/** Buys `item` for `buyer` on the built-in test checkout (Stripe is outside the world), as the buyer's pages do. */
export async function buyOnTestCheckout(buyer: TestUser, item: { item_kind: 'app' | 'bundle'; item_id: string }, returnPath: string): Promise<string> {
  const started = await buyer.client.billing.checkout({ ...item, return_path: returnPath });
  return buyer.client.billing.finishTestCheckout(started.url.split('/').pop() ?? '', 'complete');
}
