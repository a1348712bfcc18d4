// Test results in the version history (issue 30): each version's latest test run, and its deploy
// (the publish gate's record: the reason when it was deployed anyway).
import type { AppDeployRow, AppTestRunRow, AppforgeError } from '@appforge/sdk';
import { retryTransient, useAppforge, useSession } from '@appforge/sdk/react';
import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';

export interface VersionTests {
  /** The version's latest test run, or null when it was never tested. */
  run: AppTestRunRow | null;
  /** The version's latest deploy, or null when it was never deployed. */
  deploy: AppDeployRow | null;
}

/** version id → its latest test run and deploy. */
export function useVersionTests(appId: string): UseQueryResult<ReadonlyMap<string, VersionTests>, AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<ReadonlyMap<string, VersionTests>, AppforgeError>({
    queryKey: ['builder', 'version-tests', user?.id ?? 'anonymous', appId],
    queryFn: async () => {
      const [runs, deploys] = await Promise.all([client.appTests.listRuns(appId, 100), client.appTests.listDeploys(appId, 100)]);
      const byVersion = new Map<string, VersionTests>();
      const entry = (versionId: string): VersionTests => {
        const found = byVersion.get(versionId);
        if (found) return found;
        const made: VersionTests = { run: null, deploy: null };
        byVersion.set(versionId, made);
        return made;
      };
      // Both lists are newest first: the first seen per version is its latest.
      for (const run of runs) if (run.version_id && entry(run.version_id).run === null) entry(run.version_id).run = run;
      for (const deploy of deploys) if (entry(deploy.version_id).deploy === null) entry(deploy.version_id).deploy = deploy;
      return byVersion;
    },
    enabled: user !== null,
    retry: retryTransient,
  });
}
