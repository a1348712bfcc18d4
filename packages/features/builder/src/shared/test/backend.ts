// Apps, versions and runs on a test file's real backend (@appforge/test-backend), made the way the
// product makes them: an app from a description (create-app-from-description on the offline
// model), renamed and given its steps through the SDK's update calls, deployed through deploy-app,
// and run through run-app.
import { parseAppSpec } from '@appforge/engine';
import type { AppSpec, AppSpecInput } from '@appforge/engine';
import type { AppforgeClient } from '@appforge/sdk';
import type { AppforgeTestBackend, TestUser } from '@appforge/test-backend';

/** A spec through the engine's own parser, so it has every default a real one has. */
export function spec(input: AppSpecInput): AppSpec {
  const parsed = parseAppSpec(input);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

/** One question, one AI step, one answer: runs to the end on the offline model. */
export const ESSAY_SPEC: AppSpec = spec({
  entryStepId: 'ask',
  steps: [
    { id: 'ask', kind: 'input', title: 'Your essay', config: { fields: [{ name: 'essay', label: 'Essay', type: 'long_text', required: true }] } },
    { id: 'feedback', kind: 'ai', title: 'Feedback', config: { prompt: 'Give feedback on {{essay}}', outputVariable: 'feedback' } },
    { id: 'show', kind: 'output', title: 'Your feedback', config: { template: '{{feedback}}' }, next: { type: 'end' } },
  ],
});

export interface OwnAppOptions {
  name?: string;
  description?: string | null;
  /** The draft's steps (default: what the offline model made of the description). */
  spec?: AppSpec;
  /** Deploy the draft through deploy-app. */
  deployed?: boolean;
  /** After deploying, open a new draft (the owner has unpublished changes). */
  draftAfterDeploy?: boolean;
}

export interface OwnedApp {
  appId: string;
  /** The draft version (after `deployed` without `draftAfterDeploy`: the deployed one). */
  versionId: string;
  deployedVersionId: string | null;
}

/** An app of `owner`'s, made through the SDK as the builder makes it. */
export async function ownApp(owner: TestUser, options: OwnAppOptions = {}): Promise<OwnedApp> {
  const { client } = owner;
  const made = await client.apps.createFromDescription({ description: options.description ?? `An app called ${options.name ?? 'Essay helper'}` });
  if (made.version_id === null) throw new Error('create-app-from-description made no draft');
  await client.apps.update(made.app_id, { name: options.name ?? 'Essay helper', description: options.description ?? null });
  let versionId = made.version_id;
  if (options.spec) await client.versions.updateSpec(versionId, options.spec);
  let deployedVersionId: string | null = null;
  if (options.deployed) {
    deployedVersionId = (await client.apps.deploy(made.app_id, versionId)).deployed_version_id;
    if (options.draftAfterDeploy) versionId = (await client.versions.openDraft(made.app_id)).id;
  }
  return { appId: made.app_id, versionId, deployedVersionId };
}

/** Another tab of `user`'s: a second client signed in as the same person. */
export async function secondTab(backend: AppforgeTestBackend, user: TestUser): Promise<AppforgeClient> {
  const client = backend.client();
  const { error } = await client.supabase.auth.signInWithPassword({ email: user.email, password: user.password });
  if (error) throw error;
  return client;
}

/** Runs the app's deployed version through run-app to its end (or its first question); the run's id. */
export async function runApp(client: AppforgeClient, appId: string, inputs: Record<string, unknown> = {}, options: { versionId?: string; visitorSession?: string } = {}): Promise<string> {
  let runId: string | null = null;
  for await (const event of client.runs.start({ appId, inputs, ...options })) {
    if (event.type === 'run') runId = event.run_id;
    if (event.type === 'error') throw new Error(`the run failed to start: ${event.message}`);
  }
  if (runId === null) throw new Error('the run reported no id');
  return runId;
}

/**
 * A fetch for a client that lists every request it sends, and whose requests can fail: while
 * `failing.match` matches a request's URL, the answer is a 500 with PostgREST's error body, as a
 * broken server gives; while `offline.match` does, the request fails as a dropped connection
 * ("Failed to fetch"; supabase-js retries such reads for seconds, so use it for writes).
 */
export function watchedServer(): { fetch: typeof fetch; failing: { match: RegExp | null }; offline: { match: RegExp | null }; requests: string[]; writes: string[] } {
  const failing: { match: RegExp | null } = { match: null };
  const offline: { match: RegExp | null } = { match: null };
  const requests: string[] = [];
  /** The URLs of requests that change something (every method but GET and HEAD). */
  const writes: string[] = [];
  const through: typeof fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    requests.push(url);
    if (method !== 'GET' && method !== 'HEAD') writes.push(url);
    if (offline.match?.test(url)) return Promise.reject(new TypeError('Failed to fetch'));
    if (failing.match?.test(url)) {
      const body = JSON.stringify({ code: 'XX000', message: 'internal error', details: null, hint: null });
      return Promise.resolve(new Response(body, { status: 500, headers: { 'content-type': 'application/json' } }));
    }
    return fetch(input, init);
  };
  return { fetch: through, failing, offline, requests, writes };
}
