// Every SQL statement of the auth API, one function each. Functions take a Queryable so callers
// decide the transaction; none of them decides policy.
import type { Queryable } from '../db/database.js';

export type Json = Record<string, unknown>;

export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Json;
  raw_user_meta_data: Json;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmed_at: Date | null;
  banned_until: Date | null;
  is_anonymous: boolean;
  deleted_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Json;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
  email: string | null;
}

export interface SessionRow {
  id: string;
  user_id: string;
  factor_id: string | null;
  aal: 'aal1' | 'aal2' | 'aal3';
  not_after: Date | null;
  refreshed_at: Date | null;
  user_agent: string | null;
  ip: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  parent: string | null;
  session_id: string;
  created_at: Date;
  updated_at: Date;
}

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: 'totp' | 'phone' | 'webauthn';
  status: 'unverified' | 'verified';
  secret: string | null;
  phone: string | null;
  last_challenged_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface ChallengeRow {
  id: string;
  factor_id: string;
  ip_address: string | null;
  verified_at: Date | null;
  created_at: Date;
}

export type OneTimeTokenType =
  | 'confirmation_token'
  | 'recovery_token'
  | 'email_change_token_new'
  | 'email_change_token_current'
  | 'reauthentication_token'
  | 'phone_change_token';

export interface OneTimeTokenRow {
  id: string;
  user_id: string;
  token_type: OneTimeTokenType;
  token_hash: string;
  relates_to: string;
  attempts: number;
  flow_state_id: string | null;
  created_at: Date;
}

export interface FlowStateRow {
  id: string;
  user_id: string | null;
  auth_code: string | null;
  code_challenge_method: string | null;
  code_challenge: string | null;
  provider_type: string;
  provider_access_token: string | null;
  provider_refresh_token: string | null;
  authentication_method: string;
  auth_code_issued_at: Date | null;
  flow_type: 'pkce' | 'implicit';
  redirect_to: string | null;
  provider_code_verifier: string | null;
  link_user_id: string | null;
  created_at: Date;
}

const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, invited_at,
  confirmation_sent_at, recovery_sent_at, email_change, email_change_sent_at, last_sign_in_at,
  raw_app_meta_data, raw_user_meta_data, phone, phone_confirmed_at, confirmed_at, banned_until,
  is_anonymous, deleted_at, created_at, updated_at`;

const REFRESH_COLUMNS = 'id::text as id, token, user_id, revoked, parent, session_id, created_at, updated_at';

// ---- users -------------------------------------------------------------------------------------

export async function findUserById(q: Queryable, id: string): Promise<UserRow | undefined> {
  const result = await q.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [id]);
  return result.rows[0];
}

export async function findUserByIdForUpdate(q: Queryable, id: string): Promise<UserRow | undefined> {
  const result = await q.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1 for update`, [id]);
  return result.rows[0];
}

