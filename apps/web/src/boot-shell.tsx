// First: zod must not probe eval under the pages' CSP (see zod-jitless.ts).
import './zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LoadError } from '@appforge/ui';
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
import { ShellLoading } from './app/ShellLoading';
import { env } from './env';
import { hasStoredSession, safeLocalStorage } from './lib/stored-session';
import { reportError } from './lib/report-error';
import { telemetry } from './lib/telemetry';

/** The router's code could not be fetched (a dropped connection, or a deploy removed the old files). */
function ShellLoadFailed() {
  return (
    <main className="shell-page shell-standalone" id="main">
      <LoadError
        headingLevel={1}
        what="Appforge"
        message="Part of the page could not be downloaded. Check your connection, then reload the page."
        onRetry={() => window.location.reload()}
      />
    </main>
  );
}

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
    // The router (react-router's data router, ~30 KB gz) and the gate download together, after
    // React: every page needs both, and neither is worth holding React's start back for
    // (scripts/size.mjs, issue 28). The router asks for the gate on its first render; asking now
    // saves a round trip.
    const app = import('./app/App');
    void import('./app/access-gate/GatedRoot');
    telemetry.start();
    const config = env.env;
    root.render(<ShellLoading />);
    app.then(
      ({ App }) =>
        root.render(
          <StrictMode>
            <App env={config} />
          </StrictMode>,
        ),
      (error: unknown) => {
        reportError(error, { source: 'boot-shell' });
        root.render(<ShellLoadFailed />);
      },
    );
  } else {
    // The words for each variable load only here, when the configuration is wrong.
    const { issues } = env;
    import('./app/ConfigProblem').then(
      ({ ConfigProblem, formatConfigProblem }) => {
        console.error(formatConfigProblem(issues));
        root.render(<ConfigProblem issues={issues} />);
      },
      (error: unknown) => {
        reportError(error, { source: 'boot-shell' });
        root.render(<ShellLoadFailed />);
      },
    );
  }
}
