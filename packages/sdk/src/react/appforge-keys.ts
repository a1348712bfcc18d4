// Query keys of every SDK query. Data that belongs to a person is keyed by their user id, so one
// person's cached answers are never shown to the next person who signs in on the same tab.
export const appforgeKeys = {
  all: ['appforge'] as const,
  appName: (appId: string | undefined) => ['appforge', 'app-name', appId ?? null] as const,
  bundleName: (bundleId: string | undefined) => ['appforge', 'bundle-name', bundleId ?? null] as const,
  customDomain: (host: string) => ['appforge', 'custom-domain', host] as const,
  /** An owner's custom domains of one app or bundle (issue 18). */
  myDomains: (userId: string | undefined, scope: object = {}) => ['appforge', 'user', userId ?? null, 'domains', scope] as const,
  user: (userId: string | undefined) => ['appforge', 'user', userId ?? null] as const,
  me: (userId: string | undefined) => ['appforge', 'user', userId ?? null, 'me'] as const,
  schoolInfo: (userId: string | undefined) => ['appforge', 'user', userId ?? null, 'school-info'] as const,
  factors: (userId: string | undefined) => ['appforge', 'user', userId ?? null, 'factors'] as const,
  assuranceLevel: (userId: string | undefined) => ['appforge', 'user', userId ?? null, 'assurance-level'] as const,
  identities: (userId: string | undefined) => ['appforge', 'user', userId ?? null, 'identities'] as const,
  /** Everything about apps, versions and runs as this person (or a visitor) sees them. */
  apps: (userId: string | undefined) => ['appforge', 'user', userId ?? null, 'apps'] as const,
  myApps: (userId: string | undefined, params: object = {}) =>
    ['appforge', 'user', userId ?? null, 'apps', 'mine', params] as const,
  app: (userId: string | undefined, appId: string | undefined) =>
    ['appforge', 'user', userId ?? null, 'apps', 'app', appId ?? null] as const,
  publicApp: (userId: string | undefined, appId: string | undefined) =>
    ['appforge', 'user', userId ?? null, 'apps', 'public', appId ?? null] as const,
  versions: (userId: string | undefined, appId: string | undefined) =>
    ['appforge', 'user', userId ?? null, 'apps', 'versions', appId ?? null] as const,
  version: (userId: string | undefined, versionId: string | undefined) =>
    ['appforge', 'user', userId ?? null, 'apps', 'version', versionId ?? null] as const,
  runs: (userId: string | undefined, appId: string | undefined, params: object = {}) =>
    ['appforge', 'user', userId ?? null, 'apps', 'runs', appId ?? null, params] as const,
  run: (userId: string | undefined, runId: string | undefined) =>
    ['appforge', 'user', userId ?? null, 'apps', 'run', runId ?? null] as const,
  /** The person's databases and their tables. */
  databases: (userId: string | undefined) => ['appforge', 'user', userId ?? null, 'databases'] as const,
  myDatabases: (userId: string | undefined) => ['appforge', 'user', userId ?? null, 'databases', 'mine'] as const,
  database: (userId: string | undefined, databaseId: string | undefined) =>
    ['appforge', 'user', userId ?? null, 'databases', 'database', databaseId ?? null] as const,
  // #14: the databases feature's grid and screens (all under `databases`, so one invalidation refreshes them).
  databaseRows: (userId: string | undefined, tableId: string | undefined, query: object = {}) =>
    ['appforge', 'user', userId ?? null, 'databases', 'rows', tableId ?? null, query] as const,
  databaseCounts: (userId: string | undefined, databaseIds: readonly string[]) =>
    ['appforge', 'user', userId ?? null, 'databases', 'counts', [...databaseIds].sort()] as const,
  databaseApps: (userId: string | undefined, databaseId: string | undefined) =>
    ['appforge', 'user', userId ?? null, 'databases', 'apps', databaseId ?? null] as const,
  databaseLimits: (userId: string | undefined) => ['appforge', 'user', userId ?? null, 'databases', 'limits'] as const,
  /** Your APIs (issue 15): the person's external APIs. */
  externalApis: (userId: string | undefined) => ['appforge', 'user', userId ?? null, 'external-apis'] as const,
  myExternalApis: (userId: string | undefined) => ['appforge', 'user', userId ?? null, 'external-apis', 'mine'] as const,
  externalApi: (userId: string | undefined, apiId: string | undefined) =>
    ['appforge', 'user', userId ?? null, 'external-apis', 'api', apiId ?? null] as const,
  externalApiUsage: (userId: string | undefined, apiId: string | undefined) =>
    ['appforge', 'user', userId ?? null, 'external-apis', 'usage', apiId ?? null] as const,
  recentRuns: (userId: string | undefined, limit: number) =>
    ['appforge', 'user', userId ?? null, 'apps', 'recent-runs', limit] as const,
  /** The person's API keys (issue #16). */
  apiKeys: (userId: string | undefined) => ['appforge', 'user', userId ?? null, 'api-keys'] as const,
  apiKey: (userId: string | undefined, apiKeyId: string | undefined) =>
    ['appforge', 'user', userId ?? null, 'api-keys', 'key', apiKeyId ?? null] as const,
  appApiAccess: (userId: string | undefined, appId: string | undefined) =>
    ['appforge', 'user', userId ?? null, 'apps', 'api-access', appId ?? null] as const,
};
