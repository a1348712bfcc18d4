import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { invalidInput, requireUuid } from './app-rows';
import type { Database } from './database.types';
import { toAppforgeError } from './errors';
import { streamFunction } from './runs';
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

async function* builderStream(
  supabase: SupabaseClient<Database>,
  body: Record<string, unknown>,
  signal: AbortSignal | undefined,
): AsyncGenerator<BuilderStreamEvent> {
  let ended = false;
  try {
    for await (const message of streamFunction(supabase, 'generate-app-version', body, signal)) {
      if (!isBuilderEventName(message.event)) continue;
      const name = message.event;
      const parsed = builderEventSchemas[name].safeParse(message.data);
      if (!parsed.success) {
        ended = true;
        yield { type: 'error', code: 'invalid_response', message: 'The server sent an unexpected builder event.' };
        return;
      }
      // The schema for `name` was the one applied, so the pairing is right.
      const event = { type: name, ...parsed.data } as BuilderStreamEvent;
      yield event;
      if (event.type !== 'progress') {
        ended = true;
        return;
      }
    }
  } catch (error) {
    const normalised = toAppforgeError(error);
    if (normalised.code !== 'network_error') throw normalised;
    yield { type: 'error', code: normalised.code, message: normalised.message };
    return;
  }
  if (!ended && !signal?.aborted) {
    yield { type: 'error', code: 'stream_ended', message: 'The change stopped before it finished. Try again.' };
  }
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
