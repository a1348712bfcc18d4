import type { PatchRoutesOnNavigationFunction, RouteObject } from 'react-router';
import type { LazyRouteTable } from './feature-routes';

/** The route every feature's table is mounted below (router.tsx). */
export const ROOT_ROUTE_ID = 'root';

/** The first segment of a path, lower case (react-router matches case-insensitively); '' for `/`. */
export function firstSegmentOf(path: string): string {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  return (pathname.split('/').find((segment) => segment !== '') ?? '').toLowerCase();
}

/**
 * react-router's `patchRoutesOnNavigation`: before a navigation into a feature whose table is not
 * mounted yet, downloads that table (every feature that owns the path's first segment) and mounts
 * it below the root. The router asks again on every path with parameters, so each table is
 * downloaded and mounted once; a failed download is tried again on the next navigation, and its
 * error reaches the root error page ("could not be downloaded").
 */
export function createRouteDiscovery(tables: readonly LazyRouteTable[]): PatchRoutesOnNavigationFunction {
  const downloads = new Map<LazyRouteTable, Promise<readonly RouteObject[]>>();
  const mounted = new Set<LazyRouteTable>();

  const download = (table: LazyRouteTable) => {
    let routes = downloads.get(table);
    if (routes === undefined) {
      routes = table.load();
      downloads.set(table, routes);
      routes.catch(() => downloads.delete(table));
    }
    return routes;
  };

  return async ({ path, signal, patch }) => {
    const segment = firstSegmentOf(path);
    const wanted = tables.filter((table) => !mounted.has(table) && table.firstSegments.includes(segment));
    if (wanted.length === 0) return;
    const loaded = await Promise.all(wanted.map(async (table) => ({ table, routes: await download(table) })));
    // An abandoned navigation patches nothing (react-router ignores it); the next one mounts the tables.
    if (signal.aborted) return;
    for (const { table, routes } of loaded) {
      if (mounted.has(table)) continue;
      patch(ROOT_ROUTE_ID, [...routes]);
      mounted.add(table);
    }
  };
}
