// Issue 28: the light visitor entry (visitor.html). A signed-out visitor's deployed app — at
// /deployed-app/:id, or at a custom domain's root — with React, the visitor's components and a
// fetch-only client: no router, no creator shell, no TanStack Query, no supabase-js. Anything
// else loads the full shell in place (boot-shell.tsx), which handles every page.
import { StrictMode, useCallback } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { createVisitorLiteClient } from '@appforge/sdk/visitor-lite';
import type { VisitorLiteClient } from '@appforge/sdk/visitor-lite';
import { LightDeployedApp } from '@appforge/visitor/light';
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

function LightApp({ client, appId, returnPath }: { client: VisitorLiteClient; appId: string; returnPath: string | undefined }) {
  const needsFullApp = useCallback(() => loadFullApp(), []);
  // The page's one main landmark, as the shell's bare layout gives its pages (axe: landmark-one-main).
  return (
    <main id="main">
      <LightDeployedApp client={client} appId={appId} returnPath={returnPath} onNeedsFullApp={needsFullApp} />
    </main>
  );
}

function renderLight(client: VisitorLiteClient, appId: string, returnPath?: string): void {
  lightRoot = createRoot(rootElement);
  lightRoot.render(
    <StrictMode>
      <LightApp client={client} appId={appId} returnPath={returnPath} />
    </StrictMode>,
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
  if (page.kind === 'deployed-app') return renderLight(client, page.appId);
  // A custom domain shows its target at `/`: the address bar never turns into /deployed-app/<id>
  // there, and the target's own address (where a sign-in returns) goes back to `/`.
  const { appId } = page;
  client.customDomains.lookup(window.location.hostname).then(
    (target) => {
      const shown = target?.is_app && !target.is_landing_page && !target.is_bundle ? target.app_id : null;
      if (appId !== undefined) {
        if (shown !== appId) return renderLight(client, appId);
        window.history.replaceState(window.history.state, '', `/${window.location.search}${window.location.hash}`);
      }
      // The shell shows the other targets (and a paywall, a signed-in visitor) at `/` too (AccessGate).
      if (page.light && shown) renderLight(client, shown, '/');
      else loadFullApp();
    },
    () => (appId === undefined ? loadFullApp() : renderLight(client, appId)),
  );
}

start();