export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | undefined> {
  const result = await q.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where lower(email) = lower($1) and email is not null and is_sso_user = false`,
    [email],
  );
  return result.rows[0];
}

export async function findUserByPhone(q: Queryable, phone: string): Promise<UserRow | undefined> {
  const result = await q.query<UserRow>(`select ${USER_COLUMNS} from auth.users where phone = $1`, [phone]);
  return result.rows[0];
}

export interface NewUser {
  email: string | null;
  encryptedPassword: string | null;
  emailConfirmed: boolean;
  appMetadata: Json;
  userMetadata: Json;
  role?: string;
  invited?: boolean;
  /** An anonymous sign-in: no e-mail, no identity, `is_anonymous` until an address is confirmed. */
  anonymous?: boolean;
  /** A phone user's number (E.164 digits without the plus), unconfirmed. */
  phone?: string | null;
}

export async function insertUser(q: Queryable, user: NewUser): Promise<UserRow> {
  const result = await q.query<UserRow>(
    `insert into auth.users (email, encrypted_password, email_confirmed_at, raw_app_meta_data,
       raw_user_meta_data, role, invited_at, is_anonymous, phone)
     values ($1, $2, case when $3::boolean then now() end, $4::jsonb, $5::jsonb, $6,
       case when $7::boolean then now() end, $8, $9)
     returning ${USER_COLUMNS}`,
    [
      user.email,
      user.encryptedPassword,
      user.emailConfirmed,
      JSON.stringify(user.appMetadata),
      JSON.stringify(user.userMetadata),
      user.role ?? 'authenticated',
      user.invited === true,
      user.anonymous === true,
      user.phone ?? null,
    ],
  );
  const row = result.rows[0];
  if (!row) throw new Error('insert into auth.users returned no row');
  return row;
}

export interface UserPatch {
  email?: string | null;
  encryptedPassword?: string | null;
  emailConfirmedNow?: boolean;
  emailConfirmedAt?: Date | null;
  emailChange?: string | null;
  emailChangeSentNow?: boolean;
  confirmationSentNow?: boolean;
  recoverySentNow?: boolean;
  lastSignInNow?: boolean;
  appMetadata?: Json;
  userMetadata?: Json;
  bannedUntil?: Date | null;
  role?: string;
  isAnonymous?: boolean;
  phone?: string | null;
  phoneConfirmedNow?: boolean;
}

/** Applies only the fields present in the patch; always bumps updated_at. */
export async function updateUser(q: Queryable, id: string, patch: UserPatch): Promise<UserRow> {
  const sets: string[] = ['updated_at = now()'];
  const params: unknown[] = [id];
  const add = (sql: string, value: unknown): void => {
    params.push(value);
    sets.push(sql.replace('?', `$${params.length}`));
  };
  if (patch.email !== undefined) add('email = ?', patch.email);
  if (patch.encryptedPassword !== undefined) add('encrypted_password = ?', patch.encryptedPassword);
  if (patch.emailConfirmedNow) sets.push('email_confirmed_at = coalesce(email_confirmed_at, now())');
  if (patch.emailConfirmedAt !== undefined) add('email_confirmed_at = ?', patch.emailConfirmedAt);
  if (patch.emailChange !== undefined) add('email_change = ?', patch.emailChange);
  if (patch.emailChangeSentNow) sets.push('email_change_sent_at = now()');
  if (patch.confirmationSentNow) sets.push('confirmation_sent_at = now()');
  if (patch.recoverySentNow) sets.push('recovery_sent_at = now()');
  if (patch.lastSignInNow) sets.push('last_sign_in_at = now()');
  if (patch.phone !== undefined) add('phone = ?', patch.phone);
  if (patch.phoneConfirmedNow) sets.push('phone_confirmed_at = now()');
  if (patch.appMetadata !== undefined) add('raw_app_meta_data = ?::jsonb', JSON.stringify(patch.appMetadata));
  if (patch.userMetadata !== undefined) add('raw_user_meta_data = ?::jsonb', JSON.stringify(patch.userMetadata));
  if (patch.bannedUntil !== undefined) add('banned_until = ?', patch.bannedUntil);
  if (patch.role !== undefined) add('role = ?', patch.role);
  if (patch.isAnonymous !== undefined) add('is_anonymous = ?', patch.isAnonymous);
  const result = await q.query<UserRow>(
    `update auth.users set ${sets.join(', ')} where id = $1 returning ${USER_COLUMNS}`,
    params,
  );
  const row = result.rows[0];
  if (!row) throw new Error(`auth.users ${id} vanished during update`);
  return row;
}

export async function deleteUser(q: Queryable, id: string): Promise<boolean> {
  const result = await q.query('delete from auth.users where id = $1', [id]);
  return result.rowCount > 0;
}

export async function softDeleteUser(q: Queryable, id: string): Promise<void> {
  await q.query('delete from auth.sessions where user_id = $1', [id]);
  await q.query('delete from auth.identities where user_id = $1', [id]);
  await q.query(
    `update auth.users set deleted_at = now(), updated_at = now(), encrypted_password = null,
       email = null, phone = null, raw_user_meta_data = '{}'::jsonb where id = $1`,
    [id],
  );
}

export async function listUsers(
  q: Queryable,
  page: number,
  perPage: number,
): Promise<{ users: UserRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    q.query<UserRow>(
      `select ${USER_COLUMNS} from auth.users where deleted_at is null order by created_at desc, id limit $1 offset $2`,
      [perPage, (page - 1) * perPage],
    ),
    q.query<{ total: number }>('select count(*)::int as total from auth.users where deleted_at is null'),
  ]);
  return { users: rows.rows, total: count.rows[0]?.total ?? 0 };
}

// ---- identities --------------------------------------------------------------------------------

const IDENTITY_COLUMNS =
  'id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email';

export async function identitiesOf(q: Queryable, userId: string): Promise<IdentityRow[]> {
  const result = await q.query<IdentityRow>(
    `select ${IDENTITY_COLUMNS} from auth.identities where user_id = $1 order by created_at, id`,
    [userId],
  );
  return result.rows;
}

export async function findIdentity(
  q: Queryable,
  provider: string,
  providerId: string,
): Promise<IdentityRow | undefined> {
  const result = await q.query<IdentityRow>(
    `select ${IDENTITY_COLUMNS} from auth.identities where provider = $1 and provider_id = $2`,
    [provider, providerId],
  );
  return result.rows[0];
}

export async function listIdentitiesByProvider(q: Queryable, provider: string, limit: number): Promise<IdentityRow[]> {
  const result = await q.query<IdentityRow>(
    `select ${IDENTITY_COLUMNS} from auth.identities where provider = $1
     order by coalesce(last_sign_in_at, created_at) desc limit $2`,
    [provider, limit],
  );
  return result.rows;
}

export async function insertIdentity(
  q: Queryable,
  identity: { userId: string; provider: string; providerId: string; data: Json },
): Promise<IdentityRow> {
  const result = await q.query<IdentityRow>(
    `insert into auth.identities (user_id, provider, provider_id, identity_data, last_sign_in_at)
     values ($1, $2, $3, $4::jsonb, now()) returning ${IDENTITY_COLUMNS}`,
    [identity.userId, identity.provider, identity.providerId, JSON.stringify(identity.data)],
  );
  const row = result.rows[0];
  if (!row) throw new Error('insert into auth.identities returned no row');
  return row;
}

export async function updateIdentity(
  q: Queryable,
  id: string,
  patch: { data?: Json; signedIn?: boolean },
): Promise<void> {
  await q.query(
    `update auth.identities set updated_at = now(),
       identity_data = coalesce($2::jsonb, identity_data),
       last_sign_in_at = case when $3::boolean then now() else last_sign_in_at end
     where id = $1`,
    [id, patch.data === undefined ? null : JSON.stringify(patch.data), patch.signedIn === true],
  );
}

export async function deleteIdentity(q: Queryable, id: string): Promise<void> {
  await q.query('delete from auth.identities where id = $1', [id]);
}

// ---- sessions, AMR claims, refresh tokens ------------------------------------------------------

export async function findSession(q: Queryable, id: string): Promise<SessionRow | undefined> {
  const result = await q.query<SessionRow>('select * from auth.sessions where id = $1', [id]);
  return result.rows[0];
}

export async function setSessionAal(q: Queryable, id: string, aal: 'aal1' | 'aal2', factorId: string | null): Promise<void> {
  await q.query('update auth.sessions set aal = $2, factor_id = $3, updated_at = now() where id = $1', [
    id,
    aal,
    factorId,
  ]);
}

export async function touchSession(q: Queryable, id: string): Promise<void> {
  await q.query('update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1', [id]);
}

export async function deleteSession(q: Queryable, id: string): Promise<void> {
  await q.query('delete from auth.sessions where id = $1', [id]);
}

export async function deleteSessionsOfUser(q: Queryable, userId: string, exceptSessionId?: string): Promise<void> {
  if (exceptSessionId) {
    await q.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, exceptSessionId]);
  } else {
    await q.query('delete from auth.sessions where user_id = $1', [userId]);
  }
}

export async function addAmrClaim(q: Queryable, sessionId: string, method: string): Promise<void> {
  await q.query(
    `insert into auth.mfa_amr_claims (session_id, authentication_method) values ($1, $2)
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [sessionId, method],
  );
}

