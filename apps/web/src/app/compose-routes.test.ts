import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { composeNav, composeRoutes, isNavEntryActive, pathKey, RouteManifestError } from './compose-routes';

const page = () => Promise.resolve({ Component: () => null });
const route = (path: string): RouteObject => ({ path, lazy: page });

describe('composeRoutes', () => {
  it('mounts every manifest’s routes, in order', () => {
    const shell = { name: 'shell', routes: [{ index: true, lazy: page }, route('*')] };
    const builder = { name: '@appforge/builder', routes: [route('/apps'), route('/apps/:appId')] };
    const routes = composeRoutes([shell, builder]);
    expect(routes.map((r) => r.path ?? 'index')).toEqual(['index', '*', '/apps', '/apps/:appId']);
  });

  it('refuses two manifests claiming the same path and names both', () => {
    const builder = { name: '@appforge/builder', routes: [route('/apps')] };
    const bundles = { name: '@appforge/bundles', routes: [route('/apps')] };
    expect(() => composeRoutes([builder, bundles])).toThrow(RouteManifestError);
    expect(() => composeRoutes([builder, bundles])).toThrow(
      'Route path "/apps" is declared by both @appforge/builder ("/apps") and @appforge/bundles ("/apps")',
    );
  });

  it('sees through spelling differences react-router ignores: case, trailing slash, parameter names', () => {
    const a = { name: '@appforge/builder', routes: [route('/apps/:appId')] };
    const b = { name: '@appforge/apis', routes: [route('/Apps/:id/')] };
    expect(() => composeRoutes([a, b])).toThrow(/"\/apps\/:" is declared by both @appforge\/builder .* and @appforge\/apis/);
  });

  it('finds a clash hidden in nested routes and index routes', () => {
    const settings = {
      name: '@appforge/builder',
      routes: [{ path: '/app-settings/:appId', lazy: page, children: [{ index: true, lazy: page }, route('price')] }],
    };
    const bundles = { name: '@appforge/bundles', routes: [route('/app-settings/:id/price')] };
    expect(() => composeRoutes([settings, bundles])).toThrow(/"\/app-settings\/:\/price" is declared by both/);
    const home = { name: '@appforge/teacher', routes: [{ index: true, lazy: page }] };
    const shell = { name: 'shell', routes: [route('/')] };
    expect(() => composeRoutes([shell, home])).toThrow(/"\/" is declared by both shell \("\/"\) and @appforge\/teacher \("\/ \(index\)"\)/);
  });

  it('accepts a layout route whose index child renders at the layout’s own path', () => {
    const manifest = {
      name: '@appforge/databases',
      routes: [{ path: '/databases', lazy: page, children: [{ index: true, lazy: page }, route(':databaseId')] }],
    };
    expect(composeRoutes([manifest])).toHaveLength(1);
  });

  it('refuses the same path twice inside one manifest', () => {
    const manifest = { name: '@appforge/apis', routes: [route('/list-apis'), route('/list-apis')] };
    expect(() => composeRoutes([manifest])).toThrow('Route path "/list-apis" is declared twice in @appforge/apis');
  });

  it('refuses a manifest mounted twice', () => {
    const manifest = { name: '@appforge/apis', routes: [route('/list-apis')] };
    expect(() => composeRoutes([manifest, manifest])).toThrow('The route manifest of @appforge/apis is mounted twice.');
  });

  it('refuses a page that is not loaded on demand', () => {
    const eager = { name: '@appforge/domains', routes: [{ path: '/domains', Component: () => null }] };
    expect(() => composeRoutes([eager])).toThrow(/"\/domains" in @appforge\/domains renders a component that is not loaded on demand/);
  });
});

describe('pathKey', () => {
  it('joins relative child paths to their parent and keeps absolute ones', () => {
    expect(pathKey('/bundle/:id', 'edit')).toBe('/bundle/:/edit');
    expect(pathKey('/bundle/:id', '/settings')).toBe('/settings');
    expect(pathKey('/', undefined)).toBe('/');
    expect(pathKey('/', 'lang/:lang?/*')).toBe('/lang/:?/*');
  });
});

describe('composeNav', () => {
  it('sorts every manifest’s sidebar entries by order, keeping manifest order on ties', () => {
    const shell = { name: 'shell', routes: [], nav: [{ href: '/', label: 'Home', order: 0 }, { href: '/settings', label: 'Settings', order: 1000 }] };
    const databases = { name: '@appforge/databases', routes: [], nav: [{ href: '/databases', label: 'Databases', order: 20 }] };
    const apis = { name: '@appforge/apis', routes: [], nav: [{ href: '/list-apis', label: 'APIs', order: 20 }] };
    expect(composeNav([shell, databases, apis]).map((entry) => entry.label)).toEqual(['Home', 'Databases', 'APIs', 'Settings']);
  });

  it('refuses two manifests offering the same link and names both', () => {
    const a = { name: '@appforge/bundles', routes: [], nav: [{ href: '/user-plan', label: 'Plan', order: 50 }] };
    const b = { name: '@appforge/apis', routes: [], nav: [{ href: '/user-plan', label: 'Plan', order: 60 }] };
    expect(() => composeNav([a, b])).toThrow('The sidebar link "/user-plan" is offered by both @appforge/bundles and @appforge/apis.');
  });

  it('marks an entry current on its own path and under its prefixes only', () => {
    const entry = { href: '/databases', label: 'Databases', order: 20, activePrefixes: ['/database/'] };
    expect(isNavEntryActive(entry, '/databases')).toBe(true);
    expect(isNavEntryActive(entry, '/database/42/data')).toBe(true);
    expect(isNavEntryActive(entry, '/')).toBe(false);
    expect(isNavEntryActive(entry, '/databases-archive')).toBe(false);
  });
});
