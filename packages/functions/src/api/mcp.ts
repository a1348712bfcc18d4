// /functions/v1/api/mcp: a Model Context Protocol server (Streamable HTTP, stateless: a server per
// request) whose tools are the key's deployed apps with API access on (calling one runs the app),
// and two tools for app tests: run_app_tests starts a test run, get_test_run reads it.
// The SDK's catch-all export ("./*": { "types": "./dist/esm/*.d.ts" }) points `…/types.js` at a
// missing `types.js.d.ts`; TypeScript then falls back to the sibling .d.ts, Deno does not and
// types the whole module as `any`. So `Server` comes from the SDK's explicit "./server" export, and
// the two `.js` subpaths carry Deno's @ts-types hint to their declarations (a comment to Node).
import { Server } from '@modelcontextprotocol/sdk/server';
// @ts-types="@modelcontextprotocol/sdk/server/webStandardStreamableHttp"
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
// @ts-types="@modelcontextprotocol/sdk/types"
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
// @ts-types="@modelcontextprotocol/sdk/types"
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { executeTestRun } from '../test-runs.ts';
import type { FunctionContext } from '../types.ts';
import { ApiError } from './errors.ts';
import { entryInputFields, inputsJsonSchema } from './inputs.ts';
import type { ApiKeyRow } from './key-auth.ts';
import { executePrepared, meterKey, prepareStart } from './runs.ts';
import type { RunResult } from './runs.ts';
import { deployedSpec } from './scope.ts';
import { readTestRun, startedTestRunBody, startTestRun, testRunRequestSchema } from './test-runs.ts';
import type { TestRunBody } from './test-runs.ts';

const MAX_TOOLS = 100;

interface AppTool {
  tool: Tool;
  appId: string;
}

/** `topic-explainer_1a2b3c4d`: readable, unique per app, within MCP's 64-character names. */
export function toolName(app: { id: string; name: string }): string {
  const slug = app.name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 50);
  return `${slug || 'app'}_${app.id.slice(0, 8)}`;
}

async function keyTools(ctx: FunctionContext, key: ApiKeyRow): Promise<AppTool[]> {
  let query = ctx.supabase
    .from('App')
    .select('id, name, description, deployed_version_id')
    .eq('owner_id', key.owner_id)
    .eq('api_access_enabled', true)
    .not('deployed_version_id', 'is', null)
    .order('name')
    .limit(MAX_TOOLS);
  if (key.app_ids !== null) query = query.in('id', key.app_ids);
  const found = await query;
  if (found.error) throw new Error(`Reading the apps failed: ${found.error.message}`);
  const apps = found.data as { id: string; name: string; description: string | null; deployed_version_id: string }[];
  const tools: AppTool[] = [];
  for (const app of apps) {
    const spec = await deployedSpec(ctx.supabase, app.id, app.deployed_version_id).catch(() => null);
    if (spec === null) continue;
    tools.push({
      appId: app.id,
      tool: {
        name: toolName(app),
        title: app.name,
        description: app.description ?? `Runs the Appforge app “${app.name}”.`,
        inputSchema: inputsJsonSchema(entryInputFields(spec)) as Tool['inputSchema'],
      },
    });
  }
  return tools;
}

function toolResult(result: RunResult): CallToolResult {
  const text =
    result.status === 'done'
      ? (result.output ?? JSON.stringify(result.outputs))
      : result.status === 'failed'
        ? `The run failed: ${result.error?.message ?? 'unknown error'}`
        : `The app is waiting for more (${result.awaiting?.type ?? 'input'}); continue run ${result.run_id} with the REST API.`;
  return {
    content: [{ type: 'text', text }],
    structuredContent: result as unknown as Record<string, unknown>,
    isError: result.status === 'failed',
  };
}

