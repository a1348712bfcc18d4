// Realistic values of the shapes the backend returns, for tests and stories.
import type { BundleDetail } from '../bundle-rows';
import { appSpecSchema } from '@appforge/engine';
import type { AppSpec, AppSpecInput } from '@appforge/engine';
import { DEFAULT_CONFIG, DEFAULT_DESIGN, DEFAULT_PRICE } from '../app-rows';
import type { AppDetail, AppVersionRow } from '../app-rows';
import type { DatabaseColumn, DatabaseDetail, DatabaseTableInfo } from '../database-rows';
import type { ApiDetail, ApiEndpointInfo } from '../external-apis';
import type { AppRunSummary, CustomDomainTarget, Factor, Session, User, UserIdentity, UserRow } from '../types';

let sequence = 0;
function next(): number {
  sequence += 1;
  return sequence;
}

/** A fake but well-formed, unsigned JWT (tests never verify it; a backend would reject it). */
function unsignedJwt(claims: Record<string, unknown>): string {
  const part = (value: unknown): string =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.fake-signature`;
}

export function makeIdentity(overrides: Partial<UserIdentity> & { user_id?: string } = {}): UserIdentity {
  const userId = overrides.user_id ?? crypto.randomUUID();
  const provider = overrides.provider ?? 'email';
  const now = new Date().toISOString();
  return {
    identity_id: crypto.randomUUID(),
    id: provider === 'email' ? userId : String(100_000 + next()),
    user_id: userId,
    provider,
    identity_data: { sub: userId, email_verified: true, phone_verified: false },
    created_at: now,
    last_sign_in_at: now,
    updated_at: now,
    ...overrides,
  };
}

/** An authenticated user as supabase-js returns it (`session.user`). */
export function makeUser(overrides: Partial<User> = {}): User {
  const id = overrides.id ?? crypto.randomUUID();
  const email = overrides.email ?? `user${next()}@example.com`;
  const now = new Date().toISOString();
  return {
    id,
    aud: 'authenticated',
    role: 'authenticated',
    email,
    phone: '',
    email_confirmed_at: now,
    confirmed_at: now,
    last_sign_in_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: {},
    identities: [makeIdentity({ user_id: id, provider: 'email', identity_data: { sub: id, email } })],
    is_anonymous: false,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}

export function makeSession(overrides: Partial<Omit<Session, 'user'>> & { user?: Partial<User> } = {}): Session {
  const { user: userOverrides, ...rest } = overrides;
  const user = makeUser(userOverrides);
  const expiresIn = rest.expires_in ?? 3600;
  const expiresAt = rest.expires_at ?? Math.floor(Date.now() / 1000) + expiresIn;
  return {
    access_token: unsignedJwt({
      sub: user.id,
      email: user.email,
      role: 'authenticated',
      aud: 'authenticated',
      aal: 'aal1',
      session_id: crypto.randomUUID(),
      exp: expiresAt,
    }),
    refresh_token: `refresh-${next()}`,
    expires_in: expiresIn,
    expires_at: expiresAt,
    token_type: 'bearer',
    ...rest,
    user,
  };
}

/** A custom domain that serves an app (override the flags for a landing page or a bundle). */
export function makeCustomDomain(overrides: Partial<CustomDomainTarget> = {}): CustomDomainTarget {
  const target = overrides.is_bundle ? 'bundle' : overrides.is_landing_page ? 'landing' : 'app';
  return {
    app_id: target === 'bundle' ? null : crypto.randomUUID(),
    is_app: target === 'app',
    is_landing_page: target === 'landing',
    bundle_id: target === 'bundle' ? crypto.randomUUID() : null,
    is_bundle: target === 'bundle',
    ...overrides,
  };
}

/** The caller's public."User" row. */
export function makeUserRow(overrides: Partial<UserRow> = {}): UserRow {
  const now = new Date().toISOString();
  return {
    id: crypto.randomUUID(),
    email: `user${next()}@example.com`,
    display_name: null,
    status: 'allowed',
    referral_app_id: null,
    intercom_hmac: null,
    plan: 'free',
    plan_renews_at: null,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}

export function makeFactor(overrides: Partial<Factor> = {}): Factor {
  const now = new Date().toISOString();
  return {
    id: crypto.randomUUID(),
    friendly_name: 'Authenticator app',
    factor_type: 'totp',
    status: 'verified',
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}

/** A small valid app spec: one input step, one AI step, one output step. */
export function makeSpec(overrides: Partial<AppSpecInput> = {}): AppSpec {
  const spec: AppSpecInput = {
    entryStepId: 'ask',
    steps: [
      {
        id: 'ask',
        kind: 'input',
        title: 'Your topic',
        config: { fields: [{ name: 'topic', label: 'Topic', type: 'text', required: true }] },
      },
      {
        id: 'write',
        kind: 'ai',
        title: 'Write',
        config: { prompt: 'Write three sentences about {{topic}}.', outputVariable: 'text' },
      },
      { id: 'show', kind: 'output', title: 'Result', config: { template: '{{text}}' } },
    ],
    ...overrides,
  };
  return appSpecSchema.parse(spec);
}

/** An app as its owner sees it (AppDetail). */
export function makeApp(overrides: Partial<AppDetail> = {}): AppDetail {
  const now = new Date().toISOString();
  return {
    id: crypto.randomUUID(),
    owner_id: crypto.randomUUID(),
    name: `App ${next()}`,
    description: 'An app made for tests.',
    icon_path: null,
    icon_url: null,
    visibility: 'public',
    draft_version_id: null,
    deployed_version_id: null,
    design: { ...DEFAULT_DESIGN },
    config: { ...DEFAULT_CONFIG },
    price: { ...DEFAULT_PRICE },
    api_access_enabled: false,
    database_id: null,
    anonymous_runs_per_day: 50,
    embed_enabled: false,
    embed_origins: [],
    created_at: now,
    updated_at: now,
    runs_last_7_days: 0,
    ...overrides,
  };
}

export function makeVersion(overrides: Partial<AppVersionRow> = {}): AppVersionRow {
  const now = new Date().toISOString();
  return {
    id: crypto.randomUUID(),
    app_id: crypto.randomUUID(),
    number: 1,
    parent_version_id: null,
    source: 'manual',
    change_summary: null,
    frozen: false,
    created_at: now,
    updated_at: now,
    spec: makeSpec(),
    ...overrides,
  };
}

/** A finished run (AppRunSummary). */
export function makeRun(overrides: Partial<AppRunSummary> = {}): AppRunSummary {
  const now = new Date().toISOString();
  return {
    id: crypto.randomUUID(),
    app_id: crypto.randomUUID(),
    version_id: null,
    version_number: null,
    runner_user_id: null,
    visitor_session: null,
    status: 'done',
    inputs: {},
    outputs: [],
    error: null,
    usage: { inputTokens: 0, outputTokens: 0 },
    created_at: now,
    updated_at: now,
    duration_ms: 0,
    ...overrides,
  };
}

/** A table of a database (DatabaseTableInfo); `database_id` should be its database's id. */
export function makeDatabaseTable(overrides: Partial<DatabaseTableInfo> = {}): DatabaseTableInfo {
  const now = new Date().toISOString();
  const columns: DatabaseColumn[] = [
    { name: 'name', type: 'text' },
    { name: 'score', type: 'number' },
  ];
  return {
    id: crypto.randomUUID(),
    database_id: crypto.randomUUID(),
    name: `Table ${next()}`,
    columns,
    position: 0,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}

/** A database with its tables (DatabaseDetail); its tables get its id. */
export function makeDatabase(overrides: Partial<DatabaseDetail> = {}): DatabaseDetail {
  const now = new Date().toISOString();
  const id = overrides.id ?? crypto.randomUUID();
  const tables = overrides.tables ?? [makeDatabaseTable({ name: 'Entries' })];
  return {
    id,
    owner_id: crypto.randomUUID(),
    name: `Database ${next()}`,
    description: '',
    created_at: now,
    updated_at: now,
    ...overrides,
    tables: tables.map((table, position) => ({ ...table, database_id: id, position })),
  };
}

// ── Your APIs (issue 15) ──
/** An endpoint of an API (GET /items/{id} with a required path parameter unless overridden). */
export function makeExternalApiEndpoint(overrides: Partial<ApiEndpointInfo> = {}): ApiEndpointInfo {
  return {
    id: crypto.randomUUID(),
    api_id: '',
    name: `Endpoint ${next()}`,
    method: 'GET',
    path: '/items/{id}',
    description: '',
    parameters: [{ name: 'id', in: 'path', type: 'string', required: true }],
    body_template: '',
    response_path: '',
    position: 0,
    ...overrides,
  };
}

/** An external API (no auth, never tested) with one endpoint unless overridden. */
export function makeExternalApi(overrides: Partial<ApiDetail> = {}): ApiDetail {
  const now = new Date().toISOString();
  const id = overrides.id ?? crypto.randomUUID();
  const endpoints = overrides.endpoints ?? [makeExternalApiEndpoint({ name: 'Get item' })];
  return {
    id,
    owner_id: crypto.randomUUID(),
    name: `API ${next()}`,
    description: '',
    base_url: 'https://api.example.com/v1',
    auth_kind: 'none',
    auth_name: '',
    timeout_ms: 10_000,
    secret_set: false,
    secret_last4: '',
    last_test_status: null,
    last_test_ms: null,
    last_test_at: null,
    created_at: now,
    updated_at: now,
    ...overrides,
    endpoints: endpoints.map((endpoint, position) => ({ ...endpoint, api_id: id, position })),
  };
}

/** A bundle (the owner's view) for the fake client's data.bundles. */
export function makeBundle(overrides: Partial<BundleDetail> = {}): BundleDetail {
  return {
    id: crypto.randomUUID(),
    owner_id: crypto.randomUUID(),
    name: `Bundle ${next()}`,
    description: 'A bundle made for tests.',
    visibility: 'public',
    price: { ...DEFAULT_PRICE },
    updated_at: new Date().toISOString(),
    apps: [],
    ...overrides,
  };
}
