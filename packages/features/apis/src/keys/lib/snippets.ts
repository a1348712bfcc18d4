// Code a developer copies to call an app: built from the app's real input names and the real base
// URL of the API, with a placeholder (or the key just created) for the key.
import type { ApiInputField } from '@appforge/sdk';

export const KEY_PLACEHOLDER = 'YOUR_API_KEY';

/** A value of the right type for each input (what a first call can send as is). */
export function sampleInputs(fields: readonly ApiInputField[]): Record<string, string | number | boolean> {
  const sample = (field: ApiInputField): string | number | boolean => {
    if (field.type === 'number') return 1;
    if (field.type === 'yes_no') return true;
    if (field.type === 'choice') return field.options?.[0] ?? '';
    return `Your ${field.label.toLowerCase()}`;
  };
  const entries: [string, string | number | boolean][] = fields.filter((field) => field.type !== 'file').map((field) => [field.name, sample(field)]);
  return Object.fromEntries(entries);
}

export function runUrl(baseUrl: string, appId: string): string {
  return `${baseUrl}/v1/apps/${appId}/runs`;
}

/** A single shell line: single-quoted JSON with any ' escaped for POSIX shells. */
export function curlSnippet(baseUrl: string, appId: string, inputs: Record<string, unknown>, key = KEY_PLACEHOLDER): string {
  const body = JSON.stringify({ inputs }).replace(/'/g, `'\\''`);
  return `curl -sS -X POST '${runUrl(baseUrl, appId)}' -H 'Authorization: Bearer ${key}' -H 'Content-Type: application/json' -d '${body}'`;
}

/** JavaScript with the SDK's typed API client (@appforge/sdk/api): typed answers and errors. */
export function javascriptSnippet(baseUrl: string, appId: string, inputs: Record<string, unknown>): string {
  return [
    `// npm install @appforge/sdk`,
    `import { RateLimitedError, createAppforgeApi } from '@appforge/sdk/api';`,
    ``,
    `const api = createAppforgeApi({ url: ${JSON.stringify(baseUrl)}, apiKey: process.env.APPFORGE_API_KEY });`,
    `try {`,
    `  const run = await api.runs.create(${JSON.stringify(appId)}, ${JSON.stringify(inputs)});`,
    `  console.log(run.output);`,
    `} catch (error) {`,
    `  if (error instanceof RateLimitedError) console.error(\`Too many runs; try again in \${error.retryAfter} s\`);`,
    `  else throw error;`,
    `}`,
  ].join('\n');
}

function pythonLiteral(value: unknown): string {
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (value === null) return 'None';
  if (Array.isArray(value)) return `[${value.map(pythonLiteral).join(', ')}]`;
  if (typeof value === 'object') {
    return `{${Object.entries(value as Record<string, unknown>)
      .map(([key, item]) => `${JSON.stringify(key)}: ${pythonLiteral(item)}`)
      .join(', ')}}`;
  }
  return JSON.stringify(value);
}

export function pythonSnippet(baseUrl: string, appId: string, inputs: Record<string, unknown>): string {
  return [
    'import os',
    'import requests',
    '',
    'response = requests.post(',
    `    ${JSON.stringify(runUrl(baseUrl, appId))},`,
    '    headers={"Authorization": f"Bearer {os.environ[\'APPFORGE_API_KEY\']}"},',
    `    json={"inputs": ${pythonLiteral(inputs)}},`,
    '    timeout=120,',
    ')',
    'response.raise_for_status()',
    'print(response.json()["output"])',
  ].join('\n');
}

/** An MCP client's server entry (Claude Desktop, Cursor, VS Code use this shape). */
export function mcpConfig(baseUrl: string): string {
  return JSON.stringify({ mcpServers: { appforge: { type: 'http', url: `${baseUrl}/mcp`, headers: { Authorization: `Bearer ${KEY_PLACEHOLDER}` } } } }, null, 2);
}
