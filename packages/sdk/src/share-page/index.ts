// `@appforge/sdk/share-page` (issue 28, "Pages that preview when shared"): the HTML a visitor page
// is served as before any JavaScript runs — title, description, canonical URL, Open Graph and
// Twitter card tags, JSON-LD, and for a landing page its content — plus robots.txt and
// sitemap.xml. One module for every server (Vite's dev and preview servers, the backend function
// Caddy asks in production), so the escaping is written and tested once. It takes the HTML as a
// string: whichever entry file is served gets the same treatment. No client, no Node APIs.
import { z } from 'zod';

/** The pages that preview when shared, by their path on any host. */
export type SharePageKind = 'landing' | 'app' | 'bundle';

export interface SharePageRef {
  readonly kind: SharePageKind;
  readonly id: string;
  /** The page's path, canonical form: `/landing-page/<id>`, `/deployed-app/<id>`, `/bundle/<id>`. */
  readonly path: string;
}

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const PAGE_PATH = new RegExp(`^/(landing-page|deployed-app|bundle)/(${UUID})/?(?:[?#]|$)`);
const PREFIX: Record<SharePageKind, string> = { landing: 'landing-page', app: 'deployed-app', bundle: 'bundle' };
const KIND_OF: Record<string, SharePageKind> = { 'landing-page': 'landing', 'deployed-app': 'app', bundle: 'bundle' };

/** The share page a request path names (query allowed), else undefined. */
export function sharePageOf(path: string): SharePageRef | undefined {
  const match = PAGE_PATH.exec(path);
  const kind = match?.[1] === undefined ? undefined : KIND_OF[match[1]];
  const id = match?.[2]?.toLowerCase();
  if (kind === undefined || id === undefined) return undefined;
  return { kind, id, path: `/${PREFIX[kind]}/${id}` };
}

/**
 * What the backend tells anyone about a published page (`share_page_facts`): only public facts.
 * Validated here because they go into HTML; anything else is treated as "no such page".
 */
export const shareFactsSchema = z.object({
  name: z.string().min(1).max(200),
  description: z.string().max(5000).nullable(),
  icon_path: z.string().max(1000).nullable(),
  price: z
    .object({
      kind: z.enum(['free', 'one_time', 'monthly']),
      amount_cents: z.number().int().min(0),
      currency: z.string().regex(/^[A-Z]{3}$/),
    })
    .nullable(),
  /** Public (listed in the sitemap, indexable) rather than unlisted (shared by link only). */
  listed: z.boolean(),
});
export type ShareFacts = z.infer<typeof shareFactsSchema>;

