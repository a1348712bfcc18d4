// Live changes of the product's tables through Supabase Realtime's postgres_changes. Row-level
// security decides who hears what (the server checks every change as the subscriber), so a
// subscription never widens what the caller could read with a query.
import type { RealtimeChannel, RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import type { Database } from './database.types';

/**
 * The tables in the supabase_realtime publication (supabase/migrations/20261125002000_…,
 * 20261125101000_classrooms; DatabaseTableStats: 20261125103100_…, one change per statement that
 * writes a table's rows; AppTestRun and AppTestResult: 20261128050000_app_tests).
 */
export type LiveTable = 'App' | 'AppVersion' | 'AppRun' | 'AppRunStep' | 'ClassMember' | 'SafetyAlert' | 'DatabaseTableStats' | 'AppTestRun' | 'AppTestResult';

export interface LiveSubscription {
  table: LiveTable;
  /** Only rows whose column equals this id (a realtime `eq` filter). */
  match?: { column: 'id' | 'app_id' | 'class_id' | 'run_id' | 'table_id' | 'test_run_id'; value: string };
  /**
   * Called each time the server confirms the subscription (at first and after a reconnect): changes
   * made before then were not heard, so a caller that read the rows earlier reads them again.
   */
  onSubscribed?: () => void;
}

export interface LiveChange {
  table: LiveTable;
  eventType: 'INSERT' | 'UPDATE' | 'DELETE';
  /** The row after the change ({} for DELETE), with the columns the caller may select. */
  new: Record<string, unknown>;
  /** For UPDATE and DELETE: the primary key of the row before the change. */
  old: Record<string, unknown>;
}

export interface LiveBroadcast {
  /** A private Realtime channel: the server lets in only whom RLS on realtime.messages allows. */
  topic: string;
  event: string;
}

export interface LiveApi {
  /** Calls onChange for each change of the table the caller may see; returns the unsubscribe. */
  subscribe(subscription: LiveSubscription, onChange: (change: LiveChange) => void): () => void;
  /** Calls onMessage with each broadcast of event on the private channel topic; returns the unsubscribe. */
  broadcast(channel: LiveBroadcast, onMessage: (payload: unknown) => void): () => void;
}

const idSchema = z.string().uuid();
let channelCount = 0;

export function createLiveApi(supabase: SupabaseClient<Database>): LiveApi {
  return {
    subscribe(subscription, onChange) {
      const filter = subscription.match ? `${subscription.match.column}=eq.${idSchema.parse(subscription.match.value)}` : undefined;
      channelCount += 1;
      const channel: RealtimeChannel = supabase
        .channel(`live:${subscription.table}:${filter ?? 'all'}:${channelCount}`)
        .on(
          'postgres_changes',
          { event: '*', schema: 'public', table: subscription.table, ...(filter ? { filter } : {}) },
          (payload: RealtimePostgresChangesPayload<Record<string, unknown>>) => {
            onChange({ table: subscription.table, eventType: payload.eventType, new: payload.new, old: payload.old });
          },
        )
        .subscribe((status) => {
          // realtime-js's REALTIME_SUBSCRIBE_STATES enum is not exported by supabase-js: compare its value.
          if (String(status) === 'SUBSCRIBED') subscription.onSubscribed?.();
        });
      return () => {
        void supabase.removeChannel(channel);
      };
    },
    broadcast({ topic, event }, onMessage) {
      const channel: RealtimeChannel = supabase
        .channel(topic, { config: { private: true } })
        .on('broadcast', { event }, (message: { payload?: unknown }) => onMessage(message.payload))
        .subscribe();
      return () => {
        void supabase.removeChannel(channel);
      };
    },
  };
}
