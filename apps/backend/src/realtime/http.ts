// REST broadcast (supabase-wire §6.6): POST /realtime/v1/api/broadcast and, for httpSend(),
// POST /realtime/v1/api/broadcast/:topic/events/:event.
import { Hono } from 'hono';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../http/types.js';
import { TokenError } from './identity.js';
import type { Identity } from './identity.js';
import type { BroadcastMessage, RealtimeServer } from './server.js';
import type { Limits } from '@appforge/functions';

const messagesSchema = z.object({
  messages: z
    .array(
      z.object({
        topic: z.string().min(1).max(255),
        event: z.string().min(1).max(255),
        payload: z.unknown().optional(),
        private: z.boolean().optional(),
      }),
    )
    .min(1)
    .max(100),
});

export function createRealtimeApi(realtime: RealtimeServer, limits: Limits): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // Messages per second per token, as on the socket; on the shared limits, so every backend
  // process behind the balancer counts against the same allowance.
  const limiter = limits.limiter({ name: 'realtime-rest', points: realtime.limits.eventsPerSecond, durationSeconds: 1 });

  async function caller(c: Context<AppEnv>): Promise<Identity | Response> {
    const bearer = /^bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1];
    const token = bearer ?? c.req.header('apikey');
    if (!token) return c.json({ message: 'No api key provided' }, 401);
    try {
      return await realtime.identityOf(token);
    } catch (error) {
      return c.json({ message: error instanceof TokenError ? error.message : 'Invalid token' }, 401);
    }
  }

  async function send(c: Context<AppEnv>, identity: Identity, messages: BroadcastMessage[]): Promise<Response> {
    const decision = await limiter.consume(identity.key, messages.length);
    if (!decision.ok) return c.json({ message: 'RateLimitReached: Too many messages per second' }, 429);
    for (const message of messages) {
      if (!(await realtime.maySend(identity, message.topic, message.private))) {
        return c.json({ message: `Unauthorized: You do not have permissions to write to this Channel topic: ${message.topic}` }, 403);
      }
    }
    for (const message of messages) realtime.broadcast(message);
    return c.body(null, 202);
  }

  app.post('/api/broadcast', async (c) => {
    const identity = await caller(c);
    if (identity instanceof Response) return identity;
    const parsed = messagesSchema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) {
      return c.json({ message: `Invalid broadcast: ${parsed.error.issues[0]?.message ?? 'malformed body'}` }, 400);
    }
    return send(
      c,
      identity,
      parsed.data.messages.map((message) => ({
        topic: message.topic,
        event: message.event,
        payload: message.payload ?? {},
        private: message.private === true,
      })),
    );
  });

  app.post('/api/broadcast/:topic/events/:event', async (c) => {
    const identity = await caller(c);
    if (identity instanceof Response) return identity;
    const topic = c.req.param('topic');
    const event = c.req.param('event');
    if (topic.length > 255 || event.length > 255) return c.json({ message: 'topic and event are at most 255 characters' }, 400);
    const payload: unknown = await c.req.json().catch(() => undefined);
    if (payload === undefined) return c.json({ message: 'Invalid broadcast: the body must be JSON' }, 400);
    return send(c, identity, [{ topic, event, payload, private: c.req.query('private') === 'true' }]);
  });

  return app;
}
