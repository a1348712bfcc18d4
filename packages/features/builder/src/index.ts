// The public API of @appforge/builder: its route manifest. Every page loads on demand.
export { routes } from './routes';
