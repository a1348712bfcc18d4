// The public API of @appforge/visitor: its route manifest. Every page loads on demand.
export { routes } from './routes';
