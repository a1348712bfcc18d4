// GoTrue's OAuth 2.1 server admin client endpoints, as auth-js's `auth.admin.oauth.*` calls them:
// GET/POST /admin/oauth/clients, GET/PUT/DELETE /admin/oauth/clients/:id and
// POST /admin/oauth/clients/:id/regenerate_secret. Service role only; off unless AUTH_OAUTH_SERVER_ENABLED=true (404 feature_disabled "OAuth
// server is disabled"). The secret is shown once, on creation and regeneration, and kept only as
// its SHA-256. Validation and messages are GoTrue's (oauthserver/service.go).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/types.js';
import type { AuthContext } from '../context.js';
import { isUuid, readJson } from '../context.js';
import { AuthApiError, errors } from '../errors.js';
import { requireAdmin } from '../guards.js';
import { paginationParam } from './admin.js';

type ClientType = 'public' | 'confidential';
type AuthMethod = 'none' | 'client_secret_basic' | 'client_secret_post';
const AUTH_METHODS: readonly AuthMethod[] = ['none', 'client_secret_basic', 'client_secret_post'];
const GRANT_TYPES = ['authorization_code', 'refresh_token'];

interface ClientRow {
  id: string;
  client_secret_hash: string | null;
  registration_type: 'dynamic' | 'manual';
  client_type: ClientType;
  token_endpoint_auth_method: AuthMethod;
  redirect_uris: string[];
  grant_types: string[];
  client_name: string | null;
  client_uri: string | null;
  logo_uri: string | null;
  created_at: Date;
  updated_at: Date;
}

const uriList = z.array(z.string().max(2048)).max(1000);
const createBody = z.object({
  redirect_uris: uriList.nullish(),
  client_type: z.string().nullish(),
  token_endpoint_auth_method: z.string().nullish(),
  grant_types: z.array(z.string()).max(100).nullish(),
  client_name: z.string().nullish(),
  client_uri: z.string().nullish(),
  logo_uri: z.string().nullish(),
  scope: z.string().nullish(),
  response_types: z.array(z.string()).nullish(),
});
const updateBody = z.object({
  redirect_uris: uriList.optional(),
  grant_types: z.array(z.string()).max(100).optional(),
  client_name: z.string().optional(),
  client_uri: z.string().optional(),
  logo_uri: z.string().optional(),
  token_endpoint_auth_method: z.string().optional(),
});

const invalid = (message: string): AuthApiError => errors.validation(message);

/** GoTrue's validateRedirectURI: absolute, no fragment, no script-ish schemes, plain http only on loopback. */
function redirectUriProblem(uri: string): string | undefined {
  if (uri === '') return 'redirect URI cannot be empty';
  let parsed: URL;
  try {
    parsed = new URL(uri);
  } catch {
    return 'must have scheme and host';
  }
  const scheme = parsed.protocol.slice(0, -1);
  if (['javascript', 'data', 'file', 'vbscript', 'about', 'blob'].includes(scheme.toLowerCase())) {
    return `scheme '${scheme}' is not allowed for security reasons`;
  }
  if (parsed.host === '') return 'must have scheme and host';
  if (scheme === 'http' && !['localhost', '127.0.0.1', '[::1]'].includes(parsed.hostname)) return 'HTTP scheme only allowed for localhost';
  if (parsed.hash !== '' || uri.includes('#')) return 'fragment not allowed in redirect URI';
  return undefined;
}

function checkRedirectUris(uris: readonly string[] | null | undefined, required: boolean): string[] {
  if (required && (!uris || uris.length === 0)) throw invalid('redirect_uris is required');
  if (!uris || uris.length === 0) throw invalid('redirect_uris cannot be empty');
  if (uris.length > 10) throw invalid('redirect_uris cannot exceed 10 items');
  for (const uri of uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw invalid(`invalid redirect_uri '${uri}': ${problem}`);
  }
  return [...uris];
}

function checkGrantTypes(types: readonly string[]): string[] {
  if (types.length === 0) throw invalid('grant_types cannot be empty');
  if (types.some((type) => !GRANT_TYPES.includes(type))) {
    throw invalid("grant_types must only contain 'authorization_code' and/or 'refresh_token'");
  }
  return [...types];
}

function checkUri(name: 'client_uri' | 'logo_uri', value: string | null | undefined): string | null {
  if (!value) return null;
  if (value.length > 2048) throw invalid(`${name} cannot exceed 2048 characters`);
  if (!URL.canParse(value)) throw invalid(`${name} must be a valid URL`);
  return value;
}

