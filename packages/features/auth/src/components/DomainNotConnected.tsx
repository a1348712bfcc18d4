import { PageTitle } from '@appforge/ui';

/** A custom domain that no verified CustomDomain row points at (PRODUCT.md §1). */
export function DomainNotConnected({ host }: { host: string }) {
  const tabTitle = <PageTitle title="Domain not connected" product={false} />;
  return (
    <>
      {tabTitle}
      <main className="auth-message-screen" id="main">
        <div className="auth-message-card">
          <h1 className="auth-message-title">This domain is not connected to an app</h1>
          <p>
            <code>{host}</code> does not point at an Appforge app, landing page or bundle yet. If it is yours, connect it
            in the app&apos;s or bundle&apos;s custom-domain settings.
          </p>
        </div>
      </main>
    </>
  );
}
