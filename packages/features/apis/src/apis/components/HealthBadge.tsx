import type { ApiSummary } from '@appforge/sdk';
import { Badge } from '@appforge/ui';
import { healthOf } from '../lib/health';

/** How the API answered its last test call. */
export function HealthBadge({ api }: { api: Pick<ApiSummary, 'last_test_status' | 'last_test_ms'> }) {
  const health = healthOf(api);
  return <Badge tone={health.tone}>{health.label}</Badge>;
}
