import { describe, expect, it } from 'vitest';
import { nodeWebSocket } from '../test/ws';
import { createAppforgeClient } from './client';

describe('createAppforgeClient', () => {
  it('throws supabase-js\'s own message when the backend URL is missing (seed §5)', () => {
    expect(() => createAppforgeClient({ url: '', anonKey: 'key', realtimeTransport: nodeWebSocket })).toThrow(
      'supabaseUrl is required.',
    );
  });

  it('throws supabase-js\'s own message when the key is missing (seed §5)', () => {
    expect(() =>
      createAppforgeClient({ url: 'http://127.0.0.1:54321', anonKey: '', realtimeTransport: nodeWebSocket }),
    ).toThrow('supabaseKey is required.');
  });

  it('keeps the session under the given storage key, or the one supabase-js derives from the host', () => {
    const named = createAppforgeClient({
      url: 'http://127.0.0.1:54321',
      anonKey: 'key',
      storageKey: 'appforge-test-session',
      realtimeTransport: nodeWebSocket,
    });
    expect((named.supabase.auth as unknown as { storageKey: string }).storageKey).toBe('appforge-test-session');
    const derived = createAppforgeClient({ url: 'http://127.0.0.1:54321', anonKey: 'key', realtimeTransport: nodeWebSocket });
    expect((derived.supabase.auth as unknown as { storageKey: string }).storageKey).toBe('sb-127-auth-token');
  });

  it('sends every request through the given fetch, with the anon key', async () => {
    const seen: Request[] = [];
    const client = createAppforgeClient({
      url: 'http://backend.test',
      anonKey: 'anon-key',
      realtimeTransport: nodeWebSocket,
      fetch: (input, init) => {
        seen.push(new Request(input, init));
        return Promise.resolve(Response.json([], { headers: { 'content-range': '*/0' } }));
      },
    });
    expect(await client.customDomains.lookup('Shop.Example.org')).toBeNull();
    expect(seen).toHaveLength(1);
    const url = new URL(seen[0]?.url ?? '');
    expect(url.pathname).toBe('/rest/v1/CustomDomain');
    expect(url.searchParams.get('value')).toBe('eq.shop.example.org');
    expect(url.searchParams.get('status')).toBe('eq.verified');
    expect(url.searchParams.get('select')).toBe('app_id,is_app,is_landing_page,bundle_id,is_bundle');
    expect(seen[0]?.headers.get('apikey')).toBe('anon-key');
  });
});
