// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { applySharePage, parseShareFacts, robotsTxt, sharePageOf, sitemapXml } from './index';
import type { ShareFacts } from './index';

const APP = '0b7f3c1e-8a4d-4f2b-9c6e-1d2a3b4c5d6e';
const HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Appforge</title>
    <meta name="description" content="Describe an AI app in plain words, get it built, refine it and publish it." />
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/assets/index.js"></script>
  </body>
</html>`;
const context = { origin: 'https://appforge.example', apiOrigin: 'https://api.appforge.example' };
const quiz: ShareFacts = {
  name: 'Spanish quiz',
  description: 'Ten questions on irregular verbs.',
  icon_path: 'owner/app/icon.png',
  price: { kind: 'one_time', amount_cents: 499, currency: 'EUR' },
  listed: true,
};

/** The document a browser would build from the HTML, without running any script. */
function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}
const meta = (doc: Document, key: string) =>
  doc.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content') ?? null;
function ld(doc: Document): Record<string, unknown> {
  return JSON.parse(doc.querySelector('script[type="application/ld+json"]')?.textContent ?? 'null') as Record<string, unknown>;
}

describe('the HTML of a shared page (issue 28)', () => {
  it('finds the page of a path, with a query or a trailing slash, and nothing else', () => {
    expect(sharePageOf(`/landing-page/${APP}`)).toEqual({ kind: 'landing', id: APP, path: `/landing-page/${APP}` });
    expect(sharePageOf(`/deployed-app/${APP.toUpperCase()}?embed=1`)).toEqual({ kind: 'app', id: APP, path: `/deployed-app/${APP}` });
    expect(sharePageOf(`/bundle/${APP}/`)).toMatchObject({ kind: 'bundle' });
    expect(sharePageOf('/bundle/not-an-id')).toBeUndefined();
    expect(sharePageOf(`/settings?next=/landing-page/${APP}`)).toBeUndefined();
  });

  it('a landing page carries its title, description, canonical address, card tags, icon and a product price, and shows its content without JavaScript', () => {
    const ref = sharePageOf(`/landing-page/${APP}`);
    const doc = parse(applySharePage(HTML, ref, quiz, context));
    expect(doc.title).toBe('Spanish quiz');
    expect(doc.querySelectorAll('title')).toHaveLength(1);
    expect(doc.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(meta(doc, 'description')).toBe('Ten questions on irregular verbs.');
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`https://appforge.example/landing-page/${APP}`);
    expect(meta(doc, 'og:title')).toBe('Spanish quiz');
    expect(meta(doc, 'og:url')).toBe(`https://appforge.example/landing-page/${APP}`);
    expect(meta(doc, 'og:image')).toBe('https://api.appforge.example/storage/v1/object/public/app-icons/owner/app/icon.png');
    expect(meta(doc, 'twitter:card')).toBe('summary');
    expect(meta(doc, 'twitter:image')).toBe(meta(doc, 'og:image'));
    expect(meta(doc, 'robots')).toBeNull();
    expect(ld(doc)).toMatchObject({
      '@type': 'SoftwareApplication',
      name: 'Spanish quiz',
      offers: { '@type': 'Offer', price: '4.99', priceCurrency: 'EUR' },
    });
    const root = doc.getElementById('root');
    expect(root?.querySelector('h1')?.textContent).toBe('Spanish quiz');
    expect(root?.textContent).toContain('Ten questions on irregular verbs.');
    expect(root?.textContent).toContain('€4.99, one-time payment');
    expect(root?.querySelector('a')?.getAttribute('href')).toBe(`/deployed-app/${APP}`);
    expect(root?.querySelector('a')?.textContent).toBe('Open app');
  });

  it('the deployed app gets the tags but leaves its root for the app; a free bundle is a Product at 0 and a JPY price has no decimals', () => {
    const app = parse(applySharePage(HTML, sharePageOf(`/deployed-app/${APP}`), { ...quiz, price: { kind: 'monthly', amount_cents: 500, currency: 'JPY' } }, context));
    expect(app.title).toBe('Spanish quiz');
    expect(app.getElementById('root')?.innerHTML).toBe('');
    expect(ld(app)).toMatchObject({ offers: { price: '500', priceCurrency: 'JPY' } });
    const bundle = parse(applySharePage(HTML, sharePageOf(`/bundle/${APP}`), { ...quiz, icon_path: null, price: null }, context));
    expect(ld(bundle)).toMatchObject({ '@type': 'Product', offers: { price: '0' } });
    expect(ld(bundle).offers).not.toHaveProperty('priceCurrency');
    expect(meta(bundle, 'og:image')).toBeNull();
  });

  it('an unlisted page previews but says noindex; an unknown or private page is the generic page with noindex', () => {
    const unlisted = parse(applySharePage(HTML, sharePageOf(`/landing-page/${APP}`), { ...quiz, listed: false }, context));
    expect(unlisted.title).toBe('Spanish quiz');
    expect(meta(unlisted, 'robots')).toBe('noindex');
    const unknown = parse(applySharePage(HTML, sharePageOf(`/landing-page/${APP}`), undefined, context));
    expect(unknown.title).toBe('Appforge');
    expect(meta(unknown, 'robots')).toBe('noindex');
    expect(meta(unknown, 'og:title')).toBeNull();
    expect(unknown.getElementById('root')?.innerHTML).toBe('');
  });

  it('hostile names and descriptions come out as inert text, in the head, the JSON-LD and the page', () => {
    const hostile: ShareFacts = {
      name: '</title><script>alert(1)</script>"\' $& $1',
      description: '"><img src=x onerror=alert(2)></script><script>alert(3)</script>\u2028',
      icon_path: 'a"/><script>alert(4)</script>.png',
      price: null,
      listed: true,
    };
    const html = applySharePage(HTML, sharePageOf(`/landing-page/${APP}`), hostile, context);
    const doc = parse(html);
    // Only the page's own script and the JSON-LD data block: nothing the names opened.
    expect([...doc.querySelectorAll('script')].map((s) => s.getAttribute('type'))).toEqual(['application/ld+json', 'module']);
    expect(doc.querySelectorAll('img[onerror]')).toHaveLength(0);
    expect(html).not.toContain('<script>alert');
    expect(doc.title).toBe(hostile.name);
    expect(meta(doc, 'description')).toBe(hostile.description?.replace(/\s+/g, ' ').trim());
    expect(doc.querySelector('h1')?.textContent).toBe(hostile.name);
    expect(ld(doc)).toMatchObject({ name: hostile.name, description: hostile.description });
    expect(meta(doc, 'og:image')).toBe('https://api.appforge.example/storage/v1/object/public/app-icons/a%22/%3E%3Cscript%3Ealert(4)%3C/script%3E.png');
  });

  it('facts from the backend are checked: anything malformed is treated as no page', () => {
    expect(parseShareFacts(quiz)).toEqual(quiz);
    expect(parseShareFacts(null)).toBeUndefined();
    expect(parseShareFacts({ ...quiz, name: '' })).toBeUndefined();
    expect(parseShareFacts({ ...quiz, price: { kind: 'one_time', amount_cents: 1, currency: 'eur"' } })).toBeUndefined();
  });

  it('robots.txt names the host’s own sitemap; sitemap.xml lists the given pages under the host, escaped', () => {
    expect(robotsTxt('https://quiz.example')).toContain('Sitemap: https://quiz.example/sitemap.xml');
    const xml = sitemapXml('https://quiz.example', [
      { path: `/landing-page/${APP}`, updated_at: '2026-11-20T10:00:00Z' },
      { path: `/bundle/${APP}`, updated_at: null },
    ]);
    const doc = new DOMParser().parseFromString(xml, 'application/xml');
    expect([...doc.getElementsByTagName('loc')].map((loc) => loc.textContent)).toEqual([
      `https://quiz.example/landing-page/${APP}`,
      `https://quiz.example/bundle/${APP}`,
    ]);
    expect(doc.getElementsByTagName('lastmod')[0]?.textContent).toBe('2026-11-20T10:00:00.000Z');
  });
});
