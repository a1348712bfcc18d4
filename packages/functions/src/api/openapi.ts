// OpenAPI 3.1 documents of the public API: the whole API, and one app's run call with its real
// input schema.
import { inputsJsonSchema } from './inputs.ts';
import type { InputField } from '@appforge/engine';

type Schema = Record<string, unknown>;

const ERROR_CODES = [
  'invalid_api_key',
  'app_not_in_scope',
  'api_access_disabled',
  'app_not_found',
  'run_not_found',
  'invalid_inputs',
  'invalid_request',
  'payload_too_large',
  'run_finished',
  'run_not_waiting',
  'rate_limited',
  'version_not_found',
  'invalid_version',
  'no_cases',
  'too_many_cases',
  'test_run_not_found',
  // Answered for a path the API does not have, a method an endpoint does not take, and an id that
  // is not valid percent-encoding: listed so clients (@appforge/sdk/api) know every code.
  'not_found',
  'method_not_allowed',
  'invalid_path',
];

function components(inputs: Schema): Schema {
  const jsonValue = {};
  return {
    securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'An Appforge API key (af_…)' } },
    schemas: {
      Inputs: inputs,
      Input: {
        type: 'object',
        required: ['name', 'label', 'type', 'required'],
        properties: {
          name: { type: 'string' },
          label: { type: 'string' },
          type: { type: 'string', enum: ['text', 'long_text', 'number', 'choice', 'yes_no', 'file'] },
          required: { type: 'boolean' },
          options: { type: 'array', items: { type: 'string' } },
        },
      },
      App: {
        type: 'object',
        required: ['id', 'name', 'description', 'inputs'],
        properties: {
          id: { type: 'string', format: 'uuid' },
          name: { type: 'string' },
          description: { type: ['string', 'null'] },
          inputs: { type: 'array', items: { $ref: '#/components/schemas/Input' } },
        },
      },
      Run: {
        type: 'object',
        required: ['run_id', 'status', 'output', 'outputs', 'usage'],
        properties: {
          run_id: { type: 'string', format: 'uuid' },
          status: { type: 'string', enum: ['done', 'awaiting_input', 'failed', 'running'] },
          output: { type: ['string', 'null'], description: 'The final text shown to a person (markdown).' },
          outputs: { type: 'object', additionalProperties: jsonValue, description: 'Every named variable of the run.' },
          usage: {
            type: 'object',
            required: ['input_tokens', 'output_tokens'],
            properties: { input_tokens: { type: 'integer' }, output_tokens: { type: 'integer' } },
          },
          awaiting: {
            type: 'object',
            description: 'What a paused run waits for: inputs (continue with {inputs}) or a button (continue with {choice}).',
            required: ['type', 'step_id'],
            properties: {
              type: { type: 'string', enum: ['input', 'choice'] },
              step_id: { type: 'string' },
              fields: { type: 'array', items: { $ref: '#/components/schemas/Input' } },
              errors: { type: 'array', items: { type: 'object' } },
              prompt: { type: 'string' },
              buttons: {
                type: 'array',
                items: { type: 'object', properties: { index: { type: 'integer' }, label: { type: 'string' } } },
              },
            },
          },
          error: { type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' } } },
        },
      },
      TestRunRequest: {
        type: 'object',
        properties: {
          version: {
            oneOf: [{ type: 'integer', minimum: 1 }, { type: 'string', enum: ['draft', 'live'] }],
            description: 'The version to test: its number, the app’s draft or its live version. The draft when absent.',
          },
        },
        additionalProperties: false,
      },
      TestCaseResult: {
        type: 'object',
        required: ['case_id', 'case_name', 'mode', 'status', 'passed', 'reason', 'output', 'runs', 'runs_passed', 'passes_needed'],
        properties: {
          case_id: { type: ['string', 'null'], format: 'uuid', description: 'Null once the case was deleted.' },
          case_name: { type: 'string' },
          mode: { type: 'string', enum: ['must_pass', 'warn_only'] },
          status: { type: 'string', enum: ['running', 'passed', 'failed', 'needs_update', 'error'] },
          passed: { type: 'boolean' },
          reason: { type: ['string', 'null'], description: 'Why the case did not pass.' },
          output: { type: ['string', 'null'], description: 'What the app answered (markdown).' },
          runs: { type: 'integer', minimum: 1, maximum: 5, description: 'How many times the case runs ("n of m runs pass": m).' },
          runs_passed: {
            type: ['integer', 'null'],
            minimum: 0,
            description: 'How many of its runs passed; null while the case runs, and for a case that could not run.',
          },
          passes_needed: { type: 'integer', minimum: 1, description: 'How many of its runs must pass for the case to pass (n).' },
        },
      },
      TestRun: {
        type: 'object',
        required: ['id', 'app_id', 'status', 'version_id', 'version_number', 'started_at', 'finished_at', 'total', 'passed', 'failed', 'needs_update', 'results'],
        properties: {
          id: { type: 'string', format: 'uuid' },
          app_id: { type: 'string', format: 'uuid' },
          status: { type: 'string', enum: ['running', 'done', 'failed'] },
          version_id: { type: ['string', 'null'], format: 'uuid' },
          version_number: { type: ['integer', 'null'] },
          started_at: { type: 'string', format: 'date-time' },
          finished_at: { type: ['string', 'null'], format: 'date-time' },
          total: { type: 'integer', description: 'Cases in the run.' },
          passed: { type: 'integer' },
          failed: { type: 'integer', description: 'Cases that failed or could not run.' },
          needs_update: { type: 'integer', description: 'Cases whose inputs no longer fit the app.' },
          results: { type: 'array', items: { $ref: '#/components/schemas/TestCaseResult' } },
          error: {
            type: 'object',
            description: 'Why a failed run did not finish (for one whose server stopped: "The test run stopped before it finished").',
            properties: { code: { type: 'string' }, message: { type: 'string' } },
          },
        },
      },
      Error: {
        type: 'object',
        required: ['error'],
        properties: {
          error: {
            type: 'object',
            required: ['code', 'message'],
            properties: {
              code: { type: 'string', enum: ERROR_CODES },
              message: { type: 'string' },
              fields: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['field', 'code', 'message'],
                  properties: { field: { type: 'string' }, code: { type: 'string' }, message: { type: 'string' } },
                },
              },
            },
          },
        },
      },
    },
    responses: Object.fromEntries(
      [
        ['BadRequest', 'invalid_inputs (a message per field), invalid_request, invalid_path (an id that is not valid percent-encoding), or too_many_cases (a test run covers at most 200 cases)'],
        ['Unauthorized', 'invalid_api_key: missing, unknown, revoked or expired key'],
        ['Forbidden', 'app_not_in_scope or api_access_disabled'],
        ['NotFound', 'app_not_found (also an app that is not deployed), run_not_found, version_not_found or test_run_not_found'],
        ['Unprocessable', 'no_cases (the app has no test cases) or invalid_version (the version cannot run)'],
        ['Conflict', 'run_finished or run_not_waiting'],
        ['PayloadTooLarge', 'payload_too_large: the body is over 1 MB'],
      ].map(([name, description]) => [name, { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } }]),
    ),
  };
}

