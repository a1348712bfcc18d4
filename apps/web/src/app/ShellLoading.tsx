import { FullScreenSpinner } from '@appforge/ui';

/** Shown while the first page's code downloads (react-router's HydrateFallback). */
export function ShellLoading() {
  return (
    <main>
      <FullScreenSpinner label="Loading Appforge" showLabel />
    </main>
  );
}
