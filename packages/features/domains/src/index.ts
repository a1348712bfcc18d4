// The public API of @appforge/domains: its route manifest and its sidebar entries. Every page loads on demand.
import type { FeatureNavEntry } from '@appforge/ui';
import type { RouteObject } from 'react-router';
import { domainRoutes } from './routes';

export const routes: RouteObject[] = domainRoutes;

/** Domains belong to an app or a bundle: reached from their settings, not from the sidebar. */
export const nav: FeatureNavEntry[] = [];
