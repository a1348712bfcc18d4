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
  /** The person's passkeys (#20). */
  passkeys: (userId: string | undefined) => ['appforge', 'user', userId ?? null, 'passkeys'] as const,
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
  // #17 bundles & plans
  /** Everything about bundles, access and purchases as this person (or a visitor) sees them. */
  bundles: (userId: string | undefined) => ['appforge', 'user', userId ?? null, 'bundles'] as const,
  myBundles: (userId: string | undefined) => ['appforge', 'user', userId ?? null, 'bundles', 'mine'] as const,
  bundle: (userId: string | undefined, bundleId: string | undefined) =>
    ['appforge', 'user', userId ?? null, 'bundles', 'bundle', bundleId ?? null] as const,
  bundlePage: (userId: string | undefined, bundleId: string | undefined) =>
    ['appforge', 'user', userId ?? null, 'bundles', 'page', bundleId ?? null] as const,
  allowedUsers: (userId: string | undefined, itemId: string | undefined) =>
    ['appforge', 'user', userId ?? null, 'bundles', 'allowed', itemId ?? null] as const,
  access: (userId: string | undefined, kind: string, itemId: string | undefined) =>
    ['appforge', 'user', userId ?? null, 'bundles', 'access', kind, itemId ?? null] as const,
  paidBundles: (userId: string | undefined, appId: string | undefined) =>
    ['appforge', 'user', userId ?? null, 'bundles', 'paid-bundles', appId ?? null] as const,
  testCheckout: (userId: string | undefined, sessionId: string | undefined) =>
    ['appforge', 'user', userId ?? null, 'bundles', 'test-checkout', sessionId ?? null] as const,
  myPlan: (userId: string | undefined) => ['appforge', 'user', userId ?? null, 'bundles', 'plan'] as const,
  caps: (userId: string | undefined, itemId: string | undefined) =>
    ['appforge', 'user', userId ?? null, 'bundles', 'caps', itemId ?? null] as const,
  // Classrooms (issue 19): everything under `classes`, so one invalidation refreshes every class screen.
  classes: (userId: string | undefined) => ['appforge', 'user', userId ?? null, 'classes'] as const,
  teacherClasses: (userId: string | undefined) => ['appforge', 'user', userId ?? null, 'classes', 'mine'] as const,
  class: (userId: string | undefined, classId: string | undefined) =>
    ['appforge', 'user', userId ?? null, 'classes', 'class', classId ?? null] as const,
  classMembers: (userId: string | undefined, classId: string | undefined) =>
    ['appforge', 'user', userId ?? null, 'classes', 'members', classId ?? null] as const,
  assignments: (userId: string | undefined, classId: string | undefined) =>
    ['appforge', 'user', userId ?? null, 'classes', 'assignments', classId ?? null] as const,
  assignableItems: (userId: string | undefined) => ['appforge', 'user', userId ?? null, 'classes', 'assignable'] as const,
  classRuns: (userId: string | undefined, classId: string | undefined, params: object = {}) =>
    ['appforge', 'user', userId ?? null, 'classes', 'runs', classId ?? null, params] as const,
  safetyAlerts: (userId: string | undefined, classId: string | undefined) =>
    ['appforge', 'user', userId ?? null, 'classes', 'alerts', classId ?? null] as const,
  myClasses: (userId: string | undefined) => ['appforge', 'user', userId ?? null, 'classes', 'joined'] as const,
};
