// `api-import-openapi`: turns an OpenAPI 3.x or Swagger 2.0 document — fetched from a URL or sent
// as text — into an API and its endpoints for the owner to review (nothing is stored here; the edit
// screen saves what the owner keeps). Parsing and validation by @apidevtools/swagger-parser. Every
// URL it reads (the document, external $refs) goes through the guarded outbound client, so a
// document cannot make the server read a private address; the filesystem resolver is off, so a
// $ref cannot read a server file; circular $refs are left as references; size and count capped.
import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPI, OpenAPIV3 } from 'openapi-types';
import { z } from 'zod';
import type { ApiAuthKind, EndpointParameter } from './api-call.ts';
import { issuesMessage } from './apps.ts';
import { outboundAllowance } from './api-functions.ts';
import { errorResponse, json, signedInUser } from './http.ts';
import { DEFAULT_OUTBOUND_POLICY } from './outbound-policy.ts';
import { OutboundError, outboundFetch } from './outbound.ts';
import type { FunctionHandler } from './types.ts';

/** The largest document (and each referenced file) read: 5 MB. */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
const MAX_ENDPOINTS = 200;
const MAX_PARAMETERS = 50;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
// A name under .invalid (RFC 2606) never resolves: the uploaded text is read only through this resolver.
const UPLOADED = 'https://uploaded-document.invalid/openapi';

const bodySchema = z.union([
  z.object({ url: z.string().url({ message: 'url must be a URL' }).max(2000) }).strict(),
  z.object({ document: z.string().min(1, { message: 'document is empty' }).max(MAX_DOCUMENT_BYTES, { message: 'The document is larger than 5 MB' }) }).strict(),
]);

export interface ImportedEndpoint {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  description: string;
  parameters: EndpointParameter[];
  body_template: string;
  response_path: string;
}

export interface ImportPreview {
  api: { name: string; description: string; base_url: string; auth_kind: ApiAuthKind; auth_name: string };
  endpoints: ImportedEndpoint[];
  /** Operations left out (other methods, over the limits), in words. */
  skipped: string[];
}

type Schema = { type?: unknown; properties?: Record<string, unknown>; required?: unknown };
type AnyParameter = { name?: unknown; in?: unknown; required?: unknown; description?: unknown; type?: unknown; schema?: unknown; $ref?: unknown };

function typeOf(schema: unknown): EndpointParameter['type'] {
  const type = typeof schema === 'object' && schema !== null ? (schema as Schema).type : schema;
  return type === 'number' || type === 'integer' || type === 'boolean' ? type : 'string';
}

function text(value: unknown, max: number): string {
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
}

function bodyParameters(schema: unknown): EndpointParameter[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const { properties, required } = schema as Schema;
  if (!properties || typeof properties !== 'object') return [];
  const needed = new Set(Array.isArray(required) ? required.filter((r): r is string => typeof r === 'string') : []);
  return Object.entries(properties).map(([name, property]) => ({ name: name.slice(0, 100), in: 'body' as const, type: typeOf(property), required: needed.has(name) }));
}

function baseUrlOf(api: OpenAPI.Document, sourceUrl: string | null): string {
  if ('swagger' in api) {
    const v2 = api;
    const scheme = v2.schemes?.includes('https') ? 'https' : (v2.schemes?.[0] ?? 'https');
    const host = v2.host ?? (sourceUrl ? new URL(sourceUrl).host : '');
    return host ? `${scheme}://${host}${v2.basePath ?? ''}`.replace(/\/+$/, '') : '';
  }
  const server = (api as OpenAPIV3.Document).servers?.[0];
  if (!server) return sourceUrl ? new URL(sourceUrl).origin : '';
  let url = server.url;
  for (const [name, variable] of Object.entries(server.variables ?? {})) url = url.replaceAll(`{${name}}`, String(variable.default));
  try {
    return new URL(url, sourceUrl ?? undefined).toString().replace(/\/+$/, '');
  } catch {
    return '';
  }
}

