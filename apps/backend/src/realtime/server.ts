// The realtime websocket (`GET /realtime/v1/websocket`): Phoenix channels as realtime-js 2.x uses
// them — heartbeat, phx_join with config, access_token, phx_leave, broadcast, presence and
// postgres_changes (supabase-wire §6).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { WebSocketServer } from 'ws';
import type WebSocket from 'ws';
import { z } from 'zod';
import type { Database } from '../db/database.js';
import type { JwtService } from '../jwt.js';
import { BindingError, ChangeFeed, bindingSchema } from './changes.js';
import type { ChangeSubscriber, ResolvedBinding } from './changes.js';
import { TokenError, actAs, identityOf, inRolledBackTransaction } from './identity.js';
import type { Identity } from './identity.js';
import { FrameError, MAX_FRAME_BYTES, decodeFrame, encodeBinaryBroadcast, encodeFrame, encodeTextFrame, reply } from './protocol.js';
import type { Frame, Vsn } from './protocol.js';

export interface RealtimeLimits {
  /** Channels one socket may have joined at once (Supabase: max_channels_per_client 100). */
  channelsPerSocket: number;
  /** Client messages per second per socket, heartbeats excluded (Supabase: max_events_per_second 100). */
  eventsPerSecond: number;
  /** A socket that sends nothing (not even a heartbeat) for this long is closed. */
  idleTimeoutMs: number;
}

export const DEFAULT_LIMITS: RealtimeLimits = { channelsPerSocket: 100, eventsPerSecond: 100, idleTimeoutMs: 90_000 };

const joinSchema = z.object({
  config: z
    .object({
      broadcast: z.object({ self: z.boolean().optional(), ack: z.boolean().optional() }).passthrough().optional(),
      presence: z.object({ key: z.string().max(255).optional(), enabled: z.boolean().optional() }).passthrough().optional(),
      postgres_changes: z.array(bindingSchema).max(100).optional(),
      private: z.boolean().optional(),
    })
    .passthrough()
    .optional(),
  access_token: z.string().max(16_384).optional(),
});

const broadcastSchema = z.object({
  type: z.literal('broadcast').optional(),
  event: z.string().min(1).max(255),
  payload: z.unknown().optional(),
  binary: z.boolean().optional(),
});

const presenceSchema = z.object({
  type: z.literal('presence').optional(),
  event: z.enum(['track', 'untrack']),
  payload: z.record(z.string(), z.unknown()).optional(),
});

const MAX_TIMER_MS = 2_147_483_647;

interface PresenceMeta {
  channel: Channel;
  meta: Record<string, unknown> & { phx_ref: string };
}

/** Channels of one topic (public and private topics are apart) and its presence state. */
class Topic {
  readonly channels = new Set<Channel>();
  /** key → phx_ref → meta */
  readonly presence = new Map<string, Map<string, PresenceMeta>>();

  presenceState(): Record<string, { metas: Record<string, unknown>[] }> {
    const state: Record<string, { metas: Record<string, unknown>[] }> = {};
    for (const [key, metas] of this.presence) state[key] = { metas: [...metas.values()].map((entry) => entry.meta) };
    return state;
  }
}

class Channel implements ChangeSubscriber {
  bindings: ResolvedBinding[] = [];
  presenceKey: string;
  canWrite = true;
  private expiryTimer: NodeJS.Timeout | undefined;

  constructor(
    readonly socket: Connection,
    readonly topic: string,
    readonly joinRef: string | null,
    public current: Identity,
    readonly isPrivate: boolean,
    readonly self: boolean,
    readonly ack: boolean,
    readonly presenceEnabled: boolean,
    presenceKey: string | undefined,
  ) {
    this.presenceKey = presenceKey || randomUUID();
  }

  get subTopic(): string {
    return this.topic.replace(/^realtime:/, '');
  }

  identity(): Identity {
    return this.current;
  }

  get envelope(): string {
    return `${this.socket.vsn}\u0000${this.joinRef ?? '\u0001'}\u0000${this.topic}`;
  }

  encode(ids: readonly number[], dataJson: string): Buffer {
    const payload = `{"ids":[${ids.join(',')}],"data":${dataJson}}`;
    const topic = JSON.stringify(this.topic);
    const joinRef = JSON.stringify(this.joinRef);
    return encodeTextFrame(
      this.socket.vsn === '2.0.0'
        ? `[${joinRef},null,${topic},"postgres_changes",${payload}]`
        : `{"join_ref":${joinRef},"ref":null,"topic":${topic},"event":"postgres_changes","payload":${payload}}`,
    );
  }

  send(frame: Buffer): void {
    this.socket.sendTextFrame(frame);
  }

