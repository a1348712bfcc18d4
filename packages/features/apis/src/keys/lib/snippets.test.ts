import { describe, expect, it } from 'vitest';
import { curlSnippet, javascriptSnippet, mcpConfig, pythonSnippet, sampleInputs } from './snippets';

const fields = [
  { name: 'topic', label: 'Topic', type: 'text', required: true },
  { name: 'count', label: 'Count', type: 'number', required: false },
  { name: 'tone', label: 'Tone', type: 'choice', required: true, options: ['Plain', 'Funny'] },
  { name: 'short', label: 'Short', type: 'yes_no', required: false },
  { name: 'file', label: 'File', type: 'file', required: false },
];
const base = 'https://api.example.com/functions/v1/api';
const appId = '0a7c1c4e-9c7b-4f36-9d52-1f2a3b4c5d6e';

describe('snippets', () => {
  it('fill every input but files with a value of its type', () => {
    expect(sampleInputs(fields)).toEqual({ topic: 'Your topic', count: 1, tone: 'Plain', short: true });
  });

  it('build a curl line whose JSON survives the shell, even with an apostrophe in a value', () => {
    const line = curlSnippet(base, appId, { topic: "Ada's engine" }, 'af_KEY');
    expect(line).toBe(
      `curl -sS -X POST '${base}/v1/apps/${appId}/runs' -H 'Authorization: Bearer af_KEY' -H 'Content-Type: application/json' -d '{"inputs":{"topic":"Ada'\\''s engine"}}'`,
    );
  });

  it('build JavaScript with the SDK’s API client and Python, with the real names, URL and a key from the environment', () => {
    const inputs = sampleInputs(fields);
    const js = javascriptSnippet(base, appId, inputs);
    expect(js).toContain("import { RateLimitedError, createAppforgeApi } from '@appforge/sdk/api';");
    expect(js).toContain(`createAppforgeApi({ url: "${base}", apiKey: process.env.APPFORGE_API_KEY })`);
    expect(js).toContain(`api.runs.create("${appId}", {"topic":"Your topic","count":1,"tone":"Plain","short":true})`);
    expect(js).not.toContain('fetch(');
    const python = pythonSnippet(base, appId, inputs);
    expect(python).toContain('json={"inputs": {"topic": "Your topic", "count": 1, "tone": "Plain", "short": True}}');
    expect(python).toContain("os.environ['APPFORGE_API_KEY']");
  });

  it('point an MCP client at /mcp with the key in a header', () => {
    expect(JSON.parse(mcpConfig(base))).toEqual({
      mcpServers: { appforge: { type: 'http', url: `${base}/mcp`, headers: { Authorization: 'Bearer YOUR_API_KEY' } } },
    });
  });
});