function authOf(api: OpenAPI.Document): { auth_kind: ApiAuthKind; auth_name: string } {
  const schemes: Record<string, unknown> =
    'swagger' in api ? ((api).securityDefinitions ?? {}) : ((api as OpenAPIV3.Document).components?.securitySchemes ?? {});
  for (const scheme of Object.values(schemes)) {
    if (typeof scheme !== 'object' || scheme === null) continue;
    const s = scheme as { type?: string; in?: string; name?: string; scheme?: string };
    if (s.type === 'apiKey' && (s.in === 'header' || s.in === 'query') && s.name) return { auth_kind: s.in, auth_name: s.name.slice(0, 200) };
    if (s.type === 'http' && s.scheme?.toLowerCase() === 'bearer') return { auth_kind: 'bearer', auth_name: '' };
    if ((s.type === 'http' && s.scheme?.toLowerCase() === 'basic') || s.type === 'basic') return { auth_kind: 'basic', auth_name: '' };
    if (s.type === 'oauth2' || s.type === 'openIdConnect') return { auth_kind: 'bearer', auth_name: '' };
  }
  return { auth_kind: 'none', auth_name: '' };
}

/** The preview of what an (already validated and dereferenced) document becomes. */
export function previewOf(api: OpenAPI.Document, sourceUrl: string | null): ImportPreview {
  const skipped: string[] = [];
  const endpoints: ImportedEndpoint[] = [];
  for (const [path, item] of Object.entries(api.paths ?? {})) {
    if (!item || typeof item !== 'object') continue;
    const shared = Array.isArray((item as { parameters?: unknown }).parameters) ? ((item as { parameters: AnyParameter[] }).parameters) : [];
    for (const [key, operation] of Object.entries(item as Record<string, unknown>)) {
      if (key === 'parameters' || key === 'summary' || key === 'description' || key === 'servers' || key.startsWith('x-') || key === '$ref') continue;
      const method = METHODS.find((m) => m === key);
      if (!method || typeof operation !== 'object' || operation === null) {
        skipped.push(`${key.toUpperCase()} ${path} (method not supported)`);
        continue;
      }
      if (endpoints.length >= MAX_ENDPOINTS) {
        skipped.push(`${method.toUpperCase()} ${path} (more than ${MAX_ENDPOINTS} endpoints)`);
        continue;
      }
      const op = operation as { summary?: unknown; operationId?: unknown; description?: unknown; parameters?: AnyParameter[]; requestBody?: unknown };
      const byKey = new Map<string, EndpointParameter>();
      for (const parameter of [...shared, ...(op.parameters ?? [])]) {
        if (typeof parameter.name !== 'string' || parameter.$ref !== undefined) continue;
        if (parameter.in === 'body') {
          for (const p of bodyParameters(parameter.schema)) byKey.set(`body:${p.name}`, p);
          continue;
        }
        if (parameter.in !== 'path' && parameter.in !== 'query' && parameter.in !== 'header') continue;
        const description = text(parameter.description, 2000);
        byKey.set(`${parameter.in}:${parameter.name}`, {
          name: parameter.name.slice(0, 100),
          in: parameter.in,
          type: typeOf(parameter.schema ?? parameter.type),
          required: parameter.in === 'path' || parameter.required === true,
          ...(description ? { description } : {}),
        });
      }
      const requestBody = op.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined;
      for (const p of bodyParameters(requestBody?.content?.['application/json']?.schema)) byKey.set(`body:${p.name}`, p);
      // The path's placeholders must be path parameters, even when the document forgot to declare one.
      for (const match of path.matchAll(/\{([^}]+)\}/g)) {
        const name = match[1] ?? '';
        if (!byKey.has(`path:${name}`)) byKey.set(`path:${name}`, { name, in: 'path', type: 'string', required: true });
      }
      const parameters = [...byKey.values()].filter((p, i, all) => all.findIndex((q) => q.name === p.name) === i);
      if (parameters.length > MAX_PARAMETERS) skipped.push(`${method.toUpperCase()} ${path}: only its first ${MAX_PARAMETERS} parameters`);
      endpoints.push({
        name: (text(op.summary, 200) || text(op.operationId, 200) || `${method.toUpperCase()} ${path}`).slice(0, 200),
        method: method.toUpperCase() as ImportedEndpoint['method'],
        path: path.startsWith('/') ? path.slice(0, 2000) : `/${path}`.slice(0, 2000),
        description: text(op.description, 4000),
        parameters: parameters.slice(0, MAX_PARAMETERS),
        body_template: '',
        response_path: '',
      });
    }
  }
  return {
    api: {
      name: text(api.info.title, 100) || 'Imported API',
      description: text(api.info.description, 2000),
      base_url: baseUrlOf(api, sourceUrl),
      ...authOf(api),
    },
    endpoints,
    skipped,
  };
}

