import { clsx } from 'clsx';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { IconButton } from './IconButton';
import { MenuIcon } from './icons';

export interface AppShellNavItem {
  href: string;
  label: ReactNode;
  /** Decorative icon (rendered aria-hidden). */
  icon?: ReactNode;
  /** The current page: highlighted and marked aria-current="page". */
  active?: boolean;
  /** Stable key; defaults to href. */
  id?: string;
}

/**
 * A feature's entry in the shell's sidebar. Each feature package exports `nav: FeatureNavEntry[]`
 * beside its `routes`; the shell sorts every feature's entries by `order` (Home 0, Settings 1000).
 */
export interface FeatureNavEntry {
  href: string;
  label: string;
  /** Position in the sidebar: lower comes first. */
  order: number;
  /** Path prefixes (besides `href` itself) on which this entry is the current page, e.g. ['/database/']. */
  activePrefixes?: readonly string[];
}

export interface AppShellLinkProps {
  href: string;
  className: string;
  'aria-current'?: 'page';
  onClick: () => void;
  children: ReactNode;
}

export interface AppShellProps {
  /** Logo or product name at the top of the sidebar and the narrow top bar. */
  brand: ReactNode;
  navItems: readonly AppShellNavItem[];
  /** Right-hand side of the top bar (account menu, actions…). */
  topBar?: ReactNode;
  /** Extra content at the bottom of the sidebar. */
  sidebarFooter?: ReactNode;
  children: ReactNode;
  /** Render nav links with your router's Link; defaults to a plain <a>. */
  renderLink?: (item: AppShellNavItem, props: AppShellLinkProps) => ReactNode;
  navLabel?: string;
  menuLabel?: string;
  skipLinkLabel?: string;
  /** Id of the <main> element the skip link jumps to. */
  mainId?: string;
  className?: string;
}

/**
 * The page frame: a skip link, a sidebar with the main navigation, a top bar and the content.
 * At 768px and narrower the sidebar folds away behind a menu button.
 */
export function AppShell({
  brand,
  navItems,
  topBar,
  sidebarFooter,
  children,
  renderLink,
  navLabel = 'Main',
  menuLabel = 'Menu',
  skipLinkLabel = 'Skip to content',
  mainId = 'af-main',
  className,
}: AppShellProps) {
  const [navOpen, setNavOpen] = useState(false);
  const navId = useId();
  const navRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!navOpen) return;
    // The drawer just opened from the menu button: move focus into it.
    navRef.current?.querySelector<HTMLElement>('a[href], button')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setNavOpen(false);
      menuButtonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [navOpen]);

  return (
    <div className={clsx('af-app-shell', className)} data-nav-open={navOpen || undefined}>
      <a className="af-skip-link" href={`#${mainId}`}>
        {skipLinkLabel}
      </a>
      <nav aria-label={navLabel} className="af-app-shell__sidebar" id={navId} ref={navRef}>
        <div className="af-app-shell__brand">{brand}</div>
        <div className="af-app-shell__nav">
          <ul className="af-app-shell__nav-list">
            {navItems.map((item) => {
              const linkProps: AppShellLinkProps = {
                href: item.href,
                className: clsx('af-app-shell__link', item.active && 'af-app-shell__link--active'),
                ...(item.active ? { 'aria-current': 'page' as const } : {}),
                onClick: () => setNavOpen(false),
                children: (
                  <>
                    {item.icon !== undefined ? (
                      <span className="af-app-shell__link-icon" aria-hidden="true">
                        {item.icon}
                      </span>
                    ) : null}
                    <span>{item.label}</span>
                  </>
                ),
              };
              return <li key={item.id ?? item.href}>{renderLink ? renderLink(item, linkProps) : <a {...linkProps} />}</li>;
            })}
          </ul>
        </div>
        {sidebarFooter !== undefined ? <div className="af-app-shell__sidebar-footer">{sidebarFooter}</div> : null}
      </nav>
      {navOpen ? <div className="af-app-shell__backdrop" aria-hidden="true" onClick={() => setNavOpen(false)} /> : null}
      <div className="af-app-shell__frame">
        <header className="af-app-shell__topbar">
          <IconButton
            ref={menuButtonRef}
            className="af-app-shell__menu-button"
            aria-label={menuLabel}
            aria-expanded={navOpen}
            aria-controls={navId}
            icon={<MenuIcon />}
            onClick={() => setNavOpen((open) => !open)}
          />
          <div className="af-app-shell__topbar-brand">{brand}</div>
          <div className="af-app-shell__topbar-content">{topBar}</div>
        </header>
        <main id={mainId} className="af-app-shell__main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
