// Issue 28, production share pages: Caddy asks the share-page function (no key) for the landing
// page, the deployed app and the bundle page, and gets the built entry file back with the page's
// tags in it; robots.txt and sitemap.xml per host; the sites allowed to frame a deployed app in
// X-Appforge-Frame-Ancestors. Real backend, real files in a WEB_ROOT, fetch as Caddy sends it.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedApp, signedIn } from '../functions-ai/helpers.js';
import type { TestUser } from '../functions-ai/helpers.js';
import { startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';

const INDEX = '<!doctype html><html><head><title>Appforge</title><meta name="description" content="generic" /></head><body><div id="root"></div><script type="module" src="/assets/main.js"></script></body></html>';
const VISITOR = INDEX.replace('/assets/main.js', '/assets/visitor.js');

let backend: TestBackend;
let bare: TestBackend;
let owner: TestUser;
let webRoot: string;

beforeAll(async () => {
  webRoot = await mkdtemp(join(tmpdir(), 'appforge-web-'));
  await writeFile(join(webRoot, 'index.html'), INDEX);
  await writeFile(join(webRoot, 'visitor.html'), VISITOR);
  await writeFile(join(webRoot, 'secret.txt'), 'not for visitors');
  backend = await startTestBackend({ env: { WEB_ROOT: webRoot, APP_HOST: 'appforge.example' } });
  bare = await startTestBackend();
  owner = await signedIn(backend);
});
afterAll(async () => {
  await Promise.all([backend.stop(), bare.stop()]);
  await rm(webRoot, { recursive: true, force: true });
});

function ask(target: TestBackend, query: string, host = 'appforge.example', init: RequestInit = {}): Promise<Response> {
  return fetch(`${target.url}/functions/v1/share-page?${query}`, {
    ...init,
    headers: { 'x-forwarded-host': host, 'x-forwarded-proto': 'https', ...(init.headers as Record<string, string> | undefined) },
  });
}

async function publicApp(name = 'Topic explainer'): Promise<string> {
  const { appId } = await seedApp(backend, owner.id);
  await backend.db.query(`update public."App" set name = $2, description = 'Explains a topic in three sentences.' where id = $1`, [appId, name]);
  return appId;
}

describe('share-page: what Caddy serves for a shared link (issue 28)', () => {
  it('answers the chosen entry file with the deployed app\'s title, card tags and canonical URL on the visitor\'s host', async () => {
    const appId = await publicApp();
    const response = await ask(backend, `path=/deployed-app/${appId}&entry=visitor.html`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toContain('<title>Topic explainer</title>');
    expect(html).toContain(`<link rel="canonical" href="https://appforge.example/deployed-app/${appId}" />`);
    expect(html).toContain('<meta property="og:description" content="Explains a topic in three sentences." />');
    expect(html).toContain('/assets/visitor.js');
    expect(html).not.toContain('generic');
    expect(response.headers.get('x-appforge-frame-ancestors')).toBeNull();
  });

  it('puts the landing page\'s content in the HTML for visitors without JavaScript, escaped', async () => {
    const appId = await publicApp('<script>alert(1)</script> Quiz');
    const html = await (await ask(backend, `path=/landing-page/${appId}`)).text();
    expect(html).toContain('<h1>&#60;script&#62;alert(1)&#60;/script&#62; Quiz</h1>');
    expect(html).toContain(`<a href="/deployed-app/${appId}">Open app</a>`);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('/assets/main.js');
  });

  it('tells the sites allowed to frame an embeddable deployed app', async () => {
    const appId = await publicApp();
    await backend.db.query(`update public."App" set embed_enabled = true, embed_origins = '{https://blog.example.com}' where id = $1`, [appId]);
    const response = await ask(backend, `path=/deployed-app/${appId}&entry=visitor.html`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-appforge-frame-ancestors')).toBe('https://blog.example.com');
  });

  it('serves a private or unknown page as the generic page with noindex, telling nothing about it', async () => {
    const { appId } = await seedApp(backend, owner.id, { visibility: 'allowed_users' });
    await backend.db.query(`update public."App" set name = 'Secret plans' where id = $1`, [appId]);
    for (const id of [appId, '00000000-0000-4000-8000-000000000000']) {
      const html = await (await ask(backend, `path=/deployed-app/${id}`)).text();
      expect(html).toContain('<title>Appforge</title>');
      expect(html).toContain('<meta name="robots" content="noindex" />');
      expect(html).not.toContain('Secret plans');
    }
  });

  it('answers robots.txt and a sitemap of the host\'s public pages', async () => {
    const appId = await publicApp();
    const robots = await ask(backend, 'path=/robots.txt');
    expect(robots.status).toBe(200);
    expect(await robots.text()).toContain('Sitemap: https://appforge.example/sitemap.xml');
    const sitemap = await ask(backend, 'path=/sitemap.xml');
    expect(sitemap.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(await sitemap.text()).toContain(`<loc>https://appforge.example/deployed-app/${appId}</loc>`);
    // A host nobody verified lists nothing of the platform's.
    expect(await (await ask(backend, 'path=/sitemap.xml', 'stranger.example')).text()).not.toContain(appId);
  });

  it.each([
    ['an entry file that is not one of the web app\'s', 'path=/deployed-app/00000000-0000-4000-8000-000000000000&entry=secret.txt', 400],
    ['a path climbing out of the web root', 'path=/deployed-app/00000000-0000-4000-8000-000000000000&entry=../../etc/passwd', 400],
    ['no path', 'entry=index.html', 400],
    ['a path that is not a shared page', 'path=/settings', 404],
  ])('refuses %s', async (_title, query, status) => {
    const response = await ask(backend, query);
    expect(response.status).toBe(status);
    const body = (await response.json()) as { code: string; message: string };
    expect(body.message).not.toBe('');
    expect(await response.text().catch(() => '')).not.toContain('not for visitors');
  });

  it('refuses a host header that is not a host name, and methods other than GET', async () => {
    expect((await ask(backend, 'path=/robots.txt', 'evil.example/"><script>')).status).toBe(400);
    expect((await ask(backend, 'path=/robots.txt', 'appforge.example', { method: 'POST' })).status).toBe(405);
  });

  it('answers 404 without WEB_ROOT, so Caddy serves the plain file, still with the framing sites', async () => {
    const someone = await signedIn(bare);
    const { appId } = await seedApp(bare, someone.id);
    await bare.db.query(`update public."App" set embed_enabled = true, embed_origins = '{https://blog.example.com}' where id = $1`, [appId]);
    const response = await ask(bare, `path=/deployed-app/${appId}`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { code: string }).code).toBe('no_web_root');
    // The sites that may frame it still come back, so the plain page can be embedded as before.
    expect(response.headers.get('x-appforge-frame-ancestors')).toBe('https://blog.example.com');
  });
});
