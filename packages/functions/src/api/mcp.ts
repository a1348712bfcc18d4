// /functions/v1/api/mcp: a Model Context Protocol server (Streamable HTTP, stateless: a server per
// request) whose tools are the key's deployed apps with API access on; calling one runs the app.
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
import type { FunctionContext } from '../types.ts';
import { ApiError } from './errors.ts';
import { entryInputFields, inputsJsonSchema } from './inputs.ts';
import type { ApiKeyRow } from './key-auth.ts';
import { executePrepared, meterKey, prepareStart } from './runs.ts';
import type { RunResult } from './runs.ts';
import { deployedSpec } from './scope.ts';

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

function mcpServer(ctx: FunctionContext, key: ApiKeyRow, signal: AbortSignal): Server {
  const server = new Server({ name: 'appforge', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: (await keyTools(ctx, key)).map((entry) => entry.tool) }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const found = (await keyTools(ctx, key)).find((entry) => entry.tool.name === request.params.name);
    if (!found) return { content: [{ type: 'text', text: `There is no tool named ${request.params.name}` }], isError: true };
    try {
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
