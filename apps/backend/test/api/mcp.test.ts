// The MCP server at /functions/v1/api/mcp with the official SDK's client over Streamable HTTP:
// the key's deployed apps as tools with their input schemas (calling one runs the app), and the
// two app-test tools, run_app_tests and get_test_run.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
      expect(tools.map((tool) => tool.name)).toEqual([`topic_explainer_${appId.slice(0, 8)}`, 'run_app_tests', 'get_test_run']);
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
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([`topic_explainer_${second.slice(0, 8)}`, 'run_app_tests', 'get_test_run']);
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

  it('runs an app’s tests with run_app_tests and reads the results with get_test_run, only for the key’s apps', async () => {
    const owner = await signedIn(backend);
    const { appId } = await apiApp(backend, owner.id);
    const { appId: otherApp } = await apiApp(backend, owner.id);
    const made = await owner.client
      .from('AppTestCase')
      .insert({ app_id: appId, name: 'Shows an answer', inputs: { topic: 'owls' }, expectations: [{ kind: 'contains', text: 'Answer' }], runs: 3, passes_needed: 2 });
    expect(made.error).toBeNull();
    const scoped = await createKey(backend, owner, { app_ids: [appId] });
    const client = await connect(scoped.key);
    try {
      const started = await client.callTool({ name: 'run_app_tests', arguments: { app_id: appId, version: 'live' } });
      expect(started.isError).toBe(false);
      const testRunId = String((started.structuredContent as { id: string }).id);
      expect(started.structuredContent).toMatchObject({ status: 'running', total: 1, results: [{ runs: 3, runs_passed: null, passes_needed: 2 }] });

      const finished = await vi.waitFor(
        async () => {
          const read = await client.callTool({ name: 'get_test_run', arguments: { test_run_id: testRunId } });
          if ((read.structuredContent as { status: string }).status === 'running') throw new Error('still running');
          return read;
        },
        { timeout: 60_000, interval: 100 },
      );
      expect(finished.structuredContent).toMatchObject({
        status: 'done',
        passed: 1,
        failed: 0,
        total: 1,
        results: [{ case_name: 'Shows an answer', passed: true, runs: 3, runs_passed: 3, passes_needed: 2 }],
      });
      expect((finished.content as { text: string }[])[0]?.text).toContain('1 of 1 cases passed');
      expect((finished.content as { text: string }[])[0]?.text).toContain('- Shows an answer: passed, 3 of 3 runs passed (2 needed)');

      const outside = await client.callTool({ name: 'run_app_tests', arguments: { app_id: otherApp } });
      expect(outside.isError).toBe(true);
      expect((outside.content as { text: string }[])[0]?.text).toBe('This key may not run this app’s tests');
      const badVersion = await client.callTool({ name: 'run_app_tests', arguments: { app_id: appId, version: 'latest' } });
      expect(badVersion.isError).toBe(true);
      expect((await backend.db.query('select 1 from public."AppTestRun" where app_id = any($1)', [[appId, otherApp]])).rows).toHaveLength(1);
    } finally {
      await client.close();
    }
  });
});
