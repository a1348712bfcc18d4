import type { SupabaseClientOptions } from '@supabase/supabase-js';
import WebSocket from 'ws';

type Transport = NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']>;

/**
 * Node 20 has no global WebSocket and supabase-js 2.119 refuses to start without one. `ws`
 * implements the browser WebSocket API at run time; only its TypeScript declarations differ.
 */
export const nodeWebSocket: Transport = WebSocket as unknown as Transport;
