// Issue 28, "Pages that preview when shared", through `vite preview` for real: a built index.html
// served over loopback HTTP by the plugin vite.config.ts uses, against a real backend asked
// without a session. What a chat app's or a search engine's crawler sees, without JavaScript.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setupAppforgeBackend } from '@appforge/test-backend';
import { preview } from 'vite';
import type { PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlFileFor, platformHostsFromEnv } from './html-entry';
import { securityHeadersPlugin } from './vite-security-headers';
import { sharePagePlugin } from './vite-share-page';

const backend = setupAppforgeBackend();
const BUILT = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Appforge</title>
    <meta name="description" content="Describe an AI app in plain words, get it built, refine it and publish it." />
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
const spec = {
  entryStepId: 'ask',
  steps: [
    { id: 'ask', kind: 'input', title: 'Ask', config: { fields: [{ type: 'text', name: 'topic', label: 'Topic', required: true }] } },
    { id: 'show', kind: 'output', title: 'Result', config: { template: '{{topic}}' } },
  ],
};

let dir: string;
let server: PreviewServer;
let port: number;
let ownerId: string;

/** GET over loopback HTTP with the Host a visitor's browser would send (curl sends Accept: *\/*). */
function get(host: string, path: string, options: { accept?: string; port?: number } = {}): Promise<{ status: number; type: string; body: string }> {
  return new Promise((done, fail) => {
    const headers = { host, accept: options.accept ?? 'text/html' };
    const req = request({ host: '127.0.0.1', port: options.port ?? port, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body }));
    });
    req.on('error', fail);
    req.end();
  });
}

/** The document as parsed with scripts off. */
function page(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}
const meta = (doc: Document, key: string) => doc.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content') ?? null;

async function app(options: { name: string; visibility?: string; deployed?: boolean }): Promise<string> {
  const { admin } = backend();
  const created = await admin
    .from('App')
    .insert({
      owner_id: ownerId,
      name: options.name,
      description: 'Ten questions on irregular verbs.',
      icon_path: `${ownerId}/quiz/icon.png`,
      visibility: options.visibility ?? 'public',
      price: { kind: 'one_time', amount_cents: 499, currency: 'EUR' },
    })
    .select('id')
    .single();
  if (created.error) throw created.error;
  if (options.deployed === false) return created.data.id;
  const version = await admin.from('AppVersion').insert({ app_id: created.data.id, spec, frozen: true, created_by: ownerId }).select('id').single();
  if (version.error) throw version.error;
  const deployed = await admin.from('App').update({ draft_version_id: version.data.id, deployed_version_id: version.data.id }).eq('id', created.data.id);
  if (deployed.error) throw deployed.error;
  return created.data.id;
}

beforeAll(async () => {
  ownerId = (await backend().signedInUser('creator')).id;
  dir = await mkdtemp(join(tmpdir(), 'appforge-share-'));
  await mkdir(join(dir, 'dist'));
  await writeFile(join(dir, 'dist', 'index.html'), BUILT);
  const env = { VITE_SUPABASE_URL: backend().url, VITE_SUPABASE_ANON_KEY: backend().anonKey };
  server = await preview({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    plugins: [sharePagePlugin({ env })],
    preview: { port: 0, host: '127.0.0.1', allowedHosts: ['.localhost'] },
  });
  port = (server.httpServer.address() as AddressInfo).port;
});
afterAll(async () => {
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('pages that preview when shared, served by vite preview (issue 28)', () => {
  it('a landing page arrives with its title, description, icon, price and Open link, without JavaScript', async () => {
    const appId = await app({ name: 'Spanish quiz' });
    const answer = await get('localhost', `/landing-page/${appId}`);
    expect(answer.status).toBe(200);
    expect(answer.type).toContain('text/html');
    const doc = page(answer.body);
    expect(doc.title).toBe('Spanish quiz');
    expect(meta(doc, 'description')).toBe('Ten questions on irregular verbs.');
    expect(meta(doc, 'og:title')).toBe('Spanish quiz');
    expect(meta(doc, 'og:image')).toBe(`${backend().url}/storage/v1/object/public/app-icons/${ownerId}/quiz/icon.png`);
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`http://localhost/landing-page/${appId}`);
    expect(meta(doc, 'robots')).toBeNull();
    const data = JSON.parse(doc.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}') as Record<string, unknown>;
    expect(data).toMatchObject({ '@type': 'SoftwareApplication', offers: { price: '4.99', priceCurrency: 'EUR' } });
    const root = doc.getElementById('root');
    expect(root?.querySelector('h1')?.textContent).toBe('Spanish quiz');
    expect(root?.textContent).toContain('€4.99, one-time payment');
    expect(root?.querySelector('a')?.getAttribute('href')).toBe(`/deployed-app/${appId}`);
    // The app's own script still loads and takes over.
    expect(doc.querySelector('script[src="/assets/index-abc.js"]')).not.toBeNull();
  });

  it('the deployed app previews too; a hostile name comes out as text, not markup', async () => {
    const appId = await app({ name: '</title><script>alert(1)</script>' });
    const answer = await get('localhost', `/deployed-app/${appId}`);
    expect(answer.body).not.toContain('<script>alert(1)');
    const doc = page(answer.body);
    expect(doc.title).toBe('</title><script>alert(1)</script>');
    expect([...doc.querySelectorAll('script')].map((script) => script.getAttribute('type'))).toEqual(['module', 'application/ld+json']);
  });

  it('a private app, a draft and an unknown id get the generic page with noindex, telling nothing', async () => {
    const members = await app({ name: 'Members only plans', visibility: 'signed_in' });
    const draft = await app({ name: 'Unfinished draft', deployed: false });
    for (const path of [`/landing-page/${members}`, `/deployed-app/${draft}`, `/bundle/${crypto.randomUUID()}`]) {
      const answer = await get('localhost', path);
      expect(answer.status, path).toBe(200);
      const doc = page(answer.body);
      expect(doc.title).toBe('Appforge');
      expect(meta(doc, 'robots')).toBe('noindex');
      expect(answer.body).not.toMatch(/Members only plans|Unfinished draft/);
    }
  });

  it('robots.txt and sitemap.xml are per host: the platform lists public pages, never private ones; a custom domain only its target', async () => {
    const listed = await app({ name: 'Listed quiz' });
    const hidden = await app({ name: 'Hidden quiz', visibility: 'unlisted' });
    const robots = await get('quiz.localhost:4173', '/robots.txt');
    expect(robots.type).toContain('text/plain');
    expect(robots.body).toContain('Sitemap: http://quiz.localhost:4173/sitemap.xml');
    const sitemap = await get('localhost', '/sitemap.xml');
    expect(sitemap.type).toContain('application/xml');
    expect(sitemap.body).toContain(`<loc>http://localhost/landing-page/${listed}</loc>`);
    expect(sitemap.body).not.toContain(hidden);

    const host = `quiz-${listed.slice(0, 8)}.localhost`;
    const { admin } = backend();
    const domain = await admin.from('CustomDomain').insert({ value: host, app_id: listed, is_landing_page: true, owner_id: ownerId, status: 'verified' });
    expect(domain.error).toBeNull();
    const own = await get(host, '/sitemap.xml');
    expect([...own.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1])).toEqual([`http://${host}/landing-page/${listed}`]);
  });
});