const errorRefs = (codes: readonly string[]): Schema =>
  Object.fromEntries(
    codes.map((code) => {
      const name = { '400': 'BadRequest', '401': 'Unauthorized', '403': 'Forbidden', '404': 'NotFound', '409': 'Conflict', '413': 'PayloadTooLarge', '422': 'Unprocessable' }[code];
      return [code, { $ref: `#/components/responses/${name}` }];
    }),
  );

const rateLimited = {
  description: 'rate_limited: the key started too many runs this minute',
  headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } },
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
};

const runResponses = (): Schema => ({
  '200': {
    description:
      'The run ended or paused. With `Accept: text/event-stream` the run streams as server-sent events (`run`, the engine events such as `token`, then a final `done` event whose data is this object).',
    content: {
      'application/json': { schema: { $ref: '#/components/schemas/Run' } },
      'text/event-stream': { schema: { type: 'string' } },
    },
  },
  ...errorRefs(['400', '401', '403', '404', '413']),
  '429': rateLimited,
});

function startRunOperation(summary: string, operationId: string): Schema {
  return {
    summary,
    operationId,
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: { inputs: { $ref: '#/components/schemas/Inputs' } },
            additionalProperties: false,
          },
        },
      },
    },
    responses: runResponses(),
  };
}

const appIdParameter = { name: 'appId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
const runIdParameter = { name: 'runId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };

function runPaths(): Schema {
  return {
    '/v1/runs/{runId}': {
      parameters: [runIdParameter],
      get: {
        summary: 'Read a run started with this key',
        operationId: 'getRun',
        responses: { '200': { description: 'The run', content: { 'application/json': { schema: { $ref: '#/components/schemas/Run' } } } }, ...errorRefs(['401', '403', '404']) },
      },
      post: {
        summary: 'Continue a paused run with its inputs or a choice',
        operationId: 'continueRun',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                oneOf: [
                  { type: 'object', required: ['inputs'], properties: { inputs: { type: 'object' } }, additionalProperties: false },
                  { type: 'object', required: ['choice'], properties: { choice: { type: 'integer', minimum: 0 } }, additionalProperties: false },
                ],
              },
            },
          },
        },
        responses: { ...runResponses(), ...errorRefs(['409']) },
      },
    },
  };
}

