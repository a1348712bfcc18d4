// The pre-encoded text frames the change feed writes to every socket as is must be frames a
// WebSocket client reads back exactly: a real ws client on loopback, at each of RFC 6455's three
// payload length encodings, written after one of ws's own frames on the same socket.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { encodeTextFrame } from '../../src/realtime/protocol.js';

const TEXTS = ['x'.repeat(125), `{"title":"${'é'.repeat(2000)}"}`, 'y'.repeat(70_000)];

describe('encodeTextFrame', () => {
  const server = createServer();
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  beforeAll(async () => {
    server.on('upgrade', (request, socket, head) => {
      wss.handleUpgrade(request, socket, head, (ws) => {
        ws.send('from ws');
        for (const text of TEXTS) socket.write(encodeTextFrame(text));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    wss.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('makes 7-bit, 16-bit and 64-bit length text frames a client reads back unchanged, in order', async () => {
    const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const received = await new Promise<{ text: string; isBinary: boolean }[]>((resolve, reject) => {
      const messages: { text: string; isBinary: boolean }[] = [];
      client.on('message', (data: Buffer, isBinary) => {
        messages.push({ text: data.toString('utf8'), isBinary });
        if (messages.length === TEXTS.length + 1) resolve(messages);
      });
      client.on('error', reject);
    });
    client.close();
    expect(received.map((message) => message.isBinary)).toEqual([false, false, false, false]);
    expect(received.map((message) => message.text)).toEqual(['from ws', ...TEXTS]);
  });
});
