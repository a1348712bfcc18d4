// First: zod must not probe eval under the pages' CSP (see zod-jitless.ts).
import './zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { preloadSignInScreen } from '@appforge/auth';
import '@appforge/ui/styles.css';
import '@appforge/auth/styles.css';
import '@appforge/builder/styles.css';
import '@appforge/databases/styles.css';
import '@appforge/apis/styles.css';
import '@appforge/bundles/styles.css';
import '@appforge/domains/styles.css';
import '@appforge/app-tests/styles.css';
import '@appforge/teacher/styles.css';
import '@appforge/run-view/styles.css';
import '@appforge/visitor/styles.css';
import './styles.css';
import { loadAppforgeClient, loadAuthLiteClient } from './app/access-gate/load-client';
import { App } from './app/App';
import { ConfigProblem, formatConfigProblem } from './app/ConfigProblem';
import { env } from './env';
import { hasStoredSession, safeLocalStorage } from './lib/stored-session';
import { reportError } from './lib/report-error';
import { telemetry } from './lib/telemetry';

/**
 * Starts the creator shell in `container`: index.html's entry, and the light visitor entry's
 * fallback (visitor-main.tsx) when a page needs the full app.
 */
export function bootShell(container: HTMLElement): void {
  window.addEventListener('error', (event) => reportError(event.error ?? event.message, { source: 'window.onerror' }));
  window.addEventListener('unhandledrejection', (event) => reportError(event.reason, { source: 'unhandledrejection' }));

  const root = createRoot(container, {
    // Errors inside routes are reported by the route error page; this catches the rest.
    onUncaughtError: (error, info) => reportError(error, { componentStack: info.componentStack }),
  });

  if (env.ok) {
    // Most first visits are signed out: they need the sign-in screen and the light sign-in client
    // only (supabase-js loads after sign-in). With a stored session, the full client at once.
    if (hasStoredSession(safeLocalStorage())) {
      void loadAppforgeClient(env.env);
    } else {
      preloadSignInScreen();
      void loadAuthLiteClient(env.env);
    }
    // The router asks for the gate on its first render; asking now saves a round trip.
    void import('./app/access-gate/GatedRoot');
    telemetry.start();
    root.render(
      <StrictMode>
        <App env={env.env} />
      </StrictMode>,
    );
  } else {
    console.error(formatConfigProblem(env.issues));
    root.render(<ConfigProblem issues={env.issues} />);
  }
}
