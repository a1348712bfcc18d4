import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { invalidInput, requireUuid } from './app-rows';
import type { Database } from './database.types';
import { followFunctionStream } from './runs';
import type { BuilderApi, BuilderStreamEvent, GenerateVersionOptions } from './types';

const messageSchema = z
  .string()
  .trim()
  .min(1, 'Say what to change.')
  .max(4000, 'A message has at most 4000 characters.');

const builderEventSchemas = {
  progress: z.object({ stage: z.string(), message: z.string() }),
  version: z.object({ version_id: z.string(), number: z.number().int(), change_summary: z.string() }),
  error: z.object({ code: z.string(), message: z.string() }),
} as const;

function isBuilderEventName(name: string): name is keyof typeof builderEventSchemas {
  return Object.hasOwn(builderEventSchemas, name);
}

function builderStream(
  supabase: SupabaseClient<Database>,
  body: Record<string, unknown>,
  signal: AbortSignal | undefined,
): AsyncGenerator<BuilderStreamEvent> {
  return followFunctionStream<BuilderStreamEvent>(supabase, 'generate-app-version', body, signal, {
    toEvent: (message) => {
      if (!isBuilderEventName(message.event)) return null;
      const name = message.event;
      const parsed = builderEventSchemas[name].safeParse(message.data);
      // The schema for `name` was the one applied, so the pairing is right.
      return parsed.success ? ({ type: name, ...parsed.data } as BuilderStreamEvent) : 'invalid';
    },
    isLast: (event) => event.type !== 'progress',
    unexpected: 'The server sent an unexpected builder event.',
    stopped: 'The change stopped before it finished. Try again.',
  });
}

export function createBuilderApi(supabase: SupabaseClient<Database>): BuilderApi {
  return {
    generateVersion(options: GenerateVersionOptions) {
      const parsed = messageSchema.safeParse(options.message);
      if (!parsed.success) throw invalidInput(parsed.error.issues[0]?.message ?? 'Say what to change.');
      const body = {
        app_id: requireUuid(options.appId, 'The app'),
        base_version_id: requireUuid(options.versionId, 'The version'),
        message: parsed.data,
      };
      return builderStream(supabase, body, options.signal);
    },
  };
}
