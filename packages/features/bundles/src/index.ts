// The public API of @appforge/bundles: its route manifest and its sidebar entries. Every page loads on demand.
export { nav, routes } from './routes';