const testRunIdParameter = { name: 'testRunId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };

function testRunPaths(): Schema {
  const testRun = { 'application/json': { schema: { $ref: '#/components/schemas/TestRun' } } };
  return {
    '/v1/apps/{appId}/test-runs': {
      parameters: [appIdParameter],
      post: {
        summary: "Run the app's test cases on a version",
        description: 'Every test case of the app runs on the version (deployed or not). A key may start test runs of its own apps, among the apps it names when it names some.',
        operationId: 'runAppTests',
        requestBody: { required: false, content: { 'application/json': { schema: { $ref: '#/components/schemas/TestRunRequest' } } } },
        responses: {
          '202': {
            description:
              'The test run started and goes on on the server; read it with GET /v1/test-runs/{testRunId} (also in Location). With `Accept: text/event-stream` the run streams instead: `test_run` {test_run_id, version_id, version_number, case_count}, `case_done` per case, then `test_run_done` {status, passed, failed, needs_update} (or `test_run_failed`).',
            headers: { Location: { description: 'The URL of the test run', schema: { type: 'string' } } },
            content: { ...testRun, 'text/event-stream': { schema: { type: 'string' } } },
          },
          ...errorRefs(['400', '401', '403', '404', '413', '422']),
          '429': rateLimited,
        },
      },
    },
    '/v1/test-runs/{testRunId}': {
      parameters: [testRunIdParameter],
      get: {
        summary: 'Read a test run: its status, counts and every case’s result',
        description: 'A run whose server stopped before it finished is answered as failed.',
        operationId: 'getTestRun',
        responses: { '200': { description: 'The test run', content: testRun }, ...errorRefs(['401', '404']) },
      },
    },
  };
}

function document(baseUrl: string, title: string, description: string, paths: Schema, inputs: Schema): Schema {
  return {
    openapi: '3.1.0',
    info: { title, version: '1.0.0', description },
    servers: [{ url: baseUrl }],
    security: [{ apiKey: [] }],
    paths,
    components: components(inputs),
  };
}

/** GET v1/openapi.json: every endpoint of the public API. */
export function apiDocument(baseUrl: string): Schema {
  return document(
    baseUrl,
    'Appforge API',
    'Run deployed Appforge apps from code with an API key (Authorization: Bearer <key>). MCP clients use /mcp.',
    {
      '/v1/apps/{appId}': {
        parameters: [appIdParameter],
        get: {
          summary: "The app's deployed inputs",
          operationId: 'getApp',
          responses: { '200': { description: 'The app', content: { 'application/json': { schema: { $ref: '#/components/schemas/App' } } } }, ...errorRefs(['401', '403', '404']) },
        },
      },
      '/v1/apps/{appId}/runs': { parameters: [appIdParameter], post: startRunOperation('Run the app', 'runApp') },
      '/v1/apps/{appId}/openapi.json': {
        parameters: [appIdParameter],
        get: { summary: "This app's run call with its input schema (OpenAPI 3.1)", operationId: 'getAppOpenApi', security: [{ apiKey: [] }, {}], responses: { '200': { description: 'An OpenAPI document' }, ...errorRefs(['401', '403', '404']) } },
      },
      ...runPaths(),
      ...testRunPaths(),
      '/v1/openapi.json': {
        get: { summary: 'This document', operationId: 'getOpenApi', security: [], responses: { '200': { description: 'An OpenAPI document' } } },
      },
    },
    { type: 'object', additionalProperties: true, description: 'The app’s inputs by name (see GET /v1/apps/{appId}).' },
  );
}

/** GET v1/apps/{appId}/openapi.json: the app's run call with its real input schema. */
export function appDocument(baseUrl: string, app: { id: string; name: string; description: string | null }, fields: readonly InputField[]): Schema {
  return document(
    baseUrl,
    `${app.name} (Appforge API)`,
    app.description ?? `Run ${app.name} from code with an Appforge API key.`,
    {
      [`/v1/apps/${app.id}/runs`]: { post: startRunOperation(`Run ${app.name}`, 'runApp') },
      ...runPaths(),
    },
    inputsJsonSchema(fields),
  );
}
