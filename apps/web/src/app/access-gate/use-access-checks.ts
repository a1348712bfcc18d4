import { useAppforge } from '@appforge/sdk/react';
import type { Session } from '@appforge/sdk';
import { useQuery } from '@tanstack/react-query';
import { accessKeys } from './access-keys';

/** Whether the session still needs a second factor (seed §4: aal2 when a verified factor exists). */
export function useMfaRequirement(session: Session | null) {
  const client = useAppforge();
  return useQuery({
    queryKey: accessKeys.assurance(session?.user.id ?? '', session?.access_token ?? ''),
    enabled: session !== null,
    queryFn: async () => {
      const level = await client.auth.getAssuranceLevel();
      if (level.nextLevel !== 'aal2' || level.currentLevel === 'aal2') return { required: false as const };
      const factors = await client.auth.listFactors();
      // An authenticator app first; else a security key (WebAuthn, #20).
      const verified = factors.filter((candidate) => candidate.status === 'verified');
      const factor = verified.find((candidate) => candidate.factor_type === 'totp') ?? verified.find((candidate) => candidate.factor_type === 'webauthn');
      if (factor === undefined) return { required: false as const };
      return { required: true as const, factorId: factor.id, factorType: factor.factor_type === 'webauthn' ? ('webauthn' as const) : ('totp' as const) };
    },
    staleTime: Infinity,
  });
}

/** Creates the User row when missing (add-user with the referral) and returns the access status. */
export function useEnsureUser(userId: string | null, referralAppId: string | null, enabled: boolean) {
  const client = useAppforge();
  return useQuery({
    queryKey: accessKeys.ensure(userId ?? '', referralAppId),
    enabled: enabled && userId !== null,
    queryFn: () => client.users.ensure({ referralAppId }),
    staleTime: Infinity,
  });
}

/** Teacher or student, on the schools host only. */
export function useSchoolAccess(userId: string | null, enabled: boolean) {
  const client = useAppforge();
  return useQuery({
    queryKey: accessKeys.schoolInfo(userId ?? ''),
    enabled: enabled && userId !== null,
    queryFn: () => client.functions.getUserSchoolInfo(),
    staleTime: Infinity,
  });
}
