// An identity a provider vouched for (OAuth callback or a verified ID token) becomes a user: the
// identity's user, a newly linked existing user with the same verified address, or a new user
// (GoTrue's createAccountFromExternalIdentity). Linking attaches it to a signed-in user instead.
import type { Queryable } from '../db/database.js';
import type { AuthContext } from './context.js';
import { AuthApiError, errors } from './errors.js';
import type { ProviderProfile } from './providers.js';
import * as repo from './repository.js';
import type { Json, UserRow } from './repository.js';
import { syncProviders } from './users.js';

function identityDataOf(profile: ProviderProfile): Json {
  const data: Json = {
    ...profile.claims,
    sub: profile.providerId,
    provider_id: profile.providerId,
    email: profile.email ?? undefined,
    email_verified: profile.emailVerified,
    phone_verified: false,
    name: profile.name ?? undefined,
    full_name: profile.name ?? undefined,
    avatar_url: profile.avatarUrl ?? undefined,
    picture: profile.avatarUrl ?? undefined,
  };
  for (const key of Object.keys(data)) if (data[key] === undefined) delete data[key];
  return data;
}

/** The user the identity signs in as (created or linked as needed), inside the caller's transaction. */
export async function userForExternalIdentity(
  ctx: AuthContext,
  tx: Queryable,
  provider: string,
  profile: ProviderProfile,
  linkUserId: string | null,
): Promise<UserRow> {
  const identityData = identityDataOf(profile);
  const identity = await repo.findIdentity(tx, provider, profile.providerId);
  let user: UserRow | undefined;
  if (linkUserId) {
    if (identity && identity.user_id !== linkUserId) {
      throw new AuthApiError(422, 'identity_already_exists', 'Identity is already linked to another user');
    }
    if (identity) await repo.updateIdentity(tx, identity.id, { data: identityData, signedIn: true });
    else await repo.insertIdentity(tx, { userId: linkUserId, provider, providerId: profile.providerId, data: identityData });
    user = await repo.findUserById(tx, linkUserId);
  } else if (identity) {
    await repo.updateIdentity(tx, identity.id, { data: identityData, signedIn: true });
    user = await repo.findUserById(tx, identity.user_id);
  } else {
    const existing = profile.email ? await repo.findUserByEmail(tx, profile.email) : undefined;
    if (existing) {
      if (!profile.emailVerified) {
        throw new AuthApiError(422, 'email_exists', 'A user with this email address has already been registered');
      }
      await repo.insertIdentity(tx, { userId: existing.id, provider, providerId: profile.providerId, data: identityData });
      user = existing.email_confirmed_at ? existing : await repo.updateUser(tx, existing.id, { emailConfirmedNow: true });
    } else {
      if (ctx.settings.disableSignup) throw errors.signupDisabled();
      user = await repo.insertUser(tx, {
        email: profile.email,
        encryptedPassword: null,
        emailConfirmed: profile.emailVerified && profile.email !== null,
        appMetadata: { provider, providers: [provider] },
        userMetadata: identityData,
      });
      await repo.insertIdentity(tx, { userId: user.id, provider, providerId: profile.providerId, data: identityData });
    }
  }
  if (!user || user.deleted_at) throw errors.userNotFound(404);
  return syncProviders(tx, user);
}