describe('the share tags go into the page html-entry.ts serves: the light visitor entry for visitor pages (issue 28)', () => {
  const VISITOR = BUILT.replace('/assets/index-abc.js', '/assets/visitor-xyz.js');
  let both: PreviewServer;
  let bothPort: number;
  let bothDir: string;

  beforeAll(async () => {
    bothDir = await mkdtemp(join(tmpdir(), 'appforge-share-visitor-'));
    await mkdir(join(bothDir, 'dist'));
    await writeFile(join(bothDir, 'dist', 'index.html'), BUILT);
    await writeFile(join(bothDir, 'dist', 'visitor.html'), VISITOR);
    const env = { VITE_SUPABASE_URL: backend().url, VITE_SUPABASE_ANON_KEY: backend().anonKey };
    const platform = platformHostsFromEnv(env);
    // The plugins as vite.config.ts lists them.
    both = await preview({
      root: bothDir,
      configFile: false,
      logLevel: 'silent',
      plugins: [securityHeadersPlugin({ env }), sharePagePlugin({ env, entryFor: (path, host) => htmlFileFor(host, path, platform) })],
      preview: { port: 0, host: '127.0.0.1', allowedHosts: ['.localhost'] },
    });
    bothPort = (both.httpServer.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await both?.close();
    if (bothDir) await rm(bothDir, { recursive: true, force: true });
  });

  it('a browser and curl both get the deployed app and landing page as the light entry, with their title and card tags', async () => {
    const appId = await app({ name: 'Light quiz' });
    for (const accept of ['text/html,application/xhtml+xml', '*/*']) {
      for (const path of [`/deployed-app/${appId}`, `/landing-page/${appId}`]) {
        const answer = await get('localhost', path, { accept, port: bothPort });
        expect(answer.status, `${path} (${accept})`).toBe(200);
        const doc = page(answer.body);
        expect(doc.title, `${path} (${accept})`).toBe('Light quiz');
        expect(meta(doc, 'og:title')).toBe('Light quiz');
        expect(doc.querySelector('script[src="/assets/visitor-xyz.js"]'), `${path} (${accept})`).not.toBeNull();
        expect(doc.querySelector('script[src="/assets/index-abc.js"]')).toBeNull();
      }
    }
  });

  it('the creator shell keeps index.html; on a custom domain the deployed app is the light entry and platform pages are 404', async () => {
    const appId = await app({ name: 'Domain quiz' });
    const shell = await get('localhost', '/home', { port: bothPort });
    expect(page(shell.body).querySelector('script[src="/assets/index-abc.js"]')).not.toBeNull();

    const host = `light-${appId.slice(0, 8)}.localhost`;
    const domain = await backend().admin.from('CustomDomain').insert({ value: host, app_id: appId, is_app: true, owner_id: ownerId, status: 'verified' });
    expect(domain.error).toBeNull();
    const onDomain = await get(host, `/deployed-app/${appId}`, { port: bothPort });
    const doc = page(onDomain.body);
    expect(doc.title).toBe('Domain quiz');
    expect(doc.querySelector('script[src="/assets/visitor-xyz.js"]')).not.toBeNull();
    expect((await get(host, '/databases', { port: bothPort })).status).toBe(404);
  });
});
