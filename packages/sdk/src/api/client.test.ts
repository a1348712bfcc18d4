// Bad input to the public API client against real loopback servers: a missing key, nothing
// listening, an answer that is not the API's, a stream cut in the middle. Each ends in a typed
// error, never a hang; nothing is sent when the client refuses an argument itself.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppforgeApi } from './client';
import type { ApiRunEvent } from './schemas';
import {
  AppforgeApiError,
  ApiConnectionError,
  InvalidApiKeyError,
  InvalidRequestError,
  InvalidResponseError,
  RateLimitedError,
  StreamInterruptedError,
} from './errors';

const APP_ID = '0a7c1c4e-9c7b-4f36-9d52-1f2a3b4c5d6e';
const KEY = `af_${'k'.repeat(51)}`;
const servers: Server[] = [];

/** A loopback HTTP server answering every request with `answer`; counts what it received. */
async function serve(answer: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ url: string; requests: IncomingMessage[] }> {
  const requests: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    requests.push(req);
    answer(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`, requests };
}

/** A port nothing listens on (just released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

async function drain(stream: AsyncIterable<ApiRunEvent>, seen: ApiRunEvent[] = []): Promise<ApiRunEvent[]> {
  for await (const event of stream) seen.push(event);
  return seen;
}

const RUN = { run_id: 'r1', status: 'done', output: 'Hi', outputs: {}, usage: { input_tokens: 1, output_tokens: 2 } };

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('createAppforgeApi with bad input', () => {
  it('refuses a missing or blank key before sending anything', async () => {
    const { url, requests } = await serve((_req, res) => res.end('{}'));
    for (const apiKey of [undefined, '', '   ']) {
      const error = await failure(async () => createAppforgeApi({ url, apiKey }).apps.get(APP_ID));
      expect(error).toBeInstanceOf(InvalidApiKeyError);
      expect((error as Error).message).toContain('No API key given');
    }
    expect(() => createAppforgeApi({ url: 'not a url', apiKey: KEY })).toThrow(InvalidRequestError);
    expect(requests).toHaveLength(0);
  });

  it('says the API is out of reach when nothing listens at the URL', async () => {
    const api = createAppforgeApi({ url: `http://127.0.0.1:${String(await closedPort())}`, apiKey: KEY });
    const error = await failure(() => api.runs.create(APP_ID, { topic: 'x' }));
    expect(error).toBeInstanceOf(ApiConnectionError);
    expect(error).toMatchObject({ code: 'network_error' });
    expect((error as Error).message).toContain('Could not reach the Appforge API');
    expect(await failure(() => drain(api.runs.stream(APP_ID, { topic: 'x' })))).toBeInstanceOf(ApiConnectionError);
  });

  it('says the answer is not the API’s when a server answers HTML or other JSON', async () => {
    const html = await serve((_req, res) => res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>'));
    const error = await failure(() => createAppforgeApi({ url: html.url, apiKey: KEY }).apps.get(APP_ID));
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error).toMatchObject({ status: 502, code: 'invalid_response' });
    expect((error as Error).message).toContain('not JSON');

    const okHtml = await serve((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>'));
    expect(await failure(() => createAppforgeApi({ url: okHtml.url, apiKey: KEY }).runs.create(APP_ID))).toBeInstanceOf(InvalidResponseError);

    const otherJson = await serve((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"hello":"world"}'));
    expect(await failure(() => createAppforgeApi({ url: otherJson.url, apiKey: KEY }).runs.get('r1'))).toBeInstanceOf(InvalidResponseError);
  });

  it('ends a stream cut in the middle with StreamInterruptedError after the events that came', async () => {
    const { url } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`event: run\ndata: ${JSON.stringify({ run_id: 'r1', offline: true, model_label: 'Offline' })}\n\n`);
      res.write('event: token\ndata: {"text":"Hel"}\n\n', () => res.socket?.destroy());
    });
    const seen: ApiRunEvent[] = [];
    const error = await failure(() => drain(createAppforgeApi({ url, apiKey: KEY }).runs.stream(APP_ID, { topic: 'x' }), seen));
    expect(error).toBeInstanceOf(StreamInterruptedError);
    expect((error as Error).message).toContain('broke off before the run finished');
    expect(seen.map((event) => event.event)).toEqual(['run', 'progress']);
  });

  it('ends a stream that closes without its done event with StreamInterruptedError', async () => {
    const { url } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(`event: run\ndata: ${JSON.stringify({ run_id: 'r1', offline: true, model_label: 'Offline' })}\n\n`);
    });
    expect(await failure(() => drain(createAppforgeApi({ url, apiKey: KEY }).runs.continueStream('r1', 0)))).toBeInstanceOf(StreamInterruptedError);
  });

  it('refuses bad arguments with InvalidRequestError and sends nothing', async () => {
    const { url, requests } = await serve((_req, res) => res.end(JSON.stringify(RUN)));
    const api = createAppforgeApi({ url, apiKey: KEY });
    expect(await failure(() => api.apps.get(' '))).toBeInstanceOf(InvalidRequestError);
    expect(await failure(() => api.runs.create(APP_ID, ['a'] as unknown as Record<string, unknown>))).toBeInstanceOf(InvalidRequestError);
    expect(await failure(() => api.runs.continue('r1', -1))).toBeInstanceOf(InvalidRequestError);
    expect(await failure(() => drain(api.runs.stream('', {})))).toBeInstanceOf(InvalidRequestError);
    expect(await failure(() => api.testRuns.create(APP_ID, { version: 0 }))).toBeInstanceOf(InvalidRequestError);
    expect(requests).toHaveLength(0);
  });

  it('sends the key as a bearer token to the project’s API path, and reads Retry-After and unknown codes', async () => {
    let seen: { url?: string | undefined; authorization?: string | undefined } = {};
    const { url } = await serve((req, res) => {
      seen = { url: req.url, authorization: req.headers.authorization };
      if (req.url?.endsWith('/runs')) {
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '17' }).end(JSON.stringify({ error: { code: 'rate_limited', message: 'Too many runs; try again in 17 s' } }));
      } else {
        res.writeHead(418, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 'brand_new_code', message: 'Something new' } }));
      }
    });
    const api = createAppforgeApi({ url: `${url}/`, apiKey: ` ${KEY} ` });
    const limited = await failure(() => api.runs.create(APP_ID, { topic: 'x' }));
    expect(limited).toBeInstanceOf(RateLimitedError);
    expect((limited as RateLimitedError).retryAfter).toBe(17);
    expect(seen).toEqual({ url: `/functions/v1/api/v1/apps/${APP_ID}/runs`, authorization: `Bearer ${KEY}` });
    const unknown = await failure(() => api.testRuns.get('a/b'));
    expect(unknown).toBeInstanceOf(AppforgeApiError);
    expect(unknown).toMatchObject({ code: 'brand_new_code', status: 418, message: 'Something new' });
    expect(seen.url).toBe('/functions/v1/api/v1/test-runs/a%2Fb');
  });
});