/** The facts in a backend answer, or undefined when it is not a valid answer (null included). */
export function parseShareFacts(value: unknown): ShareFacts | undefined {
  const parsed = shareFactsSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

export interface ShareContext {
  /** The page's own origin as the visitor sees it: `https://appforge.example`, `https://quiz.example`. */
  readonly origin: string;
  /** Where the backend's storage is reached from outside (icons): the API's origin. */
  readonly apiOrigin: string;
}

const GENERIC_TITLE = 'Appforge';
const GENERIC_DESCRIPTION = 'Describe an AI app in plain words, get it built, refine it and publish it.';

/** Text and attribute values in HTML: every character that could end or open markup is an entity. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** JSON inside `<script type="application/ld+json">`: nothing in it can close the script. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A valid http(s) origin, else undefined (a Host header is outside input). */
export function originOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

function iconUrl(facts: ShareFacts, context: ShareContext): string | undefined {
  if (facts.icon_path === null || facts.icon_path === '') return undefined;
  const path = facts.icon_path.split('/').map(encodeURIComponent).join('/');
  return `${context.apiOrigin.replace(/\/$/, '')}/storage/v1/object/public/app-icons/${path}`;
}

/** The amount in the currency's major unit as schema.org wants it ("4.99", "500" for JPY). */
function majorAmount(price: NonNullable<ShareFacts['price']>): string {
  let digits: number;
  try {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency: price.currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    // An unknown currency code: two decimals, like most currencies.
    digits = 2;
  }
  return (price.amount_cents / 10 ** digits).toFixed(digits);
}

/** "Free", "$4.99, one-time payment", "€9.00 per month". */
export function priceLabel(price: ShareFacts['price']): string {
  if (price === null || price.kind === 'free' || price.amount_cents <= 0) return 'Free';
  let amount: string;
  try {
    amount = new Intl.NumberFormat('en', { style: 'currency', currency: price.currency }).format(Number(majorAmount(price)));
  } catch {
    amount = `${majorAmount(price)} ${price.currency}`;
  }
  return price.kind === 'monthly' ? `${amount} per month` : `${amount}, one-time payment`;
}

function plain(text: string | null, max: number): string {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function jsonLd(ref: SharePageRef, facts: ShareFacts, url: string, image: string | undefined): Record<string, unknown> {
  const price = facts.price;
  const paid = price !== null && price.kind !== 'free' && price.amount_cents > 0;
  const offers = {
    '@type': 'Offer',
    price: paid ? majorAmount(price) : '0',
    ...(paid ? { priceCurrency: price.currency } : {}),
    url,
  };
  return {
    '@context': 'https://schema.org',
    '@type': ref.kind === 'bundle' ? 'Product' : 'SoftwareApplication',
    name: facts.name,
    ...(facts.description ? { description: facts.description } : {}),
    url,
    ...(image ? { image } : {}),
    ...(ref.kind === 'bundle' ? {} : { applicationCategory: 'WebApplication', operatingSystem: 'Any' }),
    offers,
  };
}

/** The tags of `<head>` for a page: its facts, or the generic page (noindex) when there are none. */
export function shareHeadTags(ref: SharePageRef | undefined, facts: ShareFacts | undefined, context: ShareContext): string {
  if (ref === undefined || facts === undefined) {
    return [
      `<title>${GENERIC_TITLE}</title>`,
      `<meta name="description" content="${escapeHtml(GENERIC_DESCRIPTION)}" />`,
      '<meta name="robots" content="noindex" />',
    ].join('\n    ');
  }
  const url = `${context.origin}${ref.path}`;
  const title = plain(facts.name, 200);
  const description = plain(facts.description, 300) || (ref.kind === 'bundle' ? `${title}: a bundle of apps on Appforge.` : `${title}: an app made with Appforge.`);
  const image = iconUrl(facts, context);
  const e = escapeHtml;
  const tags = [
    `<title>${e(title)}</title>`,
    `<meta name="description" content="${e(description)}" />`,
    `<link rel="canonical" href="${e(url)}" />`,
    ...(facts.listed ? [] : ['<meta name="robots" content="noindex" />']),
    `<meta property="og:type" content="${ref.kind === 'bundle' ? 'product' : 'website'}" />`,
    `<meta property="og:site_name" content="Appforge" />`,
    `<meta property="og:title" content="${e(title)}" />`,
    `<meta property="og:description" content="${e(description)}" />`,
    `<meta property="og:url" content="${e(url)}" />`,
    ...(image ? [`<meta property="og:image" content="${e(image)}" />`] : []),
    '<meta name="twitter:card" content="summary" />',
    `<meta name="twitter:title" content="${e(title)}" />`,
    `<meta name="twitter:description" content="${e(description)}" />`,
    ...(image ? [`<meta name="twitter:image" content="${e(image)}" />`] : []),
    `<script type="application/ld+json">${jsonForScript(jsonLd(ref, facts, url, image))}</script>`,
  ];
  return tags.join('\n    ');
}

/** The landing page's content for visitors without JavaScript; React replaces it when it starts. */
function landingBody(ref: SharePageRef, facts: ShareFacts, context: ShareContext): string {
  const e = escapeHtml;
  const image = iconUrl(facts, context);
  return [
    '<main class="visitor-landing" data-share-fallback="">',
    ...(image ? [`<img src="${e(image)}" alt="" width="96" height="96" />`] : []),
    `<h1>${e(facts.name)}</h1>`,
    ...(facts.description ? [`<p>${e(facts.description)}</p>`] : []),
    `<p>${e(priceLabel(facts.price))}</p>`,
    `<a href="/deployed-app/${e(ref.id)}">Open app</a>`,
    '</main>',
  ].join('');
}

const TITLE_TAG = /<title>[\s\S]*?<\/title>\s*/i;
const DESCRIPTION_TAG = /<meta\s+name=["']description["'][^>]*>\s*/i;
const ROOT_DIV = /<div id="root">\s*<\/div>/i;

/**
 * The served HTML with the page's tags: its own title and description replace the generic ones,
 * the rest goes before `</head>`; a landing page also gets its content inside `#root`.
 */
export function applySharePage(html: string, ref: SharePageRef | undefined, facts: ShareFacts | undefined, context: ShareContext): string {
  const head = shareHeadTags(ref, facts, context);
  // Replacement functions, so a `$&` in a name is never read as a pattern.
  let out = html.replace(TITLE_TAG, '').replace(DESCRIPTION_TAG, '');
  out = /<\/head>/i.test(out) ? out.replace(/<\/head>/i, () => `    ${head}\n  </head>`) : `${head}\n${out}`;
  if (ref?.kind === 'landing' && facts !== undefined) {
    const body = landingBody(ref, facts, context);
    out = out.replace(ROOT_DIV, () => `<div id="root">${body}</div>`);
  }
  return out;
}

/** One entry of sitemap.xml: a page path and when it last changed. */
export interface SitemapEntry {
  readonly path: string;
  readonly updated_at: string | null;
}

export const sitemapEntriesSchema = z.array(
  z.object({ path: z.string().regex(new RegExp(`^/(landing-page|deployed-app|bundle)/${UUID}$`)), updated_at: z.string().nullable() }),
);

/** robots.txt of a host: crawling is allowed (private pages say noindex themselves) and where the sitemap is. */
export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

/** sitemap.xml of a host: its public pages. */
export function sitemapXml(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const when = entry.updated_at === null ? Number.NaN : Date.parse(entry.updated_at);
    const lastmod = Number.isNaN(when) ? '' : `<lastmod>${new Date(when).toISOString()}</lastmod>`;
    return `  <url><loc>${escapeHtml(`${origin}${entry.path}`)}</loc>${lastmod}</url>`;
  });
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}
