import { appforgeKeys } from '@appforge/sdk/react';

// Under the person's key, so signing out (which clears what the person saw) clears these too.
export const appTestKeys = {
  all: (userId: string | undefined, appId: string) => [...appforgeKeys.user(userId), 'app-tests', appId] as const,
  cases: (userId: string | undefined, appId: string) => [...appTestKeys.all(userId, appId), 'cases'] as const,
  runs: (userId: string | undefined, appId: string) => [...appTestKeys.all(userId, appId), 'runs'] as const,
  run: (userId: string | undefined, appId: string, testRunId: string) => [...appTestKeys.all(userId, appId), 'run', testRunId] as const,
};