/** The app-test tools, the same for every key (the key decides which apps they reach). */
export const TEST_TOOLS: Tool[] = [
  {
    name: 'run_app_tests',
    title: 'Run an app’s tests',
    description:
      'Starts a test run of an Appforge app: every test case of the app runs on the chosen version (its draft unless you name a version number or "live"). Answers at once with the test run’s id; read its results with get_test_run.',
    inputSchema: {
      type: 'object',
      properties: {
        app_id: { type: 'string', format: 'uuid', description: 'The app whose tests to run' },
        version: { oneOf: [{ type: 'integer', minimum: 1 }, { type: 'string', enum: ['draft', 'live'] }], description: 'A version number, "draft" or "live"; the draft when absent' },
      },
      required: ['app_id'],
      additionalProperties: false,
    },
  },
  {
    name: 'get_test_run',
    title: 'Read a test run',
    description:
      'The status of a test run, how many cases passed and failed, and each case’s result with the reason, the output, and for a case that runs more than once how many of its runs passed (runs, runs_passed, passes_needed).',
    inputSchema: {
      type: 'object',
      properties: { test_run_id: { type: 'string', format: 'uuid', description: 'The id run_app_tests answered' } },
      required: ['test_run_id'],
      additionalProperties: false,
    },
  },
];

/** "n of m runs pass": how many of a case's runs passed, when it ran more than once. */
function runCounts(result: TestRunBody['results'][number]): string {
  if (result.runs === 1 || result.runs_passed === null) return '';
  return `, ${result.runs_passed} of ${result.runs} runs passed (${result.passes_needed} needed)`;
}

function testRunText(body: TestRunBody): string {
  const state = body.status === 'running' ? 'is running' : body.status === 'done' ? 'finished' : `failed: ${body.error?.message ?? 'it did not finish'}`;
  const head = `Test run ${body.id} of version ${body.version_number ?? '?'} ${state}. ${body.passed} of ${body.total} cases passed, ${body.failed} failed, ${body.needs_update} need an update.`;
  const lines = body.results
    .filter((result) => result.status !== 'running')
    .map((result) => `- ${result.case_name}: ${result.status.replace('_', ' ')}${runCounts(result)}${result.reason ? ` (${result.reason})` : ''}`);
  return [head, ...lines].join('\n');
}

function testRunResult(body: TestRunBody): CallToolResult {
  return { content: [{ type: 'text', text: testRunText(body) }], structuredContent: body as unknown as Record<string, unknown>, isError: false };
}

async function callTestTool(ctx: FunctionContext, key: ApiKeyRow, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  if (name === 'get_test_run') {
    const id = args.test_run_id;
    if (typeof id !== 'string') throw new ApiError(400, 'invalid_request', 'test_run_id must be the id run_app_tests answered');
    return testRunResult(await readTestRun(ctx, key, id));
  }
  const { app_id: appId, ...rest } = args;
  if (typeof appId !== 'string') throw new ApiError(400, 'invalid_request', 'app_id must be the id of one of your apps');
  const request = testRunRequestSchema.safeParse(rest);
  if (!request.success) throw new ApiError(400, 'invalid_request', request.error.issues.map((issue) => issue.message).join(' '));
  const prepared = await startTestRun(ctx, key, appId, request.data);
  // Runs on after this answer, like POST test-runs; get_test_run shows how far it got.
  void executeTestRun(ctx, prepared, () => undefined);
  return testRunResult(startedTestRunBody(prepared));
}

function mcpServer(ctx: FunctionContext, key: ApiKeyRow, signal: AbortSignal): Server {
  const server = new Server({ name: 'appforge', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [...(await keyTools(ctx, key)).map((entry) => entry.tool), ...TEST_TOOLS] }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const name = request.params.name;
    const testTool = TEST_TOOLS.some((tool) => tool.name === name);
    const found = testTool ? null : (await keyTools(ctx, key)).find((entry) => entry.tool.name === name);
    if (!testTool && !found) return { content: [{ type: 'text', text: `There is no tool named ${name}` }], isError: true };
    try {
      if (!found) return await callTestTool(ctx, key, name, request.params.arguments ?? {});
      const prepared = await prepareStart(ctx, key, found.appId, request.params.arguments ?? {});
      return toolResult(await executePrepared(ctx, prepared, signal));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      await meterKey(ctx, key.id, { errors: 1 });
      const fields = error.extra.fields?.map((field) => `${field.field}: ${field.message}`).join('\n');
      return { content: [{ type: 'text', text: fields ? `${error.message}\n${fields}` : error.message }], isError: true };
    }
  });
  return server;
}

/** Answers one MCP request (POST with JSON-RPC; GET/DELETE are refused by the stateless transport). */
export async function handleMcp(req: Request, ctx: FunctionContext, key: ApiKeyRow): Promise<Response> {
  const server = mcpServer(ctx, key, req.signal);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(req);
  } finally {
    await server.close();
  }
}
