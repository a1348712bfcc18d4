// SQL of passkeys and their ceremonies (auth.webauthn_credentials, auth.webauthn_challenges,
// sql/platform/20261125207_webauthn.sql). WebAuthn MFA keeps its data on auth.mfa_factors/_challenges.
import type { Queryable } from '../db/database.js';
import type { VerifiedRegistration } from './webauthn.js';

export interface PasskeyRow {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: Uint8Array;
  sign_count: string | number;
  transports: string[];
  friendly_name: string | null;
  last_used_at: Date | null;
  created_at: Date;
}

export interface PasskeyChallengeRow {
  id: string;
  user_id: string | null;
  challenge: string;
  expires_at: Date;
}

export type CeremonyType = 'registration' | 'authentication';

export async function insertPasskeyChallenge(
  q: Queryable,
  row: { id: string; userId: string | null; type: CeremonyType; challenge: string; expirySeconds: number },
): Promise<PasskeyChallengeRow> {
  // Expired challenges of anyone are swept here, so the table stays small without a job.
  await q.query(`delete from auth.webauthn_challenges where expires_at < now() - interval '1 hour'`);
  const result = await q.query<PasskeyChallengeRow>(
    `insert into auth.webauthn_challenges (id, user_id, challenge_type, challenge, expires_at)
     values ($1, $2, $3, $4, now() + make_interval(secs => $5)) returning id, user_id, challenge, expires_at`,
    [row.id, row.userId, row.type, row.challenge, row.expirySeconds],
  );
  const inserted = result.rows[0];
  if (!inserted) throw new Error('insert into auth.webauthn_challenges returned no row');
  return inserted;
}

/** Takes the challenge out (single use, whatever the outcome); undefined when there is none for this caller. */
export async function consumePasskeyChallenge(
  q: Queryable,
  id: string,
  type: CeremonyType,
  userId: string | null,
): Promise<PasskeyChallengeRow | undefined> {
  const result = await q.query<PasskeyChallengeRow>(
    `delete from auth.webauthn_challenges
     where id = $1 and challenge_type = $2 and user_id is not distinct from $3
     returning id, user_id, challenge, expires_at`,
    [id, type, userId],
  );
  return result.rows[0];
}

const PASSKEY_COLUMNS = `id, user_id, credential_id, public_key, sign_count, transports, friendly_name, last_used_at, created_at`;

export async function passkeysOf(q: Queryable, userId: string): Promise<PasskeyRow[]> {
  const result = await q.query<PasskeyRow>(
    `select ${PASSKEY_COLUMNS} from auth.webauthn_credentials where user_id = $1 order by created_at, id`,
    [userId],
  );
  return result.rows;
}

export async function findPasskeyByCredentialId(q: Queryable, credentialId: string): Promise<PasskeyRow | undefined> {
  const result = await q.query<PasskeyRow>(
    `select ${PASSKEY_COLUMNS} from auth.webauthn_credentials where credential_id = $1`,
    [credentialId],
  );
  return result.rows[0];
}

/** Inserts the credential; undefined when that credential id is already registered (to anyone). */
export async function insertPasskey(
  q: Queryable,
  row: VerifiedRegistration & { id: string; userId: string; friendlyName: string | null },
): Promise<PasskeyRow | undefined> {
  const result = await q.query<PasskeyRow>(
    `insert into auth.webauthn_credentials
       (id, user_id, credential_id, public_key, sign_count, transports, aaguid, backup_eligible, backed_up, friendly_name)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10)
     on conflict (credential_id) do nothing
     returning ${PASSKEY_COLUMNS}`,
    [
      row.id,
      row.userId,
      row.credentialId,
      Buffer.from(row.publicKey),
      row.counter,
      JSON.stringify(row.transports),
      row.aaguid,
      row.backupEligible,
      row.backedUp,
      row.friendlyName,
    ],
  );
  return result.rows[0];
}

/**
 * Records a sign-in: the new counter and last use, only if nobody moved the counter meanwhile
 * (two racing uses of one assertion cannot both succeed). false → lost the race.
 */
export async function recordPasskeyUse(
  q: Queryable,
  passkey: PasskeyRow,
  newCounter: number,
  backedUp: boolean,
): Promise<boolean> {
  const result = await q.query(
    `update auth.webauthn_credentials
     set sign_count = $3, backed_up = $4, last_used_at = now(), updated_at = now()
     where id = $1 and sign_count = $2`,
    [passkey.id, passkey.sign_count, newCounter, backedUp],
  );
  return result.rowCount > 0;
}

export async function renamePasskey(q: Queryable, userId: string, id: string, name: string): Promise<PasskeyRow | undefined> {
  const result = await q.query<PasskeyRow>(
    `update auth.webauthn_credentials set friendly_name = $3, updated_at = now()
     where id = $1 and user_id = $2 returning ${PASSKEY_COLUMNS}`,
    [id, userId, name],
  );
  return result.rows[0];
}

export async function deletePasskey(q: Queryable, userId: string, id: string): Promise<boolean> {
  const result = await q.query('delete from auth.webauthn_credentials where id = $1 and user_id = $2', [id, userId]);
  return result.rowCount > 0;
}
