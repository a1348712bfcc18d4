// Issue 28: the light visitor entry (visitor.html). A signed-out visitor's deployed app — at
// /deployed-app/:id, or at a custom domain's root — landing page (/landing-page/:id) and public
// bundle page (/bundle/:id), with React, the visitor's components and a fetch-only client: no
// router, no creator shell, no TanStack Query, no supabase-js. Each page is a chunk of its own,
// loaded for its address only (scripts/size.mjs budgets each first load). Anything else loads the
// full shell in place (boot-shell.tsx), which handles every page.
import { StrictMode } from 'react';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { createVisitorLiteClient } from '@appforge/sdk/visitor-lite';
import type { VisitorLiteClient } from '@appforge/sdk/visitor-lite';
import '@appforge/ui/styles.css';
import '@appforge/run-view/styles.css';
import '@appforge/visitor/styles.css';
import './styles.css';
import { env, imageTransformationsOf } from './env';
import { hasStoredSession, safeLocalStorage } from './lib/stored-session';
import { visitorPageOf } from './visitor/visitor-page';

const container = document.getElementById('root');
if (container === null) throw new Error('visitor.html has no <div id="root">.');
const rootElement: HTMLElement = container;

let lightRoot: Root | null = null;

/** Replaces the light page with the creator shell, at the same address. */
function loadFullApp(): void {
  lightRoot?.unmount();
  lightRoot = null;
  void import('./boot-shell').then(({ bootShell }) => bootShell(rootElement));
}

/** Renders a light page. The page's one main landmark, as the shell's bare layout gives its pages (axe: landmark-one-main). */
function renderLight(page: ReactNode): void {
  lightRoot = createRoot(rootElement);
  lightRoot.render(
    <StrictMode>
      <main id="main">{page}</main>
    </StrictMode>,
  );
}

// Each light page's chunk; a chunk that cannot be loaded (a new deploy, the network) leaves it to the shell.
const loadDeployedApp = () => import('@appforge/visitor/light');

function renderDeployedApp(client: VisitorLiteClient, appId: string, returnPath?: string, chunk = loadDeployedApp()): void {
  chunk.then(
    ({ LightDeployedApp }) =>
      renderLight(<LightDeployedApp client={client} appId={appId} returnPath={returnPath} onNeedsFullApp={loadFullApp} />),
    loadFullApp,
  );
}

function renderLandingPage(client: VisitorLiteClient, appId: string): void {
  import('@appforge/visitor/light/landing').then(
    ({ LightLandingPage }) => renderLight(<LightLandingPage client={client} appId={appId} onNeedsFullApp={loadFullApp} />),
    loadFullApp,
  );
}

function renderBundlePage(client: VisitorLiteClient, bundleId: string): void {
  import('@appforge/visitor/light/bundle').then(
    ({ LightBundlePage }) => renderLight(<LightBundlePage client={client} bundleId={bundleId} onNeedsFullApp={loadFullApp} />),
    loadFullApp,
  );
}

function start(): void {
  // A configuration problem is shown by the shell, with every variable by name.
  if (!env.ok) return loadFullApp();
  const page = visitorPageOf({
    location: window.location,
    hosts: { appHost: env.env.VITE_APP_HOST, schoolsHost: env.env.VITE_SCHOOLS_HOST },
    storedSession: hasStoredSession(safeLocalStorage()),
  });
  if (page.kind === 'full-app') return loadFullApp();
  const client = createVisitorLiteClient({
    url: env.env.VITE_SUPABASE_URL,
    anonKey: env.env.VITE_SUPABASE_ANON_KEY,
    imageTransformations: imageTransformationsOf(env.env),
  });
  if (page.kind === 'deployed-app') return renderDeployedApp(client, page.appId);
  if (page.kind === 'landing-page') return renderLandingPage(client, page.appId);
  if (page.kind === 'bundle') return renderBundlePage(client, page.bundleId);
  // A custom domain shows its target at `/`: the address bar never turns into /deployed-app/<id>
  // there, and the target's own address (where a sign-in returns) goes back to `/`.
  const { appId } = page;
  // Fetched while the domain is looked up: the target shown is most often a deployed app.
  const chunk = page.light ? loadDeployedApp() : undefined;
  chunk?.catch(() => undefined);
  client.customDomains.lookup(window.location.hostname).then(
    (target) => {
      const shown = target?.is_app && !target.is_landing_page && !target.is_bundle ? target.app_id : null;
      if (appId !== undefined) {
        if (shown !== appId) return renderDeployedApp(client, appId, undefined, chunk);
        window.history.replaceState(window.history.state, '', `/${window.location.search}${window.location.hash}`);
      }
      // The shell shows the other targets (and a paywall, a signed-in visitor) at `/` too (AccessGate).
      if (page.light && shown) renderDeployedApp(client, shown, '/', chunk);
      else loadFullApp();
    },
    () => (appId === undefined ? loadFullApp() : renderDeployedApp(client, appId, undefined, chunk)),
  );
}

start();
