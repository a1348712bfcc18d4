// The public API of @appforge/databases: its route manifest and its sidebar entries. Every page loads on demand.
import type { FeatureNavEntry } from '@appforge/ui';
import type { RouteObject } from 'react-router';

export const routes: RouteObject[] = [];

export const nav: FeatureNavEntry[] = [];
