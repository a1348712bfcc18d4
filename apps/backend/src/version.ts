import pkg from '../package.json' with { type: 'json' };

/** The backend's package version, reported by GET /health. */
export const BACKEND_VERSION: string = pkg.version;