  push(event: string, payload: Record<string, unknown>, ref: string | null = null): void {
    this.socket.send({ join_ref: this.joinRef, ref, topic: this.topic, event, payload });
  }

  /** Closes the channel when its token expires, with the system message realtime-js shows. */
  armExpiry(onExpire: () => void): void {
    clearTimeout(this.expiryTimer);
    const ms = this.current.exp * 1000 - Date.now();
    if (ms > MAX_TIMER_MS) return;
    this.expiryTimer = setTimeout(onExpire, Math.max(0, ms));
    this.expiryTimer.unref();
  }

  disarm(): void {
    clearTimeout(this.expiryTimer);
  }
}

class Connection {
  readonly channels = new Map<string, Channel>();
  lastSeen = Date.now();
  private corked = false;

  constructor(
    readonly ws: WebSocket,
    /** The TCP socket under ws: corked while one turn of the event loop sends, so its frames leave in one write. */
    private readonly socket: Duplex,
    readonly vsn: Vsn,
    readonly apiIdentity: Identity,
    readonly id: string,
  ) {}

  send(frame: Frame): void {
    if (this.open()) this.ws.send(encodeFrame(this.vsn, frame));
  }

  /**
   * A whole WebSocket frame made by encodeTextFrame (shared by the sockets that receive the same
   * change), written to the TCP socket as is. In order with ws's own sends: without
   * permessage-deflate (off on this server) ws writes every frame to the socket synchronously.
   */
  sendTextFrame(frame: Buffer): void {
    if (this.open()) this.socket.write(frame);
  }

  sendBinary(data: Buffer): void {
    if (this.open()) this.ws.send(data);
  }

  private open(): boolean {
    if (this.ws.readyState !== this.ws.OPEN) return false;
    if (!this.corked) {
      this.corked = true;
      this.socket.cork();
      process.nextTick(() => {
        this.corked = false;
        this.socket.uncork();
      });
    }
    return true;
  }
}

export interface BroadcastMessage {
  topic: string;
  event: string;
  payload: unknown;
  private: boolean;
}

/**
 * The realtime service: the websocket endpoint, channels, presence and the change feed. The
 * teacher portal (and any other server code) can publish with broadcast() and subscribe through
 * the same websocket as every client.
 */
export class RealtimeServer {
  readonly changes: ChangeFeed;
  private readonly wss: WebSocketServer;
  private readonly topics = new Map<string, Topic>();
  private readonly connections = new Set<Connection>();
  private readonly events: RateLimiterMemory;
  private readonly idleSweep: NodeJS.Timeout;
  private nextRef = 1;

