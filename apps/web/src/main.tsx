import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@appforge/ui/styles.css';
import './styles.css';
import { App } from './app/App';
import { ConfigProblem, formatConfigProblem } from './app/ConfigProblem';
import { env } from './env';
import { reportError } from './lib/report-error';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no <div id="root">.');

window.addEventListener('error', (event) => reportError(event.error ?? event.message, { source: 'window.onerror' }));
window.addEventListener('unhandledrejection', (event) => reportError(event.reason, { source: 'unhandledrejection' }));

const root = createRoot(container, {
  // Errors inside routes are reported by the route error page; this catches the rest.
  onUncaughtError: (error, info) => reportError(error, { componentStack: info.componentStack }),
});

if (env.ok) {
  root.render(
    <StrictMode>
      <App env={env.env} />
    </StrictMode>,
  );
} else {
  console.error(formatConfigProblem(env.issues));
  root.render(<ConfigProblem issues={env.issues} />);
}
