import { AppShell } from '@appforge/ui';
import type { AppShellLinkProps, AppShellNavItem } from '@appforge/ui';
import { Link, Outlet, ScrollRestoration, useLocation, useMatches, useNavigation } from 'react-router';
import { isNavEntryActive } from './compose-routes';
import { navEntries } from './feature-routes';
import { ThemeSelect } from './ThemeSelect';

/** A thin bar while the next page's code or data loads; announced to screen readers. */
function PendingIndicator() {
  const navigation = useNavigation();
  const pending = navigation.state !== 'idle';
  return (
    <div className="shell-pending" data-pending={pending} role="status" aria-live="polite">
      {pending ? <span className="af-visually-hidden">Loading page…</span> : null}
    </div>
  );
}

function RouterLink(_item: AppShellNavItem, { href, children, ...props }: AppShellLinkProps) {
  return (
    <Link to={href} {...props}>
      {children}
    </Link>
  );
}

export const MAIN_ID = 'main';

/** True when the page asks for no Appforge navigation (`handle: { layout: 'bare' }`), e.g. a deployed app. */
function useBareLayout(): boolean {
  return useMatches().some((match) => {
    const handle: unknown = match.handle;
    return typeof handle === 'object' && handle !== null && 'layout' in handle && handle.layout === 'bare';
  });
}

export function RootLayout() {
  const { pathname } = useLocation();
  const bare = useBareLayout();
  if (bare) {
    return (
      <>
        <main id={MAIN_ID} className="shell-bare">
          <PendingIndicator />
          <Outlet />
        </main>
        <ScrollRestoration />
      </>
    );
  }
  const navItems: AppShellNavItem[] = navEntries.map((entry) => ({
    href: entry.href,
    label: entry.label,
    active: isNavEntryActive(entry, pathname),
  }));
  return (
    <>
      <AppShell
        // The brand sits in its own navigation landmark: AppShell's sidebar is not a landmark,
        // and axe's "region" rule wants all content inside one.
        brand={
          <nav aria-label="Appforge">
            <Link to="/" className="shell-brand">
              Appforge
            </Link>
          </nav>
        }
        navItems={navItems}
        renderLink={RouterLink}
        mainId={MAIN_ID}
        topBar={
          <div className="shell-topbar">
            <PendingIndicator />
            <ThemeSelect />
          </div>
        }
      >
        <Outlet />
      </AppShell>
      <ScrollRestoration />
    </>
  );
}