  constructor(
    private readonly db: Database,
    private readonly jwt: JwtService,
    private readonly logger: Logger,
    readonly limits: RealtimeLimits = DEFAULT_LIMITS,
  ) {
    this.changes = new ChangeFeed(db, logger);
    this.wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false });
    this.events = new RateLimiterMemory({ keyPrefix: 'realtime-events', points: limits.eventsPerSecond, duration: 1 });
    this.idleSweep = setInterval(() => this.closeIdle(), Math.min(limits.idleTimeoutMs, 15_000));
    this.idleSweep.unref();
  }

  start(): Promise<void> {
    return this.changes.start();
  }

  /** Closes every socket (clients reconnect to the next server) and stops the change feed. */
  async stop(): Promise<void> {
    clearInterval(this.idleSweep);
    for (const connection of this.connections) connection.ws.close(1001, 'server shutting down');
    for (const connection of this.connections) connection.ws.terminate();
    await this.changes.stop();
  }

  get socketCount(): number {
    return this.connections.size;
  }

  /** node:http 'upgrade' handler; answers only /realtime/v1/websocket and returns false for other paths. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== '/realtime/v1/websocket' && url.pathname !== '/realtime/v1/websocket/') return false;
    const refuse = (status: number, message: string): void => {
      const body = JSON.stringify({ message });
      socket.end(
        `HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : 'Bad Request'}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      );
    };
    const vsn = url.searchParams.get('vsn') ?? '1.0.0';
    if (vsn !== '1.0.0' && vsn !== '2.0.0') {
      refuse(400, `Unsupported vsn ${vsn}: use 1.0.0 or 2.0.0`);
      return true;
    }
    const header = request.headers['x-api-key'] ?? request.headers.apikey;
    const apikey = url.searchParams.get('apikey') ?? (typeof header === 'string' ? header : undefined);
    if (!apikey) {
      refuse(401, 'No api key provided');
      return true;
    }
    identityOf(this.jwt, apikey).then(
      (identity) => {
        this.wss.handleUpgrade(request, socket, head, (ws) => this.accept(ws, socket, vsn, identity));
      },
      (error: unknown) => refuse(401, error instanceof TokenError ? error.message : 'Invalid api key'),
    );
    return true;
  }

  private accept(ws: WebSocket, socket: Duplex, vsn: Vsn, identity: Identity): void {
    const connection = new Connection(ws, socket, vsn, identity, randomUUID());
    this.connections.add(connection);
    let chain = Promise.resolve();
    ws.on('message', (data, isBinary) => {
      connection.lastSeen = Date.now();
      // Frames of one socket are handled in order (a join finishes before the push after it).
      chain = chain
        .then(() => this.onFrame(connection, data as Buffer, isBinary))
        .catch((error: unknown) => this.logger.error({ err: error }, 'realtime: frame handling failed'));
    });
    ws.on('close', () => {
      this.connections.delete(connection);
      for (const channel of connection.channels.values()) this.removeChannel(channel);
      connection.channels.clear();
    });
    ws.on('error', () => ws.terminate());
  }

  private closeIdle(): void {
    const cutoff = Date.now() - this.limits.idleTimeoutMs;
    for (const connection of this.connections) {
      if (connection.lastSeen < cutoff) connection.ws.close(1000, 'heartbeat timeout');
    }
  }

  private async onFrame(connection: Connection, data: Buffer, isBinary: boolean): Promise<void> {
    let frame: Frame;
    try {
      frame = decodeFrame(connection.vsn, data, isBinary);
    } catch (error) {
      // No topic or ref to answer to: the socket breaks, as Phoenix's does (the client reconnects).
      connection.ws.close(1007, error instanceof FrameError ? error.message : 'invalid frame');
      return;
    }
    if (frame.topic === 'phoenix') {
      if (frame.event === 'heartbeat') connection.send(reply(frame, 'ok', {}));
      return;
    }
    try {
      await this.events.consume(connection.id);
    } catch {
      connection.send(reply(frame, 'error', { reason: 'RateLimitReached: Too many messages per second' }));
      return;
    }
    if (frame.event === 'phx_join') {
      await this.join(connection, frame);
      return;
    }
    const channel = connection.channels.get(frame.topic);
    if (!channel || (frame.join_ref !== null && frame.join_ref !== channel.joinRef)) {
      connection.send(reply(frame, 'error', { reason: 'unmatched topic' }));
      return;
    }
    switch (frame.event) {
      case 'phx_leave':
        connection.send(reply(frame, 'ok', {}));
        this.closeChannel(channel);
        return;
      case 'access_token':
        await this.refreshToken(channel, frame);
        return;
      case 'broadcast':
        this.onBroadcast(channel, frame);
        return;
      case 'presence':
        this.onPresence(channel, frame);
        return;
      default:
        connection.send(reply(frame, 'error', { reason: `unknown event ${frame.event}` }));
    }
  }

  private async join(connection: Connection, frame: Frame): Promise<void> {
    const fail = (reason: string): void => connection.send(reply(frame, 'error', { reason }));
    if (!frame.topic.startsWith('realtime:') || frame.topic.length <= 'realtime:'.length) {
      fail('unmatched topic');
      return;
    }
    const parsed = joinSchema.safeParse(frame.payload);
    if (!parsed.success) {
      fail(`invalid join payload: ${parsed.error.issues[0]?.message ?? 'malformed'}`);
      return;
    }
    const existing = connection.channels.get(frame.topic);
    if (existing) {
      // A rejoin of the same topic replaces the old channel, as Phoenix does.
      existing.push('phx_close', {});
      this.removeChannel(existing);
      connection.channels.delete(frame.topic);
    }
    if (connection.channels.size >= this.limits.channelsPerSocket) {
      fail('ChannelRateLimitReached: Too many channels');
      return;
    }
    const config = parsed.data.config ?? {};
    let identity = connection.apiIdentity;
    const token = parsed.data.access_token;
    if (token && !token.startsWith('sb_')) {
      try {
        identity = await identityOf(this.jwt, token);
      } catch (error) {
        fail(error instanceof TokenError ? error.message : 'InvalidJWTToken: Invalid token');
        return;
      }
    }
    const isPrivate = config.private === true;
    const channel = new Channel(
      connection,
      frame.topic,
      frame.join_ref ?? frame.ref,
      identity,
      isPrivate,
      config.broadcast?.self === true,
      config.broadcast?.ack === true,
      config.presence?.enabled !== false,
      config.presence?.key,
    );
    if (isPrivate) {
      const access = await this.privateAccess(channel.subTopic, identity);
      if (!access.read) {
        fail(`Unauthorized: You do not have permissions to read from this Channel topic: ${channel.subTopic}`);
        return;
      }
      channel.canWrite = access.write;
    }
    const requested = config.postgres_changes ?? [];
    try {
      channel.bindings = await this.changes.resolve(requested, identity);
    } catch (error) {
      if (error instanceof BindingError) {
        fail(error.message);
        return;
      }
      throw error;
    }
    if (connection.ws.readyState !== connection.ws.OPEN) return;
    connection.channels.set(frame.topic, channel);
    const topic = this.topicOf(channel);
    topic.channels.add(channel);
    if (channel.bindings.length > 0) this.changes.add(channel);
    channel.armExpiry(() => this.expire(channel));
    connection.send(
      reply(frame, 'ok', {
        postgres_changes: channel.bindings.map((binding, index) => {
          const request = requested[index];
          return { ...request, id: binding.id };
        }),
      }),
    );
    if (channel.bindings.length > 0) {
      channel.push('system', {
        extension: 'postgres_changes',
        status: 'ok',
        message: 'Subscribed to PostgreSQL',
        channel: channel.subTopic,
      });
    }
    if (channel.presenceEnabled) channel.push('presence_state', topic.presenceState());
  }

  /** Private channels: RLS on realtime.messages decides, as the joining identity (select = read, insert = write). */
  private async privateAccess(subTopic: string, identity: Identity): Promise<{ read: boolean; write: boolean }> {
    return inRolledBackTransaction(this.db, async (tx) => {
      await tx.query(
        "insert into realtime.messages (topic, extension, event, private) values ($1, 'broadcast', 'authorization-check', true)",
        [subTopic],
      );
      await actAs(tx, identity, subTopic);
      const read = await tx.query<{ ok: boolean }>(
        "select count(*) > 0 as ok from realtime.messages where topic = $1 and extension in ('broadcast', 'presence')",
        [subTopic],
      );
      let write = false;
      await tx.query('savepoint realtime_write_check');
      try {
        await tx.query("insert into realtime.messages (topic, extension, event, private) values ($1, 'broadcast', 'authorization-check', true)", [
          subTopic,
        ]);
        write = true;
      } catch {
        await tx.query('rollback to savepoint realtime_write_check');
      }
      return { read: read.rows[0]?.ok === true, write };
    });
  }

  private topicOf(channel: { topic: string; isPrivate: boolean }): Topic {
    const key = `${channel.isPrivate ? 'private' : 'public'}:${channel.topic}`;
    let topic = this.topics.get(key);
    if (!topic) {
      topic = new Topic();
      this.topics.set(key, topic);
    }
    return topic;
  }

  private async refreshToken(channel: Channel, frame: Frame): Promise<void> {
    const token = frame.payload.access_token;
    if (typeof token !== 'string' || token.startsWith('sb_') || token === channel.current.token) return;
    try {
      const identity = await identityOf(this.jwt, token);
      if (channel.isPrivate) {
        const access = await this.privateAccess(channel.subTopic, identity);
        if (!access.read) throw new TokenError(`Unauthorized: You do not have permissions to read from this Channel topic: ${channel.subTopic}`);
        channel.canWrite = access.write;
      }
      channel.current = identity;
      channel.armExpiry(() => this.expire(channel));
    } catch (error) {
      const message = error instanceof TokenError ? error.message : 'InvalidJWTToken: Invalid token';
      channel.push('system', { extension: 'system', status: 'error', message, channel: channel.subTopic });
      this.closeChannel(channel);
    }
  }

  private expire(channel: Channel): void {
    if (channel.socket.channels.get(channel.topic) !== channel) return;
    channel.push('system', {
      extension: 'system',
      status: 'error',
      message: 'Token has expired 0 seconds ago',
      channel: channel.subTopic,
    });
    this.closeChannel(channel);
  }

  /** Server-side close: phx_close to the client and the channel is gone. */
  private closeChannel(channel: Channel): void {
    channel.push('phx_close', {});
    this.removeChannel(channel);
    if (channel.socket.channels.get(channel.topic) === channel) channel.socket.channels.delete(channel.topic);
  }

  private removeChannel(channel: Channel): void {
    channel.disarm();
    this.changes.remove(channel);
    const topic = this.topicOf(channel);
    topic.channels.delete(channel);
    this.untrack(channel, topic);
    if (topic.channels.size === 0 && topic.presence.size === 0) {
      this.topics.delete(`${channel.isPrivate ? 'private' : 'public'}:${channel.topic}`);
    }
  }

  private onBroadcast(channel: Channel, frame: Frame): void {
    const parsed = broadcastSchema.safeParse(frame.payload);
    if (!parsed.success) {
      channel.socket.send(reply(frame, 'error', { reason: 'invalid broadcast: needs event and payload' }));
      return;
    }
    if (!channel.canWrite) {
      channel.socket.send(reply(frame, 'error', { reason: 'Unauthorized: You do not have permissions to write to this Channel topic' }));
      return;
    }
    const { event, payload, binary } = parsed.data;
    this.fanOutBroadcast(this.topicOf(channel), channel.topic, event, payload, binary === true, channel);
    if (channel.ack) channel.socket.send(reply(frame, 'ok', {}));
  }

  private fanOutBroadcast(topic: Topic, topicName: string, event: string, payload: unknown, binary: boolean, sender?: Channel): void {
    const message = { type: 'broadcast', event, payload };
    for (const receiver of topic.channels) {
      if (receiver === sender && !sender.self) continue;
      if (binary && receiver.socket.vsn === '2.0.0') {
        const bytes = Buffer.from((payload as { binary?: string }).binary ?? '', 'base64');
        receiver.socket.sendBinary(encodeBinaryBroadcast(topicName, event, bytes));
      } else {
        receiver.push('broadcast', message);
      }
    }
  }

  /** Sends a broadcast to every subscriber of a topic (REST endpoint, server code). */
  broadcast(message: BroadcastMessage): void {
    const topicName = `realtime:${message.topic}`;
    const topic = this.topics.get(`${message.private ? 'private' : 'public'}:${topicName}`);
    if (topic) this.fanOutBroadcast(topic, topicName, message.event, message.payload, false);
  }

  /** Whether identity may send to a topic (public: any valid key; private: the insert policy). */
  async maySend(identity: Identity, topic: string, isPrivate: boolean): Promise<boolean> {
    if (!isPrivate) return true;
    // The service role bypasses row-level security (as on hosted Supabase): no check to run.
    if (identity.role === 'service_role') return true;
    return (await this.privateAccess(topic, identity)).write;
  }

  identityOf(token: string): Promise<Identity> {
    return identityOf(this.jwt, token);
  }

  private onPresence(channel: Channel, frame: Frame): void {
    const parsed = presenceSchema.safeParse(frame.payload);
    if (!parsed.success) {
      channel.socket.send(reply(frame, 'error', { reason: 'invalid presence: event is track or untrack' }));
      return;
    }
    if (!channel.canWrite) {
      channel.socket.send(reply(frame, 'error', { reason: 'Unauthorized: You do not have permissions to track presence on this Channel topic' }));
      return;
    }
    const topic = this.topicOf(channel);
    if (parsed.data.event === 'untrack') {
      this.untrack(channel, topic);
    } else {
      const payload = parsed.data.payload ?? {};
      if (JSON.stringify(payload).length > 16_384) {
        channel.socket.send(reply(frame, 'error', { reason: 'presence payload is too large' }));
        return;
      }
      const leaves = this.takeMetas(channel, topic);
      const meta = { ...payload, phx_ref: String(this.nextRef++) };
      let metas = topic.presence.get(channel.presenceKey);
      if (!metas) {
        metas = new Map();
        topic.presence.set(channel.presenceKey, metas);
      }
      metas.set(meta.phx_ref, { channel, meta });
      this.presenceDiff(topic, { [channel.presenceKey]: { metas: [meta] } }, leaves);
    }
    channel.socket.send(reply(frame, 'ok', {}));
  }

  /** Removes the channel's presence (untrack, leave, disconnect) and tells the topic. */
  private untrack(channel: Channel, topic: Topic): void {
    const leaves = this.takeMetas(channel, topic);
    if (Object.keys(leaves).length > 0) this.presenceDiff(topic, {}, leaves);
  }

  private takeMetas(channel: Channel, topic: Topic): Record<string, { metas: Record<string, unknown>[] }> {
    const leaves: Record<string, { metas: Record<string, unknown>[] }> = {};
    const metas = topic.presence.get(channel.presenceKey);
    if (!metas) return leaves;
    for (const [ref, entry] of metas) {
      if (entry.channel !== channel) continue;
      metas.delete(ref);
      (leaves[channel.presenceKey] ??= { metas: [] }).metas.push(entry.meta);
    }
    if (metas.size === 0) topic.presence.delete(channel.presenceKey);
    return leaves;
  }

  private presenceDiff(topic: Topic, joins: Record<string, unknown>, leaves: Record<string, unknown>): void {
    for (const receiver of topic.channels) {
      if (receiver.presenceEnabled) receiver.push('presence_diff', { joins, leaves });
    }
  }
}
