// deploy/Caddyfile for real (issue 18): Debian's caddy with its internal CA on loopback ports, in
// front of the real backend. A verified *.localhost custom domain gets a certificate (valid for
// its name under Caddy's root) and the web app; a host that is not verified gets no certificate.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:https';
import { connect, createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { connect as tlsConnect } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, seedApp, signedIn } from '../functions-ai/helpers.js';
import { startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';

/** Debian's caddy (scripts/bootstrap.mjs installs it for the tests). */
const CADDY = '/usr/bin/caddy';
const CADDYFILE = resolve(import.meta.dirname, '../../../../deploy/Caddyfile');
const MARKER = 'Appforge web app (Caddy test)';
/** Issue 28: the light visitor entry, served for visitor pages and a custom domain's root. */
const VISITOR_MARKER = 'Appforge visitor entry (Caddy test)';

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => done(port));
    });
  });
}

async function waitForPort(port: number, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((done) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        done(true);
      });
      socket.once('error', () => done(false));
    });
    if (open) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`Caddy did not listen on ${port}`);
}

/** GET over TLS to Caddy, sending `host` as the server name; the certificate must chain to `ca`. */
function httpsGet(port: number, host: string, path: string, ca: string): Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((done, fail) => {
    const req = request({ host: '127.0.0.1', port, path, servername: host, headers: { host }, ca, timeout: 10_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', fail);
    req.end();
  });
}

/** A bare TLS handshake: the certificate's subject names, or the handshake's error. */
function handshake(port: number, host: string, ca: string): Promise<{ ok: true; altNames: string } | { ok: false; error: string }> {
  return new Promise((done) => {
    const socket = tlsConnect({ host: '127.0.0.1', port, servername: host, ca, timeout: 10_000 }, () => {
      const altNames = socket.getPeerCertificate().subjectaltname ?? '';
      socket.end();
      done({ ok: true, altNames });
    });
    socket.on('error', (error) => done({ ok: false, error: error.message }));
    socket.on('timeout', () => {
      socket.destroy();
      done({ ok: false, error: 'timeout' });
    });
  });
}

describe('deploy/Caddyfile with on-demand TLS gated by domain-allowed', () => {
  let backend: TestBackend;
  let caddy: ChildProcess | undefined;
  let dir: string;
  let httpsPort: number;
  let rootCa: string;
  let caddyLog = '';
  const verifiedHost = `quiz-${process.pid}.localhost`;

  beforeAll(async () => {
    if (!existsSync(CADDY)) throw new Error(`Caddy is missing at ${CADDY}: run node scripts/bootstrap.mjs --tests (apt-get install caddy)`);
    dir = await mkdtemp(join(tmpdir(), 'appforge-caddy-'));
    await writeFile(join(dir, 'index.html'), `<!doctype html><html><head><title>Appforge</title></head><body><div id="root">${MARKER}</div></body></html>`);
    await writeFile(join(dir, 'visitor.html'), `<!doctype html><html><head><title>Appforge</title></head><body><div id="root">${VISITOR_MARKER}</div></body></html>`);
    // The backend reads the same web root: its share-page function puts each shared page's tags in.
    backend = await startTestBackend({ env: { DOMAIN_RECHECK_INTERVAL_MS: '0', WEB_ROOT: dir } });
    const owner = await signedIn(backend);
    const appId = crypto.randomUUID();
    await backend.db.query(`insert into public."App" (id, owner_id, name) values ($1, $2, 'Quiz')`, [appId, owner.id]);
    const added = await callFunction(backend, 'manage-domain', { action: 'add', host: verifiedHost, target: { kind: 'app', app_id: appId } }, owner.token);
    expect(added.status).toBe(201);

    const httpPort = await freePort();
    httpsPort = await freePort();
    const backendPort = new URL(backend.url).port;
    caddy = spawn(CADDY, ['run', '--config', CADDYFILE, '--adapter', 'caddyfile'], {
      env: {
        PATH: '/usr/bin:/bin',
        HOME: dir,
        XDG_DATA_HOME: join(dir, 'data'),
        XDG_CONFIG_HOME: join(dir, 'config'),
        CADDY_GLOBAL_OPTIONS: 'local_certs\n\tskip_install_trust\n\tadmin off\n\tdefault_bind 127.0.0.1',
        HTTP_PORT: String(httpPort),
        HTTPS_PORT: String(httpsPort),
        APP_HOST: 'localhost',
        SCHOOLS_HOST: 'schools.localhost',
        DOMAIN_ALLOWED_URL: `${backend.url}/functions/v1/domain-allowed`,
        BACKEND_UPSTREAM: `127.0.0.1:${backendPort}`,
        WEB_ROOT: dir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    caddy.stdout?.on('data', (chunk: Buffer) => (caddyLog += chunk.toString()));
    caddy.stderr?.on('data', (chunk: Buffer) => (caddyLog += chunk.toString()));
    const deadline = Date.now() + 20_000;
    await waitForPort(httpsPort, deadline).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${caddyLog}`);
    });
    const rootPath = join(dir, 'data', 'caddy', 'pki', 'authorities', 'local', 'root.crt');
    while (!existsSync(rootPath) && Date.now() < deadline) await new Promise((done) => setTimeout(done, 100));
    rootCa = await readFile(rootPath, 'utf8');
  }, 180_000);

  afterAll(async () => {
    if (caddy && caddy.exitCode === null) {
      const exited = new Promise((done) => caddy?.once('exit', done));
      caddy.kill('SIGTERM');
      await Promise.race([exited, new Promise((done) => setTimeout(done, 5000))]);
      if (caddy.exitCode === null) caddy.kill('SIGKILL');
    }
    await backend?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('a verified custom domain gets a certificate for its name on its first visit, the web app at / and the API on the same origin', async () => {
    const shake = await handshake(httpsPort, verifiedHost, rootCa);
    expect(shake).toEqual({ ok: true, altNames: `DNS:${verifiedHost}` });
    const page = await httpsGet(httpsPort, verifiedHost, '/', rootCa);
    expect(page.status).toBe(200);
    // Issue 28: the domain's target at its root, through the light visitor entry.
    expect(page.body).toContain(VISITOR_MARKER);
    expect((await httpsGet(httpsPort, verifiedHost, `/deployed-app/${crypto.randomUUID()}`, rootCa)).body).toContain(VISITOR_MARKER);
    // Signing in on this host goes through the shell; the platform's other pages do not exist here.
    expect((await httpsGet(httpsPort, verifiedHost, '/sign-in', rootCa)).body).toContain(MARKER);
    const platformPage = await httpsGet(httpsPort, verifiedHost, '/my-apps', rootCa);
    expect(platformPage.status).toBe(404);
    expect(platformPage.body).not.toContain(MARKER);
    const api = await httpsGet(httpsPort, verifiedHost, `/functions/v1/domain-allowed?domain=${verifiedHost}`, rootCa);
    expect({ status: api.status, body: api.body }).toEqual({ status: 200, body: JSON.stringify({ allowed: true }) });
  }, 30_000);

  it('a host that is not verified gets no certificate at all', async () => {
    const stranger = `stranger-${process.pid}.localhost`;
    const shake = await handshake(httpsPort, stranger, rootCa);
    expect(shake.ok).toBe(false);
    // Caddy keeps every certificate it obtained under its storage: none was made for this name.
    expect(existsSync(join(dir, 'data', 'caddy', 'certificates', 'local', stranger))).toBe(false);
    expect(existsSync(join(dir, 'data', 'caddy', 'certificates', 'local', verifiedHost))).toBe(true);
  }, 30_000);

  it('the main host is served with its own certificate', async () => {
    const page = await httpsGet(httpsPort, 'localhost', '/', rootCa);
    expect(page.status).toBe(200);
    expect(page.body).toContain(MARKER);
  }, 30_000);

  it('every page carries the security headers (issue 26): a CSP without inline script, frame-ancestors none, nosniff, Referrer-Policy, Permissions-Policy', async () => {
    for (const [host, path] of [
      ['localhost', '/'],
      ['localhost', '/settings'],
      ['localhost', `/deployed-app/${crypto.randomUUID()}`],
      ['schools.localhost', '/teacher-portal'],
      [verifiedHost, '/'],
      [verifiedHost, `/deployed-app/${crypto.randomUUID()}`],
    ] as const) {
      const page = await httpsGet(httpsPort, host, path, rootCa);
      expect(page.status, `${host}${path}`).toBe(200);
      const csp = String(page.headers['content-security-policy'] ?? '');
      const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(scriptSrc, `${host}${path}`).toBe("'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      // The browser may talk to the API on the main host (and its websockets) from any host.
      expect(csp).toMatch(/connect-src [^;]*https:\/\/localhost [^;]*wss:\/\/localhost/);
      expect(csp).not.toContain('unsafe-eval');
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      expect(page.headers['x-frame-options']).toBe('DENY');
      expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(String(page.headers['permissions-policy'])).toContain('camera=()');
    }
  }, 30_000);

  it('a deployed app may be framed by the https sites its owner listed, and by nobody once embedding is off (issue 28)', async () => {
    const owner = await signedIn(backend);
    const { appId } = await seedApp(backend, owner.id);
    const { error } = await owner.client
      .from('App')
      .update({ embed_enabled: true, embed_origins: ['https://blog.example.com', 'https://*.school.example', 'http://localhost:4173'] })
      .eq('id', appId);
    expect(error).toBeNull();
    for (const host of ['localhost', verifiedHost]) {
      const page = await httpsGet(httpsPort, host, `/deployed-app/${appId}`, rootCa);
      expect(page.status, host).toBe(200);
      expect(page.body).toContain(VISITOR_MARKER);
      const csp = String(page.headers['content-security-policy'] ?? '');
      // Only the https sites: production never lets plain http frame an app.
      expect(csp, host).toContain('frame-ancestors https://blog.example.com https://*.school.example');
      expect(csp).not.toContain('http://localhost:4173');
      expect(/(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1]).toBe("'self'");
      expect(page.headers['x-frame-options']).toBeUndefined();
      expect(page.headers['x-appforge-frame-ancestors']).toBeUndefined();
      expect(page.headers['x-content-type-options']).toBe('nosniff');
    }
    // Another app's page, and every other page, stay unframeable.
    const other = await httpsGet(httpsPort, 'localhost', `/deployed-app/${crypto.randomUUID()}`, rootCa);
    expect(String(other.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(other.headers['x-frame-options']).toBe('DENY');
    await owner.client.from('App').update({ embed_enabled: false }).eq('id', appId);
    const off = await httpsGet(httpsPort, 'localhost', `/deployed-app/${appId}`, rootCa);
    expect(off.body).toContain(VISITOR_MARKER);
    expect(String(off.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(off.headers['x-frame-options']).toBe('DENY');
  }, 30_000);

  it('a shared page arrives with its title and canonical URL on the host it was opened on, and each host has robots.txt and a sitemap (issue 28)', async () => {
    const owner = await signedIn(backend);
    const { appId } = await seedApp(backend, owner.id);
    for (const host of ['localhost', verifiedHost]) {
      const page = await httpsGet(httpsPort, host, `/deployed-app/${appId}`, rootCa);
      expect(page.status, host).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain('<title>Topic explainer</title>');
      expect(page.body).toContain(`<link rel="canonical" href="https://${host}/deployed-app/${appId}" />`);
      expect(page.body).toContain(VISITOR_MARKER);
      expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      const robots = await httpsGet(httpsPort, host, '/robots.txt', rootCa);
      expect(robots.body).toContain(`Sitemap: https://${host}/sitemap.xml`);
    }
    const sitemap = await httpsGet(httpsPort, 'localhost', '/sitemap.xml', rootCa);
    expect(sitemap.body).toContain(`<loc>https://localhost/deployed-app/${appId}</loc>`);
    // The custom domain lists only its own target, never the platform's other apps.
    expect((await httpsGet(httpsPort, verifiedHost, '/sitemap.xml', rootCa)).body).not.toContain(appId);
  }, 30_000);
});
