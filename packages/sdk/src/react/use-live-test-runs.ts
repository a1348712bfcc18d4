import type { QueryClient } from '@tanstack/react-query';
import type { LiveChange } from '../live';
import { useLiveSubscription } from './use-live-subscription';

export interface LiveTestRunHandlers {
  /** A row changed (a test run started or ended; a case's result was written); `row` is as the owner may read it. */
  onChange: (row: Record<string, unknown>, change: LiveChange, queryClient: QueryClient, userId: string) => void;
  /**
   * The subscription is confirmed (at first and after a reconnect): what changed before then was
   * not heard, so read it again.
   */
  onSubscribed: (queryClient: QueryClient, userId: string) => void;
}

/**
 * Issue 30: an app's test runs starting and ending, heard live (AppTestRun by app). Only the app's
 * owner hears them (row-level security decides, as for a query). No subscription while appId is null.
 */
export function useLiveTestRuns(appId: string | null, handlers: LiveTestRunHandlers): void {
  useLiveSubscription(appId ? { table: 'AppTestRun', match: { column: 'app_id', value: appId } } : null, handlers.onChange, handlers.onSubscribed);
}

/**
 * Issue 30: the results of one test run arriving case by case, heard live (AppTestResult by test
 * run). Only the app's owner hears them. No subscription while testRunId is null.
 */
export function useLiveTestResults(testRunId: string | null, handlers: LiveTestRunHandlers): void {
  useLiveSubscription(testRunId ? { table: 'AppTestResult', match: { column: 'test_run_id', value: testRunId } } : null, handlers.onChange, handlers.onSubscribed);
}