/**
 * POST {url} or {document} (the signed-in owner) → 200 ImportPreview; a document that is not
 * valid OpenAPI/Swagger, too large, or refers to a private address → 422 {code, message}.
 */
export const apiImportOpenapi: FunctionHandler = async (req, ctx) => {
  if (req.method !== 'POST') return errorResponse(405, 'method_not_allowed', 'Use POST');
  const user = signedInUser(ctx);
  if (!user) return errorResponse(401, 'sign_in_required', 'Sign in to import an API');
  const limited = await outboundAllowance(ctx, user.id);
  if (limited) return limited;
  const env = ctx.env.apis;
  if (!env) return errorResponse(503, 'apis_not_configured', 'API calls are not configured on this server (SECRETS_KEY)');
  const raw = await req.text();
  if (raw.length > MAX_DOCUMENT_BYTES + 1024) return errorResponse(413, 'payload_too_large', 'The document is larger than 5 MB');
  let value: unknown;
  try {
    value = JSON.parse(raw) as unknown;
  } catch {
    return errorResponse(400, 'invalid_body', 'The request body is not valid JSON');
  }
  const body = bodySchema.safeParse(value);
  if (!body.success) return errorResponse(400, 'invalid_body', issuesMessage(body.error.issues));

  const policy = { ...DEFAULT_OUTBOUND_POLICY, ...env.outbound, maxResponseBytes: Math.min(MAX_DOCUMENT_BYTES, env.outbound.maxResponseBytes), allowHosts: [] };
  // The resolver library wraps what a resolver throws; keep the guard's own refusal to report it.
  let refused: OutboundError | null = null;
  const guardedHttp = {
    order: 1,
    canRead: /^https?:\/\//i,
    read: async (file: { url: string }): Promise<string> => {
      if (file.url === UPLOADED && 'document' in body.data) return body.data.document;
      const answer = await outboundFetch(
        { url: file.url, method: 'GET', headers: { accept: 'application/json, application/yaml, text/yaml, */*;q=0.5' }, signal: req.signal },
        policy,
      ).catch((error: unknown) => {
        if (error instanceof OutboundError) refused = error;
        throw error;
      });
      if (answer.status < 200 || answer.status >= 300) throw new Error(`${file.url} answered ${answer.status}`);
      const text = new TextDecoder().decode(answer.body);
      if (file.url === source) mainText = text;
      return text;
    },
  };
  const source = 'url' in body.data ? body.data.url : UPLOADED;
  let mainText: string | null = null;
  let api: OpenAPI.Document;
  try {
    api = await SwaggerParser.validate(source, {
      resolve: { file: false, http: false, guarded: guardedHttp },
      dereference: { circular: 'ignore' },
    });
  } catch (error) {
    const cause = refused ?? findOutboundError(error);
    if (cause) return errorResponse(422, cause.code, `The document could not be read: ${cause.message}`);
    const message = error instanceof Error ? error.message.split('\n').slice(0, 4).join(' ').slice(0, 500) : 'unreadable';
    return errorResponse(422, 'invalid_document', `This is not a valid OpenAPI 3 or Swagger 2 document: ${message}`);
  }
  const preview = previewOf(api, 'url' in body.data ? body.data.url : null);
  // swagger-parser resolves a relative server URL against the document's host name only (the port
  // is lost); resolve it against the whole URL the document came from instead.
  const rawServer = 'url' in body.data && mainText !== null ? firstServerUrl(mainText) : null;
  if (rawServer !== null && 'url' in body.data && !/^[a-z]+:/i.test(rawServer)) {
    preview.api.base_url = new URL(rawServer, body.data.url).toString().replace(/\/+$/, '');
  }
  return json(200, preview);
};

function findOutboundError(error: unknown): OutboundError | null {
  for (let current: unknown = error, depth = 0; current && depth < 6; depth += 1) {
    if (current instanceof OutboundError) return current;
    if (typeof current === 'object' && current !== null) {
      const errors = (current as { errors?: unknown }).errors;
      if (Array.isArray(errors)) for (const inner of errors) if (inner instanceof OutboundError) return inner;
      current = (current as { cause?: unknown; ioErrorCode?: unknown }).cause;
    } else break;
  }
  return null;
}

function firstServerUrl(text: string): string | null {
  try {
    const parsed = JSON.parse(text) as { servers?: { url?: unknown }[] };
    const url = parsed.servers?.[0]?.url;
    return typeof url === 'string' && !url.includes('{') ? url : null;
  } catch {
    return null;
  }
}