export async function amrClaims(q: Queryable, sessionId: string): Promise<{ method: string; at: Date }[]> {
  const result = await q.query<{ authentication_method: string; updated_at: Date }>(
    `select authentication_method, updated_at from auth.mfa_amr_claims where session_id = $1
     order by updated_at desc, created_at desc`,
    [sessionId],
  );
  return result.rows.map((row) => ({ method: row.authentication_method, at: row.updated_at }));
}

export async function insertRefreshToken(
  q: Queryable,
  token: { hash: string; userId: string; sessionId: string; parentHash: string | null },
): Promise<void> {
  await q.query(
    'insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)',
    [token.hash, token.userId, token.sessionId, token.parentHash],
  );
}

export async function activeChildToken(q: Queryable, parentHash: string, sessionId: string): Promise<RefreshTokenRow | undefined> {
  const result = await q.query<RefreshTokenRow>(
    `select ${REFRESH_COLUMNS} from auth.refresh_tokens
     where parent = $1 and session_id = $2 and revoked = false order by id desc limit 1 for update`,
    [parentHash, sessionId],
  );
  return result.rows[0];
}

export async function revokeRefreshToken(q: Queryable, id: string): Promise<void> {
  await q.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1::bigint', [id]);
}

// ---- one-time tokens ---------------------------------------------------------------------------

