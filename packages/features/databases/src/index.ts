// The public API of @appforge/databases: its route manifest and its sidebar entries. Every page loads on demand.
import type { FeatureNavEntry } from '@appforge/ui';

export { routes } from './routes';

export const nav: FeatureNavEntry[] = [{ href: '/databases', label: 'Databases', order: 20, activePrefixes: ['/database/'] }];
