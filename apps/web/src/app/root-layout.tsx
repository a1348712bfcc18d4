import { useSchoolInfo, useSession } from '@appforge/sdk/react';
import { AppShell } from '@appforge/ui';
import type { AppShellLinkProps, AppShellNavItem, FeatureNavEntry } from '@appforge/ui';
import { use } from 'react';
import { Link, Outlet, ScrollRestoration, useLocation, useMatches, useNavigation } from 'react-router';
import { isNavEntryActive } from './compose-routes';
import type { HostKind } from './access-gate/access-rules';
import { SidebarAccount } from './SidebarAccount';
import { sidebarAudience, sidebarFor } from './sidebar';
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

let navEntries: Promise<FeatureNavEntry[]> | undefined;

/**
 * Starts downloading the sidebar's entries. They come with the features' barrels, and so with
 * their route tables: a page without the sidebar (a deployed app) never asks for them, and the
 * gate asks for them early on a page that needs a signed-in user (FullAccess).
 */
export function loadNavEntries(): Promise<FeatureNavEntry[]> {
  navEntries ??= import('./feature-nav').then(
    (module) => module.navEntries,
    (error: unknown) => {
      navEntries = undefined;
      throw error;
    },
  );
  return navEntries;
}

/** The sidebar's entries for whoever is signed in (their school roles decide; issue 27); none on a bare page. */
function useSidebarEntries(hostKind: HostKind, bare: boolean) {
  const { user } = useSession();
  const school = useSchoolInfo({ enabled: hostKind !== 'custom' });
  if (bare) return [];
  const roles = user !== null && school.isSuccess ? school.data : null;
  return sidebarFor(use(loadNavEntries()), sidebarAudience(hostKind, roles), hostKind, roles);
}

export function RootLayout({ hostKind = 'main' }: { hostKind?: HostKind }) {
  const { pathname } = useLocation();
  const bare = useBareLayout();
  const entries = useSidebarEntries(hostKind, bare);
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
  const navItems: AppShellNavItem[] = entries.map((entry) => ({
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
        sidebarFooter={<SidebarAccount />}
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
