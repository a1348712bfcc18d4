// A liveness probe of the Supabase-compatible API: GET <VITE_SUPABASE_URL>/health.
export type BackendHealth =
  | { reachable: true; url: string; status: number }
  | { reachable: false; url: string; status: number | null; reason: string };

export interface CheckBackendHealthOptions {
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
}

export function healthUrl(apiUrl: string): string {
  return `${apiUrl.replace(/\/+$/, '')}/health`;
}

/** Never throws: an outage is an answer to show, not an exception. */
export async function checkBackendHealth(apiUrl: string, options: CheckBackendHealthOptions = {}): Promise<BackendHealth> {
  const { fetch = globalThis.fetch, timeoutMs = 5_000 } = options;
  const url = healthUrl(apiUrl);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    // A simple GET without custom headers, so the browser sends no CORS preflight.
    const response = await Promise.race([fetch(url, { method: 'GET', cache: 'no-store' }), timeout]);
    if (response === 'timeout') {
      return { reachable: false, url, status: null, reason: `No answer within ${Math.round(timeoutMs / 1000)} seconds.` };
    }
    if (!response.ok) {
      const text = response.statusText ? ` ${response.statusText}` : '';
      return { reachable: false, url, status: response.status, reason: `The server answered HTTP ${response.status}${text}.` };
    }
    return { reachable: true, url, status: response.status };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      reachable: false,
      url,
      status: null,
      reason: `The request failed (${message}). Is the backend running, and does it allow this origin (CORS)?`,
    };
  } finally {
    clearTimeout(timer);
  }
}
