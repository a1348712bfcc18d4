import { Button, FullScreenSpinner } from '@appforge/ui';

/** The full-screen spinner while the session or an access check is pending. */
export function Checking() {
  return (
    <main id="main">
      <FullScreenSpinner label="Checking access" />
    </main>
  );
}

export function CheckFailed({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <main className="shell-page shell-standalone" id="main">
      <h1>{title}</h1>
      <p>Appforge could not reach its server. Check your connection and try again.</p>
      <div className="shell-actions">
        <Button onClick={onRetry}>Try again</Button>
      </div>
    </main>
  );
}

/** While a backend client's code downloads. */
export function LoadingClient() {
  return (
    <main>
      <FullScreenSpinner label="Loading Appforge" />
    </main>
  );
}

/** A backend client's code could not be downloaded. */
export function ClientFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <main className="shell-page shell-standalone" id="main">
      <h1>Appforge could not start</h1>
      <p>Part of the app could not be downloaded. Check your connection and try again.</p>
      <Button onClick={onRetry}>Try again</Button>
    </main>
  );
}