/** Replaces the user's live token of this type (a new mail invalidates the previous code). */
export async function upsertOneTimeToken(
  q: Queryable,
  token: { userId: string; type: OneTimeTokenType; hash: string; relatesTo: string; flowStateId: string | null },
): Promise<void> {
  await q.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, flow_state_id)
     values ($1, $2, $3, $4, $5)
     on conflict (user_id, token_type) do update set token_hash = excluded.token_hash,
       relates_to = excluded.relates_to, flow_state_id = excluded.flow_state_id, attempts = 0,
       created_at = now(), updated_at = now()`,
    [token.userId, token.type, token.hash, token.relatesTo, token.flowStateId],
  );
}

export async function oneTimeTokensFor(
  q: Queryable,
  relatesTo: string,
  types: readonly OneTimeTokenType[],
): Promise<OneTimeTokenRow[]> {
  const result = await q.query<OneTimeTokenRow>(
    `select * from auth.one_time_tokens where relates_to = lower($1) and token_type = any($2::text[])
     order by created_at desc for update`,
    [relatesTo, types],
  );
  return result.rows;
}

export async function oneTimeTokensByHash(
  q: Queryable,
  hashes: readonly string[],
  types: readonly OneTimeTokenType[],
): Promise<OneTimeTokenRow[]> {
  const result = await q.query<OneTimeTokenRow>(
    `select * from auth.one_time_tokens where token_hash = any($1::text[]) and token_type = any($2::text[])
     order by created_at desc for update`,
    [hashes, types],
  );
  return result.rows;
}

export async function lastOneTimeTokenSentAt(q: Queryable, userId: string, type: OneTimeTokenType): Promise<Date | undefined> {
  const result = await q.query<{ created_at: Date }>(
    'select created_at from auth.one_time_tokens where user_id = $1 and token_type = $2',
    [userId, type],
  );
  return result.rows[0]?.created_at;
}

export async function countFailedAttempt(q: Queryable, ids: readonly string[]): Promise<void> {
  await q.query(
    'update auth.one_time_tokens set attempts = attempts + 1, updated_at = now() where id = any($1::uuid[])',
    [ids],
  );
}

export async function deleteOneTimeToken(q: Queryable, id: string): Promise<void> {
  await q.query('delete from auth.one_time_tokens where id = $1', [id]);
}

export async function deleteOneTimeTokensOfUser(q: Queryable, userId: string, types: readonly OneTimeTokenType[]): Promise<void> {
  await q.query('delete from auth.one_time_tokens where user_id = $1 and token_type = any($2::text[])', [
    userId,
    types,
  ]);
}

// ---- MFA -----------------------------------------------------------------------------------------

export async function factorsOf(q: Queryable, userId: string): Promise<FactorRow[]> {
  const result = await q.query<FactorRow>(
    'select * from auth.mfa_factors where user_id = $1 order by created_at, id',
    [userId],
  );
  return result.rows;
}

export async function findFactor(q: Queryable, userId: string, id: string): Promise<FactorRow | undefined> {
  const result = await q.query<FactorRow>('select * from auth.mfa_factors where id = $1 and user_id = $2', [id, userId]);
  return result.rows[0];
}

export async function insertFactor(
  q: Queryable,
  factor: { id: string; userId: string; friendlyName: string; type: 'totp'; secret: string },
): Promise<FactorRow> {
  const result = await q.query<FactorRow>(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, secret)
     values ($1, $2, $3, $4, 'unverified', $5) returning *`,
    [factor.id, factor.userId, factor.friendlyName, factor.type, factor.secret],
  );
  const row = result.rows[0];
  if (!row) throw new Error('insert into auth.mfa_factors returned no row');
  return row;
}