function checkName(value: string | null | undefined): string | null {
  if (value && value.length > 1024) throw invalid('client_name cannot exceed 1024 characters');
  return value || null;
}

function checkAuthMethod(value: string): AuthMethod {
  if (!(AUTH_METHODS as readonly string[]).includes(value)) {
    throw invalid(`token_endpoint_auth_method must be one of: [${AUTH_METHODS.join(' ')}]`);
  }
  return value as AuthMethod;
}

/** GoTrue's IsValidAuthMethodForClientType: public clients use 'none', confidential ones a secret. */
function methodsFor(type: ClientType): AuthMethod[] {
  return type === 'public' ? ['none'] : ['client_secret_basic', 'client_secret_post'];
}

/** A new secret (32 random bytes, base64url) and its SHA-256 as GoTrue stores it. */
function newSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: createHash('sha256').update(secret).digest('base64url') };
}

function clientJson(row: ClientRow, secret?: string): Record<string, unknown> {
  const json: Record<string, unknown> = {
    client_id: row.id,
    client_secret: secret,
    client_type: row.client_type,
    redirect_uris: row.redirect_uris,
    token_endpoint_auth_method: row.token_endpoint_auth_method,
    grant_types: row.grant_types,
    response_types: ['code'],
    client_name: row.client_name ?? undefined,
    client_uri: row.client_uri ?? undefined,
    logo_uri: row.logo_uri ?? undefined,
    registration_type: row.registration_type,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
  for (const key of Object.keys(json)) if (json[key] === undefined) delete json[key];
  return json;
}

const COLUMNS = `id, client_secret_hash, registration_type, client_type, token_endpoint_auth_method, redirect_uris,
  grant_types, client_name, client_uri, logo_uri, created_at, updated_at`;

export function oauthClientRoutes(ctx: AuthContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('/admin/oauth/*', async (c, next) => {
    await requireAdmin(ctx, c.req.header('authorization'));
    if (!ctx.config.oauthServer) throw new AuthApiError(404, 'feature_disabled', 'OAuth server is disabled');
    await next();
  });

  async function load(c: Context): Promise<ClientRow> {
    const id = c.req.param('id') ?? '';
    if (!isUuid(id)) throw invalid('invalid client_id format');
    const result = await ctx.db.query<ClientRow>(`select ${COLUMNS} from auth.oauth_clients where id = $1 and deleted_at is null`, [id]);
    const row = result.rows[0];
    if (!row) throw new AuthApiError(404, 'oauth_client_not_found', 'OAuth client not found');
    return row;
  }

  app.get('/admin/oauth/clients', async (c) => {
    const page = Math.max(1, paginationParam(c.req.query('page'), 1));
    const perPage = Math.min(1000, Math.max(1, paginationParam(c.req.query('per_page'), 50)));
    const [rows, count] = await Promise.all([
      ctx.db.query<ClientRow>(
        `select ${COLUMNS} from auth.oauth_clients where deleted_at is null order by created_at desc, id limit $1 offset $2`,
        [perPage, Math.min((page - 1) * perPage, Number.MAX_SAFE_INTEGER)],
      ),
      ctx.db.query<{ n: number | string }>('select count(*) as n from auth.oauth_clients where deleted_at is null'),
    ]);
    const total = Number(count.rows[0]?.n ?? 0);
    const lastPage = Math.max(1, Math.ceil(total / perPage));
    const links: string[] = [];
    if (page < lastPage) links.push(`</admin/oauth/clients?page=${page + 1}&per_page=${perPage}>; rel="next"`);
    links.push(`</admin/oauth/clients?page=${lastPage}&per_page=${perPage}>; rel="last"`);
    c.header('X-Total-Count', String(total));
    c.header('Link', links.join(', '));
    return c.json({ clients: rows.rows.map((row) => clientJson(row)), aud: 'authenticated' });
  });

  app.post('/admin/oauth/clients', async (c) => {
    const body = await readJson(c, createBody);
    const redirectUris = checkRedirectUris(body.redirect_uris, true);
    const grantTypes = body.grant_types && body.grant_types.length > 0 ? checkGrantTypes(body.grant_types) : [...GRANT_TYPES];
    const name = checkName(body.client_name);
    const clientUri = checkUri('client_uri', body.client_uri);
    const logoUri = checkUri('logo_uri', body.logo_uri);
    if (body.client_type && body.client_type !== 'public' && body.client_type !== 'confidential') {
      throw invalid("client_type must be 'public' or 'confidential'");
    }
    const method = body.token_endpoint_auth_method ? checkAuthMethod(body.token_endpoint_auth_method) : undefined;
    // GoTrue's DetermineClientType: explicit type, else 'none' means public, else confidential.
    const type: ClientType = (body.client_type as ClientType | null | undefined) || (method === 'none' ? 'public' : 'confidential');
    if (method && !methodsFor(type).includes(method)) {
      throw invalid(`token_endpoint_auth_method '${method}' is only valid for ${method === 'none' ? 'public' : 'confidential'} clients`);
    }
    const authMethod = method ?? (type === 'public' ? 'none' : 'client_secret_basic');
    const secret = type === 'confidential' ? newSecret() : undefined;
    const result = await ctx.db.query<ClientRow>(
      `insert into auth.oauth_clients (id, client_secret_hash, registration_type, client_type, token_endpoint_auth_method,
         redirect_uris, grant_types, client_name, client_uri, logo_uri)
       values ($1, $2, 'manual', $3, $4, $5, $6, $7, $8, $9) returning ${COLUMNS}`,
      [randomUUID(), secret?.hash ?? null, type, authMethod, redirectUris, grantTypes, name, clientUri, logoUri],
    );
    const row = result.rows[0];
    if (!row) throw new Error('insert into auth.oauth_clients returned no row');
    return c.json(clientJson(row, secret?.secret), 201);
  });

  app.get('/admin/oauth/clients/:id', async (c) => c.json(clientJson(await load(c))));

  app.put('/admin/oauth/clients/:id', async (c) => {
    const current = await load(c);
    const body = await readJson(c, updateBody);
    const redirectUris = body.redirect_uris !== undefined ? checkRedirectUris(body.redirect_uris, false) : current.redirect_uris;
    const grantTypes = body.grant_types !== undefined ? checkGrantTypes(body.grant_types) : current.grant_types;
    const name = body.client_name !== undefined ? checkName(body.client_name) : current.client_name;
    const clientUri = body.client_uri !== undefined ? checkUri('client_uri', body.client_uri) : current.client_uri;
    const logoUri = body.logo_uri !== undefined ? checkUri('logo_uri', body.logo_uri) : current.logo_uri;
    let method = current.token_endpoint_auth_method;
    if (body.token_endpoint_auth_method !== undefined) {
      if (!(AUTH_METHODS as readonly string[]).includes(body.token_endpoint_auth_method)) {
        throw invalid(`invalid token_endpoint_auth_method: must be one of [${AUTH_METHODS.join(' ')}]`);
      }
      method = body.token_endpoint_auth_method as AuthMethod;
      if (!methodsFor(current.client_type).includes(method)) {
        throw invalid(
          `token_endpoint_auth_method '${method}' is not valid for client_type '${current.client_type}'; valid methods: [${methodsFor(current.client_type).join(' ')}]`,
        );
      }
    }
    const result = await ctx.db.query<ClientRow>(
      `update auth.oauth_clients set redirect_uris = $2, grant_types = $3, client_name = $4, client_uri = $5, logo_uri = $6,
         token_endpoint_auth_method = $7, updated_at = now()
       where id = $1 and deleted_at is null returning ${COLUMNS}`,
      [current.id, redirectUris, grantTypes, name, clientUri, logoUri, method],
    );
    const row = result.rows[0];
    if (!row) throw new AuthApiError(404, 'oauth_client_not_found', 'OAuth client not found');
    return c.json(clientJson(row));
  });

  app.delete('/admin/oauth/clients/:id', async (c) => {
    const current = await load(c);
    await ctx.db.query('update auth.oauth_clients set deleted_at = now(), updated_at = now() where id = $1', [current.id]);
    return c.body(null, 204);
  });

  app.post('/admin/oauth/clients/:id/regenerate_secret', async (c) => {
    const current = await load(c);
    if (current.client_type !== 'confidential') throw invalid('Cannot regenerate secret for public client');
    const secret = newSecret();
    const result = await ctx.db.query<ClientRow>(
      `update auth.oauth_clients set client_secret_hash = $2, updated_at = now() where id = $1 and deleted_at is null returning ${COLUMNS}`,
      [current.id, secret.hash],
    );
    const row = result.rows[0];
    if (!row) throw new AuthApiError(404, 'oauth_client_not_found', 'OAuth client not found');
    return c.json(clientJson(row, secret.secret));
  });

  return app;
}
