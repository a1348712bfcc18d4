import type { PatchRoutesOnNavigationFunctionArgs, RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { routeManifests, SHELL_MANIFEST_NAME } from '../../test/route-manifests';
import { composeRoutes } from './compose-routes';
import { featureRouteTables } from './feature-routes';
import type { LazyRouteTable } from './feature-routes';
import { createRouteDiscovery, firstSegmentOf, ROOT_ROUTE_ID } from './route-discovery';

/** The first segment of each top-level route's path ('' for `/` and index routes). */
function firstSegmentsOf(routes: readonly RouteObject[]): string[] {
  return routes.map((route) => firstSegmentOf(route.index === true ? '/' : (route.path ?? '/')));
}

describe('the features’ route tables', () => {
  // What start-up checked when every table was mounted at once (CONTRIBUTING: "Duplicate paths
  // across manifests fail … with both names").
  it('claim no path twice and load every page on demand', () => {
    expect(() => composeRoutes(routeManifests)).not.toThrow();
  });

  it('are each found by the first segment of every path they declare', () => {
    const features = routeManifests.filter((manifest) => manifest.name !== SHELL_MANIFEST_NAME);
    expect(featureRouteTables.map((table) => table.name).sort()).toEqual(features.map((manifest) => manifest.name).sort());
    for (const manifest of features) {
      const table = featureRouteTables.find((candidate) => candidate.name === manifest.name);
      const declared = firstSegmentsOf(manifest.routes);
      for (const segment of declared) {
        expect(segment.startsWith(':') || segment === '*', `${manifest.name} declares a path that starts with a parameter ("/${segment}"): it cannot be found by its first segment`).toBe(false);
        expect(table?.firstSegments, `${manifest.name} declares a path under "/${segment}": list "${segment}" in its entry in src/app/feature-routes.ts`).toContain(segment);
      }
      for (const segment of table?.firstSegments ?? []) {
        expect(declared, `src/app/feature-routes.ts lists "/${segment}" for ${manifest.name}, which declares no path there`).toContain(segment);
      }
    }
  });

  it('leave the shell’s own pages to the shell', () => {
    const shell = routeManifests.find((manifest) => manifest.name === SHELL_MANIFEST_NAME);
    const featureSegments = new Set(featureRouteTables.flatMap((table) => table.firstSegments));
    for (const segment of firstSegmentsOf(shell?.routes ?? []).filter((segment) => segment !== '*')) {
      expect(featureSegments.has(segment), `"/${segment}" is a shell page; no feature table may be loaded for it`).toBe(false);
    }
  });
});

function navigation(path: string, patch: PatchRoutesOnNavigationFunctionArgs['patch'], signal = new AbortController().signal): PatchRoutesOnNavigationFunctionArgs {
  return { path, signal, patch, matches: [], fetcherKey: undefined };
}

function recordedTables(): { tables: LazyRouteTable[]; loads: string[] } {
  const loads: string[] = [];
  const tables = featureRouteTables.map((table) => ({
    ...table,
    load: () => {
      loads.push(table.name);
      return table.load();
    },
  }));
  return { tables, loads };
}

describe('createRouteDiscovery', () => {
  it('downloads only the sign-in feature’s table on a first visit to /sign-in', async () => {
    const { tables, loads } = recordedTables();
    const patch = vi.fn();
    await createRouteDiscovery(tables)(navigation('/sign-in', patch));
    expect(loads).toEqual(['@appforge/auth']);
    expect(patch).toHaveBeenCalledTimes(1);
    expect(patch.mock.calls[0]?.[0]).toBe(ROOT_ROUTE_ID);
    expect((patch.mock.calls[0]?.[1] as RouteObject[]).map((route) => route.path)).toContain('/sign-in');
  });

  it('mounts each table once, and every feature that owns a shared first segment', async () => {
    const { tables, loads } = recordedTables();
    const patch = vi.fn();
    const discover = createRouteDiscovery(tables);
    await discover(navigation('/Bundle/4b1c/settings', patch));
    expect(loads.sort()).toEqual(['@appforge/bundles', '@appforge/domains', '@appforge/visitor']);
    await discover(navigation('/bundle/4b1c', patch));
    await discover(navigation('/nowhere', patch));
    await discover(navigation('/system-status', patch));
    expect(loads).toHaveLength(3);
    expect(patch).toHaveBeenCalledTimes(3);
  });

  it('loads the builder’s table for the home page at /', async () => {
    const { tables, loads } = recordedTables();
    await createRouteDiscovery(tables)(navigation('/', vi.fn()));
    expect(loads).toEqual(['@appforge/builder']);
  });

  it('mounts a table on the next navigation when the one that downloaded it was abandoned', async () => {
    const { tables, loads } = recordedTables();
    const discover = createRouteDiscovery(tables);
    const abandoned = new AbortController();
    const firstPatch = vi.fn();
    const first = discover(navigation('/databases', firstPatch, abandoned.signal));
    abandoned.abort();
    await first;
    expect(firstPatch).not.toHaveBeenCalled();
    const nextPatch = vi.fn();
    await discover(navigation('/database/1', nextPatch));
    expect(nextPatch).toHaveBeenCalledTimes(1);
    expect(loads).toEqual(['@appforge/databases']);
  });

  it('tries a failed download again on the next navigation', async () => {
    let fail = true;
    const flaky: LazyRouteTable = {
      name: '@appforge/flaky',
      firstSegments: ['flaky'],
      load: () => (fail ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : Promise.resolve([{ path: '/flaky', lazy: () => Promise.resolve({}) }])),
    };
    const discover = createRouteDiscovery([flaky]);
    const patch = vi.fn();
    await expect(discover(navigation('/flaky', patch))).rejects.toThrow('Failed to fetch dynamically imported module');
    fail = false;
    await discover(navigation('/flaky', patch));
    expect(patch).toHaveBeenCalledTimes(1);
  });
});
