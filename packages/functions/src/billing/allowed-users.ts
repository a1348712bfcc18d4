// POST /functions/v1/allowed-users {item_kind, item_id, entries}: an owner lets people into a
// bundle or an app without paying. Up to 10,000 e-mail addresses or @domains at once; each is
// checked, lower-cased and deduplicated; invalid ones and those already listed are reported back,
// nothing else changes. Every newly listed address gets an invitation e-mail (domains get none).
// Removing is a plain delete through REST (row-level security allows it to the owner only).
import { z } from 'zod';
import { issuesMessage } from '../apps.ts';
import { errorResponse, json, readJsonBody, signedInUser } from '../http.ts';
import type { FunctionHandler } from '../types.ts';
import { escapeHtml } from './entitlements.ts';

export const MAX_ALLOWED_ENTRIES = 10_000;

const bodySchema = z.object({
  item_kind: z.enum(['bundle', 'app'], { message: 'item_kind must be bundle or app' }),
  item_id: z.uuid({ message: 'item_id must be a UUID' }),
  entries: z
    .array(z.string().max(1000), { message: 'entries must be a list of e-mail addresses or @domains' })
    .min(1, { message: 'Add at least one address' })
    .max(MAX_ALLOWED_ENTRIES, { message: `At most ${MAX_ALLOWED_ENTRIES} addresses at once` }),
});

const DOMAIN = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;
const LOCAL = /^[a-z0-9!#$%&'*+/=?^_`{|}~.-]+$/;

/** The stored form of an entry (`ada@example.org`, `@school.example`), or why it cannot be one. */
export function normaliseEntry(raw: string): { ok: true; entry: string } | { ok: false; reason: string } {
  const value = raw.trim().replace(/^mailto:/i, '').toLowerCase();
  if (value === '') return { ok: false, reason: 'empty' };
  if (value.length > 254) return { ok: false, reason: 'longer than 254 characters' };
  const at = value.lastIndexOf('@');
  if (at < 0) return { ok: false, reason: 'not an e-mail address or @domain' };
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (!DOMAIN.test(domain)) return { ok: false, reason: 'the domain is not valid' };
  if (local === '') return { ok: true, entry: `@${domain}` };
  if (!LOCAL.test(local) || local.startsWith('.') || local.endsWith('.') || local.includes('..')) {
    return { ok: false, reason: 'not a valid e-mail address' };
  }
  return { ok: true, entry: `${local}@${domain}` };
}

export const allowedUsersFunction: FunctionHandler = async (req, ctx) => {
  if (req.method !== 'POST') return errorResponse(405, 'method_not_allowed', 'Use POST');
  const user = signedInUser(ctx);
  if (!user) return errorResponse(401, 'sign_in_required', 'Sign in to manage who gets in');
  const raw = await readJsonBody(req);
  if (!raw.ok) return raw.response;
  const body = bodySchema.safeParse(raw.value);
  if (!body.success) return errorResponse(400, 'invalid_body', issuesMessage(body.error.issues));
  const { item_kind: kind, item_id: itemId, entries } = body.data;

  const item = await ctx.supabase
    .from(kind === 'bundle' ? 'Bundle' : 'App')
    .select('id, name, owner_id')
    .eq('id', itemId)
    .maybeSingle<{ id: string; name: string; owner_id: string }>();
  if (item.error) throw new Error(`Reading the ${kind} failed: ${item.error.message}`);
  // Another user's bundle looks like no bundle at all.
  if (!item.data || item.data.owner_id !== user.id) return errorResponse(404, `${kind}_not_found`, `There is no such ${kind} of yours`);

  const invalid: { line: number; value: string; reason: string }[] = [];
  const duplicates: string[] = [];
  const wanted = new Set<string>();
  entries.forEach((value, index) => {
    const checked = normaliseEntry(value);
    if (!checked.ok) invalid.push({ line: index + 1, value: value.slice(0, 200), reason: checked.reason });
    else if (wanted.has(checked.entry)) duplicates.push(checked.entry);
    else wanted.add(checked.entry);
  });
  const column = kind === 'bundle' ? 'bundle_id' : 'app_id';
  const rows = [...wanted].map((entry) => ({ owner_id: user.id, [column]: itemId, entry }));
  const added: string[] = [];
  for (let start = 0; start < rows.length; start += 1000) {
    const inserted = await ctx.supabase
      .from('AllowedUser')
      .upsert(rows.slice(start, start + 1000), { onConflict: `${column},entry`, ignoreDuplicates: true })
      .select('entry');
    if (inserted.error) throw new Error(`Saving the list failed: ${inserted.error.message}`);
    added.push(...(inserted.data ?? []).map((row: { entry: string }) => row.entry));
  }
  const addedSet = new Set(added);
  const alreadyListed = [...wanted].filter((entry) => !addedSet.has(entry));

  let invited = 0;
  const siteUrl = ctx.env.payments?.siteUrl;
  const mailer = ctx.mailer;
  if (mailer && siteUrl) {
    const link = `${siteUrl}/${kind === 'bundle' ? 'bundle' : 'deployed-app'}/${itemId}`;
    const name = item.data.name;
    const sentTo: string[] = [];
    for (const entry of added) {
      if (entry.startsWith('@')) continue;
      const text = `You have been given access to ${name} on Appforge.\n\nOpen it here and sign in with this address (${entry}): ${link}`;
      try {
        await mailer.send({
          to: entry,
          subject: `You're invited to ${name}`,
          text,
          html: `<p>You have been given access to <strong>${escapeHtml(name)}</strong> on Appforge.</p><p><a href="${escapeHtml(link)}">Open ${escapeHtml(name)}</a> and sign in with this address (${escapeHtml(entry)}).</p>`,
          tag: 'invitation',
        });
        sentTo.push(entry);
      } catch (error) {
        ctx.log.warn({ error: error instanceof Error ? error.message : String(error) }, 'invitation not sent');
      }
    }
    for (let start = 0; start < sentTo.length; start += 1000) {
      await ctx.supabase
        .from('AllowedUser')
        .update({ invited_at: new Date().toISOString() })
        .eq(column, itemId)
        .in('entry', sentTo.slice(start, start + 1000));
    }
    invited = sentTo.length;
  }
  return json(200, { added, already_listed: alreadyListed, duplicates, invalid, invited });
};