export async function deleteFactor(q: Queryable, id: string): Promise<void> {
  await q.query('delete from auth.mfa_factors where id = $1', [id]);
}

export async function deleteStaleUnverifiedFactors(q: Queryable, userId: string, olderThanSeconds: number): Promise<void> {
  await q.query(
    `delete from auth.mfa_factors where user_id = $1 and status = 'unverified'
     and created_at < now() - make_interval(secs => $2)`,
    [userId, olderThanSeconds],
  );
}

export async function markFactorVerified(q: Queryable, factor: FactorRow): Promise<void> {
  await q.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [factor.id]);
  await q.query(
    `delete from auth.mfa_factors where user_id = $1 and factor_type = $2 and status = 'unverified' and id <> $3`,
    [factor.user_id, factor.factor_type, factor.id],
  );
}

export async function insertChallenge(q: Queryable, challenge: { id: string; factorId: string; ip: string | null }): Promise<ChallengeRow> {
  await q.query('update auth.mfa_factors set last_challenged_at = now() where id = $1', [challenge.factorId]);
  const result = await q.query<ChallengeRow>(
    'insert into auth.mfa_challenges (id, factor_id, ip_address) values ($1, $2, $3) returning *',
    [challenge.id, challenge.factorId, challenge.ip],
  );
  const row = result.rows[0];
  if (!row) throw new Error('insert into auth.mfa_challenges returned no row');
  return row;
}

export async function findChallengeForUpdate(q: Queryable, id: string, factorId: string): Promise<ChallengeRow | undefined> {
  const result = await q.query<ChallengeRow>(
    'select * from auth.mfa_challenges where id = $1 and factor_id = $2 for update',
    [id, factorId],
  );
  return result.rows[0];
}

export async function markChallengeVerified(q: Queryable, id: string): Promise<void> {
  await q.query('update auth.mfa_challenges set verified_at = now() where id = $1', [id]);
}

export async function downgradeSessionsAfterFactorRemoval(q: Queryable, userId: string, factorId: string): Promise<void> {
  await q.query(
    `delete from auth.mfa_amr_claims c using auth.sessions s
     where c.session_id = s.id and s.user_id = $1 and s.factor_id = $2 and c.authentication_method in ('totp', 'mfa/phone', 'mfa/webauthn')`,
    [userId, factorId],
  );
  await q.query(
    `update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where user_id = $1 and factor_id = $2`,
    [userId, factorId],
  );
}

// ---- flow state --------------------------------------------------------------------------------

