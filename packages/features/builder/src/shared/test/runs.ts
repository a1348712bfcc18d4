// A run as the SDK's run history answers it (runs.list, runs.get, runs.recent), for components
// that are given runs as props and need no backend: every field a real AppRunSummary has.
import type { AppRunSummary } from '@appforge/sdk';

let runCount = 0;

export function runSummary(fields: Partial<AppRunSummary> = {}): AppRunSummary {
  runCount += 1;
  const at = new Date(Date.UTC(2026, 10, 20, 12, runCount % 60)).toISOString();
  return {
    id: `00000000-0000-4000-8000-${String(runCount).padStart(12, '0')}`,
    app_id: '7b0c6a52-4c1e-4a55-9a3e-2b8f0d5e9c11',
    version_id: null,
    version_number: null,
    runner_user_id: null,
    visitor_session: null,
    status: 'done',
    inputs: {},
    outputs: [],
    error: null,
    usage: { inputTokens: 0, outputTokens: 0 },
    created_at: at,
    updated_at: at,
    duration_ms: 0,
    ...fields,
  };
}
