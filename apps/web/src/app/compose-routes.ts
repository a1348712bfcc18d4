import type { FeatureNavEntry } from '@appforge/ui';
import type { RouteObject } from 'react-router';

/**
 * What a feature package contributes: its name (for error messages), its `routes` and, optionally,
 * its entries in the sidebar (`nav`).
 */
export interface RouteManifest {
  readonly name: string;
  readonly routes: readonly RouteObject[];
  readonly nav?: readonly FeatureNavEntry[];
}

export class RouteManifestError extends Error {
  override readonly name = 'RouteManifestError';
}

/**
 * The shape a path matches, so `/apps/:id` and `/Apps/:appId/` count as the same path
 * (react-router matches case-insensitively and ignores parameter names).
 */
export function pathKey(parent: string, path: string | undefined): string {
  const joined = path === undefined ? parent : path.startsWith('/') ? path : `${parent}/${path}`;
  const segments = joined
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => {
      if (segment.startsWith(':')) return segment.endsWith('?') ? ':?' : ':';
      return segment.toLowerCase();
    });
  return `/${segments.join('/')}`;
}

interface Claim {
  manifest: string;
  declared: string;
}

function collect(
  manifest: string,
  routes: readonly RouteObject[],
  parent: string,
  claims: Map<string, Claim>,
): void {
  for (const route of routes) {
    const key = pathKey(parent, route.path);
    const declared = route.index ? `${key} (index)` : (route.path ?? `${key} (layout)`);

    if ((route.Component ?? route.element) != null) {
      throw new RouteManifestError(
        `Route "${declared}" in ${manifest} renders a component that is not loaded on demand. ` +
          "Declare it as lazy: () => import('./pages/…') whose module exports Component.",
      );
    }

    const children = route.children ?? [];
    // A route renders at its own path when it is a leaf, an index, or a layout with no index child.
    const rendersHere = route.index === true || children.length === 0 || !children.some((child) => child.index);
    if (rendersHere && (route.path !== undefined || route.index === true)) {
      const previous = claims.get(key);
      if (previous) {
        const where =
          previous.manifest === manifest
            ? `twice in ${manifest} ("${previous.declared}" and "${declared}")`
            : `by both ${previous.manifest} ("${previous.declared}") and ${manifest} ("${declared}")`;
        throw new RouteManifestError(
          `Route path "${key}" is declared ${where}. Each path belongs to exactly one manifest: rename one of them.`,
        );
      }
      claims.set(key, { manifest, declared });
    }
    collect(manifest, children, key, claims);
  }
}

/**
 * Joins the route manifests of the shell and the features into the children of the root route.
 * Throws a RouteManifestError naming both manifests when two of them claim the same path, and
 * when a route is not lazy (every page is downloaded on demand, to keep the first load small).
 */
export function composeRoutes(manifests: readonly RouteManifest[]): RouteObject[] {
  const names = new Set<string>();
  for (const { name } of manifests) {
    if (names.has(name)) throw new RouteManifestError(`The route manifest of ${name} is mounted twice.`);
    names.add(name);
  }
  const claims = new Map<string, Claim>();
  for (const manifest of manifests) collect(manifest.name, manifest.routes, '/', claims);
  return manifests.flatMap((manifest) => [...manifest.routes]);
}

/**
 * The sidebar's entries from every manifest, sorted by `order` (ties keep manifest order).
 * Throws a RouteManifestError when two manifests offer the same link.
 */
export function composeNav(manifests: readonly Pick<RouteManifest, 'name' | 'nav'>[]): FeatureNavEntry[] {
  const seen = new Map<string, string>();
  const entries: FeatureNavEntry[] = [];
  for (const manifest of manifests) {
    for (const entry of manifest.nav ?? []) {
      const previous = seen.get(entry.href);
      if (previous !== undefined) {
        throw new RouteManifestError(`The sidebar link "${entry.href}" is offered by both ${previous} and ${manifest.name}.`);
      }
      seen.set(entry.href, manifest.name);
      entries.push(entry);
    }
  }
  return entries.map((entry, index) => ({ entry, index })).sort((a, b) => a.entry.order - b.entry.order || a.index - b.index).map(({ entry }) => entry);
}

/** True when `entry` is the current page at `pathname`. */
export function isNavEntryActive(entry: FeatureNavEntry, pathname: string): boolean {
  if (pathname === entry.href) return true;
  return (entry.activePrefixes ?? []).some((prefix) => pathname.startsWith(prefix));
}