export async function insertFlowState(
  q: Queryable,
  flow: {
    id: string;
    userId: string | null;
    codeChallenge: string | null;
    codeChallengeMethod: string | null;
    providerType: string;
    authenticationMethod: string;
    flowType: 'pkce' | 'implicit';
    redirectTo: string | null;
    providerCodeVerifier?: string | null;
    linkUserId?: string | null;
  },
): Promise<void> {
  await q.query(
    `insert into auth.flow_state (id, user_id, code_challenge, code_challenge_method, provider_type,
       authentication_method, flow_type, redirect_to, provider_code_verifier, link_user_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      flow.id,
      flow.userId,
      flow.codeChallenge,
      flow.codeChallengeMethod,
      flow.providerType,
      flow.authenticationMethod,
      flow.flowType,
      flow.redirectTo,
      flow.providerCodeVerifier ?? null,
      flow.linkUserId ?? null,
    ],
  );
}

export async function findFlowState(q: Queryable, id: string): Promise<FlowStateRow | undefined> {
  const result = await q.query<FlowStateRow>('select * from auth.flow_state where id = $1 for update', [id]);
  return result.rows[0];
}

export async function findFlowStateByCode(q: Queryable, authCode: string): Promise<FlowStateRow | undefined> {
  const result = await q.query<FlowStateRow>('select * from auth.flow_state where auth_code = $1 for update', [authCode]);
  return result.rows[0];
}

export async function issueAuthCode(
  q: Queryable,
  id: string,
  authCode: string,
  userId: string,
  providerTokens: { access: string | null; refresh: string | null } = { access: null, refresh: null },
): Promise<void> {
  await q.query(
    `update auth.flow_state set auth_code = $2, user_id = $3, auth_code_issued_at = now(), updated_at = now(),
       provider_access_token = $4, provider_refresh_token = $5 where id = $1`,
    [id, authCode, userId, providerTokens.access, providerTokens.refresh],
  );
}

export async function deleteFlowState(q: Queryable, id: string): Promise<void> {
  await q.query('delete from auth.flow_state where id = $1', [id]);
}

export async function deleteExpiredFlowStates(q: Queryable, olderThanSeconds: number): Promise<void> {
  await q.query('delete from auth.flow_state where created_at < now() - make_interval(secs => $1)', [
    olderThanSeconds * 4,
  ]);
}

// ---- combined statements on the hot paths (sign-in, refresh) -----------------------------------

/** Session + its first AMR claim + first refresh token + last_sign_in_at, in one round trip. */
export async function insertSessionWithToken(
  q: Queryable,
  input: { sessionId: string; userId: string; userAgent: string | null; ip: string | null; method: string; tokenHash: string },
): Promise<{ user: UserRow; amrAt: Date }> {
  const result = await q.query<UserRow & { amr_at: Date }>(
    `with s as (
       insert into auth.sessions (id, user_id, user_agent, ip) values ($1, $2, $3, $4) returning id
     ), a as (
       insert into auth.mfa_amr_claims (session_id, authentication_method) select id, $5 from s returning updated_at
     ), r as (
       insert into auth.refresh_tokens (token, user_id, session_id) select $6, $2, id from s
     )
     update auth.users set last_sign_in_at = now(), updated_at = now() where id = $2
     returning ${USER_COLUMNS}, (select updated_at from a) as amr_at`,
    [input.sessionId, input.userId, input.userAgent, input.ip, input.method, input.tokenHash],
  );
  const row = result.rows[0];
  if (!row) throw new Error(`auth.users ${input.userId} vanished while starting a session`);
  const { amr_at: amrAt, ...user } = row;
  return { user, amrAt };
}

export interface RefreshContext {
  token: RefreshTokenRow;
  session: SessionRow | undefined;
  user: UserRow | undefined;
}

/** The presented refresh token (locked), its session and its user, in one round trip. */
export async function findRefreshContext(q: Queryable, hash: string): Promise<RefreshContext | undefined> {
  const result = await q.query<{ token: RefreshTokenRow; session: SessionRow | null; user_row: UserRow | null }>(
    `select json_build_object('id', rt.id::text, 'token', rt.token, 'user_id', rt.user_id, 'revoked', rt.revoked,
              'parent', rt.parent, 'session_id', rt.session_id, 'created_at', rt.created_at, 'updated_at', rt.updated_at) as token,
            (select row_to_json(s) from auth.sessions s where s.id = rt.session_id) as session,
            (select row_to_json(u) from (select ${USER_COLUMNS} from auth.users where id = rt.user_id) u) as user_row
     from auth.refresh_tokens rt where rt.token = $1 for update of rt`,
    [hash],
  );
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    token: withDates(row.token, ['created_at', 'updated_at']),
    session: row.session ? withDates(row.session, ['not_after', 'refreshed_at', 'created_at', 'updated_at']) : undefined,
    user: row.user_row
      ? withDates(row.user_row, [
          'email_confirmed_at', 'invited_at', 'confirmation_sent_at', 'recovery_sent_at', 'email_change_sent_at',
          'last_sign_in_at', 'phone_confirmed_at', 'confirmed_at', 'banned_until', 'deleted_at', 'created_at', 'updated_at',
        ])
      : undefined,
  };
}

/**
 * Revokes `revokeId`, stores the child token and touches the session; returns the session's AMR
 * claims. (Data-modifying CTEs always run to completion, whether or not the SELECT reads them.)
 */
export async function rotateRefreshToken(
  q: Queryable,
  input: { revokeId: string | null; newHash: string; parentHash: string; userId: string; sessionId: string },
): Promise<{ method: string; at: Date }[]> {
  const result = await q.query<{ authentication_method: string; updated_at: Date }>(
    `with revoked as (
       update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1::bigint returning id
     ), inserted as (
       insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($2, $3, $4, $5) returning id
     ), touched as (
       update auth.sessions set refreshed_at = now(), updated_at = now() where id = $4 returning id
     )
     select authentication_method, updated_at from auth.mfa_amr_claims
     where session_id = $4
     order by updated_at desc, created_at desc`,
    [input.revokeId, input.newHash, input.userId, input.sessionId, input.parentHash],
  );
  return result.rows.map((row) => ({ method: row.authentication_method, at: row.updated_at }));
}

/** Identities and factors of a user in one round trip (for the user JSON). */
export async function userRelations(
  q: Queryable,
  userId: string,
): Promise<{ identities: IdentityRow[]; factors: FactorRow[]; phoneChange: PendingPhoneChange | undefined }> {
  const result = await q.query<{ identities: IdentityRow[] | null; factors: FactorRow[] | null; phone_change: PendingPhoneChange | null }>(
    `select (select json_agg(i order by i.created_at, i.id) from (select ${IDENTITY_COLUMNS} from auth.identities where user_id = $1) i) as identities,
            (select json_agg(f order by f.created_at, f.id) from auth.mfa_factors f where f.user_id = $1) as factors,
            (select json_build_object('phone', t.relates_to, 'sent_at', t.created_at) from auth.one_time_tokens t
              where t.user_id = $1 and t.token_type = 'phone_change_token' order by t.created_at desc limit 1) as phone_change`,
    [userId],
  );
  const row = result.rows[0];
  return {
    identities: (row?.identities ?? []).map((identity) => withDates(identity, ['last_sign_in_at', 'created_at', 'updated_at'])),
    factors: (row?.factors ?? []).map((factor) => withDates(factor, ['last_challenged_at', 'created_at', 'updated_at'])),
    phoneChange: row?.phone_change ?? undefined,
  };
}

/** A phone change waiting for its code: the new number (GoTrue's users.phone_change) and when the code went out. */
export interface PendingPhoneChange {
  phone: string;
  sent_at: string;
}

/** JSON from Postgres carries timestamps as strings; turn the named ones back into Dates. */
function withDates<T extends object>(value: T, keys: readonly string[]): T {
  const copy = { ...value } as Record<string, unknown>;
  for (const key of keys) {
    const field = copy[key];
    if (typeof field === 'string') copy[key] = new Date(field);
  }
  return copy as T;
}
