// The fake model server's fixed address and its control API's wire format, shared by
// servers/fake-model.ts (the process), playwright.config.ts (which starts it) and the tests.
import { z } from 'zod';

/** Loopback port of the fake OpenAI-compatible endpoint and its control API. */
export const FAKE_MODEL_PORT = 54360;
export const FAKE_MODEL_URL = `http://127.0.0.1:${FAKE_MODEL_PORT}`;
/** What the AI backend's AI_BASE_URL holds. */
export const FAKE_MODEL_BASE_URL = `${FAKE_MODEL_URL}/v1`;
/** The model id the fake lists and the AI backend asks for (AI_MODEL). */
export const FAKE_MODEL_ID = 'fake-model';
/** The key the fake demands (AI_API_KEY): a request without it gets OpenAI's 401. Not a secret. */
export const FAKE_MODEL_API_KEY = 'e2e-fake-model-key';

/** One scripted answer, as @appforge/models/testing's FakeResponse, checked strictly. */
export const scriptedResponseSchema = z.union([
  z.strictObject({
    text: z.string().max(200_000),
    chunks: z.array(z.string()).max(10_000).optional(),
    chunkDelayMs: z.number().int().min(0).max(5_000).optional(),
    delayMs: z.number().int().min(0).max(60_000).optional(),
    usage: z.strictObject({ promptTokens: z.number().int().min(0), completionTokens: z.number().int().min(0) }).optional(),
    finishReason: z.enum(['stop', 'length', 'content_filter']).optional(),
    dropAfterChunks: z.number().int().min(0).optional(),
  }),
  z.strictObject({
    status: z.number().int().min(400).max(599),
    message: z.string().max(2_000).optional(),
    headers: z.record(z.string(), z.string()).optional(),
  }),
  z.strictObject({ hang: z.literal(true) }),
]);
export type ScriptedResponse = z.infer<typeof scriptedResponseSchema>;

/** POST /__control/enqueue: the next answers, in order. */
export const enqueueBodySchema = z.array(scriptedResponseSchema).min(1, { error: 'Send at least one response.' }).max(100);

/** One chat completion request the backend sent, as GET /__control/requests lists it. */
export const recordedRequestSchema = z.object({
  path: z.string(),
  model: z.string(),
  stream: z.boolean(),
  authorized: z.boolean(),
  messages: z.array(z.object({ role: z.string(), content: z.unknown() })),
  responseFormat: z.unknown().optional(),
  clientDisconnected: z.boolean(),
});
export type RecordedModelRequest = z.infer<typeof recordedRequestSchema>;

export const requestsReplySchema = z.object({
  /** Scripted answers not used yet. */
  pending: z.number().int(),
  requests: z.array(recordedRequestSchema),
});
export type RequestsReply = z.infer<typeof requestsReplySchema>;

/** The text of a recorded request's messages, joined (string contents only). */
export function requestText(request: RecordedModelRequest): string {
  return request.messages.map((message) => (typeof message.content === 'string' ? message.content : '')).join('\n');
}
