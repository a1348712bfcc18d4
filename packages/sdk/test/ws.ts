import WebSocket from 'ws';
import type { RealtimeTransport } from '../src/types';

/** Node 20 has no global WebSocket; `ws` implements the same API (only its typings differ). */
export const nodeWebSocket = WebSocket as unknown as RealtimeTransport;
