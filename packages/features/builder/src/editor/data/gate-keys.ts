// Query keys of the publish gate on the deploy page (issue 30).
export const gateKeys = {
  cases: (userId: string | undefined, appId: string) => ['builder', 'deploy-gate', userId ?? 'anonymous', appId, 'cases'] as const,
  progress: (userId: string | undefined, appId: string, versionId: string) => ['builder', 'deploy-gate', userId ?? 'anonymous', appId, 'progress', versionId] as const,
  live: (userId: string | undefined, appId: string, versionId: string) => ['builder', 'deploy-gate', userId ?? 'anonymous', appId, 'live', versionId] as const,
};
