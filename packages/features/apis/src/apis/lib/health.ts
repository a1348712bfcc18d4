import type { ApiSummary } from '@appforge/sdk';

export type Health = { tone: 'neutral' | 'success' | 'warning' | 'danger'; label: string };

/** The API's health as its last test call left it. */
export function healthOf(api: Pick<ApiSummary, 'last_test_status' | 'last_test_ms'>): Health {
  const status = api.last_test_status;
  if (status === null) return { tone: 'neutral', label: 'Not tested yet' };
  if (status === 0) return { tone: 'danger', label: 'Unreachable at last test' };
  if (status >= 200 && status < 300) return { tone: 'success', label: `OK · ${status}${api.last_test_ms !== null ? ` · ${api.last_test_ms} ms` : ''}` };
  if (status >= 400 && status < 500) return { tone: 'warning', label: `Answered ${status} at last test` };
  return { tone: 'danger', label: `Answered ${status} at last test` };
}
