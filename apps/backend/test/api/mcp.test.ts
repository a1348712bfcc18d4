// The MCP server at /functions/v1/api/mcp with the official SDK's client over Streamable HTTP:
// the key's deployed apps as tools with their input schemas, and calling one runs the app.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import { signedIn } from '../functions-ai/helpers.js';
import { apiApp, createKey } from './helpers.js';

let backend: TestBackend;

async function connect(key: string): Promise<Client> {
  const client = new Client({ name: 'appforge-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${backend.url}/functions/v1/api/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${key}` } },
  });
  await client.connect(transport);
  return client;
}

describe('MCP server', () => {
  beforeAll(async () => {
    backend = await startTestBackend();
  });
  afterAll(() => backend.stop());

  it('lists the key’s deployed apps with API access as tools and runs one', async () => {
    const owner = await signedIn(backend);
    const other = await signedIn(backend);
    const { appId } = await apiApp(backend, owner.id);
    await apiApp(backend, owner.id, { apiAccess: false });
    await apiApp(backend, owner.id, { deployed: false });
    await apiApp(backend, other.id);
    const created = await createKey(backend, owner);

    const client = await connect(created.key);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual([`topic_explainer_${appId.slice(0, 8)}`]);
      expect(tools[0]).toMatchObject({
        title: 'Topic explainer',
        description: 'Explains a topic simply',
        inputSchema: { type: 'object', properties: { topic: { type: 'string', title: 'Topic' } }, required: ['topic'] },
      });

      const result = await client.callTool({ name: tools[0]?.name ?? '', arguments: { topic: 'glaciers' } });
      expect(result.isError).toBe(false);
      const text = (result.content as { type: string; text: string }[])[0]?.text ?? '';
      expect(text).toContain('# Answer');
      expect(text).toContain('glaciers');
      expect(result.structuredContent).toMatchObject({ status: 'done', outputs: { topic: 'glaciers' } });
      const runs = await backend.db.query<{ api_key_id: string }>('select api_key_id from public."AppRun" where app_id = $1', [appId]);
      expect(runs.rows).toEqual([{ api_key_id: created.id }]);

      const bad = await client.callTool({ name: tools[0]?.name ?? '', arguments: { topic: 42, colour: 'red' } });
      expect(bad.isError).toBe(true);
      expect((bad.content as { text: string }[])[0]?.text).toMatch(/colour[\s\S]*Topic/);
      const unknown = await client.callTool({ name: 'nothing_here', arguments: {} });
      expect(unknown.isError).toBe(true);
      expect((await backend.db.query('select 1 from public."AppRun" where app_id = $1', [appId])).rows).toHaveLength(1);
    } finally {
      await client.close();
    }
  });

  it('lists only the apps a scoped key names, and refuses a bad key with 401', async () => {
    const owner = await signedIn(backend);
    await apiApp(backend, owner.id);
    const { appId: second } = await apiApp(backend, owner.id);
    const scoped = await createKey(backend, owner, { app_ids: [second] });
    const client = await connect(scoped.key);
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([`topic_explainer_${second.slice(0, 8)}`]);
    } finally {
      await client.close();
    }
    await expect(connect(`af_${'C'.repeat(51)}`)).rejects.toThrow(/401|invalid_api_key/);
    const plain = await fetch(`${backend.url}/functions/v1/api/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(plain.status).toBe(401);
    expect(await plain.json()).toMatchObject({ error: { code: 'invalid_api_key' } });
  });
});
