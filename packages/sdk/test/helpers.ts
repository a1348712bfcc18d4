// Small pieces every SDK test file may use, in Node or in jsdom.
import { createHmac } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../src/database.types';
import { AppforgeError } from '../src/errors';

let counter = 0;
/** A fresh address per call, so users and per-address rate limits never collide. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}.${Date.now().toString(36)}${counter}@example.com`;
}

/** The 6-digit code in a sign-in mail's text. */
export function codeIn(text: string, email: string): string {
  const code = /^\s{4}(\d{6})$/m.exec(text)?.[1];
  if (!code) throw new Error(`no 6-digit code in the mail to ${email}`);
  return code;
}

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s) — what an authenticator app shows for the secret. */
export function totpCode(base32Secret: string, at: number = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of base32Secret.replace(/=+$/, '').toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counterBuffer = Buffer.alloc(8);
  counterBuffer.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const digest = createHmac('sha1', bytes).update(counterBuffer).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

/**
 * What the deploy function does, for tests that need a deployed app: adds a version, freezes it
 * and points the app at it (the database refuses a deployed_version_id that is not a frozen
 * version of the app). `admin` is a service-role client. Returns the version's id.
 */
export async function deployTestVersion(admin: SupabaseClient<Database>, appId: string): Promise<string> {
  const spec = {
    entryStepId: 'show',
    steps: [{ id: 'show', kind: 'output', title: 'Hello', config: { template: 'Hello.' } }],
  };
  const version = await admin.from('AppVersion').insert({ app_id: appId, spec, source: 'template' }).select('id').single();
  if (version.error) throw new Error(version.error.message);
  const frozen = await admin.from('AppVersion').update({ frozen: true }).eq('id', version.data.id);
  if (frozen.error) throw new Error(frozen.error.message);
  const deployed = await admin.from('App').update({ deployed_version_id: version.data.id }).eq('id', appId);
  if (deployed.error) throw new Error(deployed.error.message);
  return version.data.id;
}

/** Asks a topic, offers two buttons ("Plain" goes on, "Stop" ends the run), then explains the topic. */
export const TONE_PICKER_SPEC = {
  entryStepId: 'ask',
  steps: [
    {
      id: 'ask',
      kind: 'input',
      title: 'Ask',
      config: { fields: [{ type: 'text', name: 'topic', label: 'Topic', required: true }] },
      next: { type: 'choices', prompt: 'Which tone?', buttons: [{ label: 'Plain', goto: 'write' }, { label: 'Stop', goto: 'end' }] },
    },
    { id: 'write', kind: 'ai', title: 'Write', config: { prompt: 'Explain {{topic}} simply.', outputVariable: 'text', outputFormat: 'text' } },
    { id: 'show', kind: 'output', title: 'Result', config: { template: '# Answer\n\n{{text}}' } },
  ],
};

/**
 * A public app of `ownerId`'s, deployed from `spec` (a frozen version that is also its draft) with
 * API access on, for tests that call it with an API key. `admin` is a service-role client.
 */
export async function deployedApiApp(
  admin: SupabaseClient<Database>,
  ownerId: string,
  app: { name: string; description?: string; spec?: unknown },
): Promise<string> {
  const made = await admin
    .from('App')
    .insert({ owner_id: ownerId, name: app.name, visibility: 'public', ...(app.description === undefined ? {} : { description: app.description }) })
    .select('id')
    .single();
  if (made.error) throw new Error(made.error.message);
  const version = await admin
    .from('AppVersion')
    .insert({ app_id: made.data.id, spec: (app.spec ?? TONE_PICKER_SPEC) as Database['public']['Tables']['AppVersion']['Insert']['spec'], frozen: true, created_by: ownerId })
    .select('id')
    .single();
  if (version.error) throw new Error(version.error.message);
  const deployed = await admin
    .from('App')
    .update({ draft_version_id: version.data.id, deployed_version_id: version.data.id, api_access_enabled: true })
    .eq('id', made.data.id);
  if (deployed.error) throw new Error(deployed.error.message);
  return made.data.id;
}

/** The AppforgeError a call rejects with (fails the test when it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<AppforgeError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppforgeError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}
