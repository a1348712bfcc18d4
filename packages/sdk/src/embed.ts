// Issue 28, "Embed on your site": the sites an owner lets frame their deployed app. Each origin is
// pasted as it is into the app's Content-Security-Policy `frame-ancestors`, so only a bare origin
// passes: the same rule as the database's check (migration 20261127800100_app_embed.sql).
import { z } from 'zod';

/** At most this many sites per app (the database refuses more). */
export const MAX_EMBED_ORIGINS = 20;

const HTTPS_ORIGIN = /^https:\/\/(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+(:\d{1,5})?$/;
// Plain http only for the developer's own machine: trying an embed before it goes live.
const LOOPBACK_HTTP_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1|([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+localhost)(:\d{1,5})?$/;

/** Whether `origin` is one the database accepts in an app's embed list. */
export function isEmbedOrigin(origin: string): boolean {
  return HTTPS_ORIGIN.test(origin) || LOOPBACK_HTTP_ORIGIN.test(origin);
}

/** One site allowed to frame an app, as an owner types it: trimmed, lower-cased, no trailing slash. */
export const embedOriginSchema = z
  .string()
  .trim()
  .min(1, 'Enter the address of a site, like https://example.com.')
  .max(253, 'That address is too long.')
  .transform((value) => value.replace(/\/$/, '').toLowerCase())
  .superRefine((value, context) => {
    if (isEmbedOrigin(value)) return;
    const message = /[\s;,'"]/.test(value)
      ? 'One site per line: an address has no spaces, commas, semicolons or quotes.'
      : /^http:\/\//.test(value)
        ? 'Use https:// (plain http is only for localhost while you try it out).'
        : !/^https?:\/\//.test(value)
          ? 'Start the address with https://, like https://example.com.'
          : /^https:\/\/[^/]+\/./.test(value)
            ? 'Only the site’s address, without a path: https://example.com.'
            : 'That is not a site’s address; write it like https://example.com or https://*.example.com.';
    context.addIssue({ code: 'custom', message });
  });

export const embedOriginsSchema = z
  .array(embedOriginSchema)
  .max(MAX_EMBED_ORIGINS, `At most ${MAX_EMBED_ORIGINS} sites.`)
  .transform((origins) => [...new Set(origins)]);

export type EmbedOriginsCheck = { ok: true; origins: string[] } | { ok: false; message: string };

/** Checks a list typed one site per line (blank lines ignored); the message names the first bad line. */
export function parseEmbedOriginLines(text: string): EmbedOriginsCheck {
  const lines = text
    .split(/\r?\n/)
    .map((line, index) => ({ line: index + 1, value: line.trim() }))
    .filter((entry) => entry.value !== '');
  if (lines.length > MAX_EMBED_ORIGINS) return { ok: false, message: `At most ${MAX_EMBED_ORIGINS} sites; this list has ${lines.length}.` };
  const origins: string[] = [];
  for (const entry of lines) {
    const parsed = embedOriginSchema.safeParse(entry.value);
    if (!parsed.success) return { ok: false, message: `Line ${entry.line}: ${parsed.error.issues[0]?.message ?? 'not a site’s address.'}` };
    origins.push(parsed.data);
  }
  return { ok: true, origins: [...new Set(origins)] };
}
