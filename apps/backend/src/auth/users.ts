import type { Queryable } from '../db/database.js';
import * as repo from './repository.js';
import type { Json, UserRow } from './repository.js';
import { appMetadataWithProviders } from './serialize.js';

/** A new e-mail user with its `email` identity (provider_id = user id, as GoTrue does). */
export async function createEmailUser(
  q: Queryable,
  input: {
    email: string;
    passwordHash: string | null;
    confirmed: boolean;
    userMetadata: Json;
    appMetadata?: Json;
    role?: string;
    invited?: boolean;
  },
): Promise<UserRow> {
  const user = await repo.insertUser(q, {
    email: input.email,
    encryptedPassword: input.passwordHash,
    emailConfirmed: input.confirmed,
    appMetadata: { provider: 'email', providers: ['email'], ...(input.appMetadata ?? {}) },
    userMetadata: input.userMetadata,
    ...(input.role === undefined ? {} : { role: input.role }),
    ...(input.invited === undefined ? {} : { invited: input.invited }),
  });
  await repo.insertIdentity(q, {
    userId: user.id,
    provider: 'email',
    providerId: user.id,
    data: { ...input.userMetadata, sub: user.id, email: input.email, email_verified: input.confirmed, phone_verified: false },
  });
  return user;
}

/** Keeps app_metadata.provider/providers in step with the identities after a link or unlink. */
export async function syncProviders(q: Queryable, user: UserRow): Promise<UserRow> {
  const identities = await repo.identitiesOf(q, user.id);
  return repo.updateUser(q, user.id, { appMetadata: appMetadataWithProviders(user, identities) });
}

/** GoTrue's metadata update: top-level keys merged, a key set to null removed. */
export function mergeMetadata(current: Json, patch: Json): Json {
  const next: Json = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next;
}
