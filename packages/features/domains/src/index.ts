// The public API of @appforge/domains: its route manifest and its sidebar entries. Every page loads on demand.
import type { FeatureNavEntry } from '@appforge/ui';
import type { RouteObject } from 'react-router';
import { domainRoutes } from './routes';

export const routes: RouteObject[] = domainRoutes;

/** "Custom domains": the list of all of the person's domains; each is managed on its app's or bundle's page. */
export const nav: FeatureNavEntry[] = [{ href: '/custom-domains', label: 'Custom domains', order: 45, activePrefixes: ['/custom-domain/'] }];
