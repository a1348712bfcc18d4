// The JSON shapes auth-js reads (supabase-wire §1.6): null/empty fields omitted, email/phone "".
import type { FactorRow, IdentityRow, Json, PendingPhoneChange, UserRow } from './repository.js';

export function iso(value: Date | string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

export function identityJson(identity: IdentityRow): Json {
  return {
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
    last_sign_in_at: iso(identity.last_sign_in_at),
    created_at: iso(identity.created_at),
    updated_at: iso(identity.updated_at),
    email: identity.email ?? undefined,
  };
}

export function factorJson(factor: FactorRow): Json {
  return {
    id: factor.id,
    friendly_name: factor.friendly_name ?? undefined,
    factor_type: factor.factor_type,
    status: factor.status,
    created_at: iso(factor.created_at),
    updated_at: iso(factor.updated_at),
    last_challenged_at: iso(factor.last_challenged_at) ?? null,
    phone: factor.phone ?? '',
  };
}

/** Recomputes app_metadata.provider/providers from the identities (ordered by creation). */
export function appMetadataWithProviders(user: UserRow, identities: readonly IdentityRow[]): Json {
  const providers = [...new Set(identities.map((identity) => identity.provider))];
  const current = user.raw_app_meta_data;
  const provider =
    typeof current.provider === 'string' && providers.includes(current.provider) ? current.provider : providers[0];
  return { ...current, provider: provider ?? current.provider ?? 'email', providers };
}

export function userJson(
  user: UserRow,
  identities: readonly IdentityRow[],
  factors: readonly FactorRow[],
  phoneChange?: PendingPhoneChange,
): Json {
  const json: Json = {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    new_email: user.email_change ?? undefined,
    email_change_sent_at: user.email_change ? iso(user.email_change_sent_at) : undefined,
    new_phone: phoneChange?.phone,
    phone_change_sent_at: phoneChange ? iso(new Date(phoneChange.sent_at)) : undefined,
    invited_at: iso(user.invited_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    banned_until: iso(user.banned_until),
    deleted_at: iso(user.deleted_at),
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    identities: identities.map(identityJson),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: user.is_anonymous,
  };
  if (factors.length > 0) json.factors = factors.map(factorJson);
  for (const key of Object.keys(json)) if (json[key] === undefined) delete json[key];
  return json;
}
