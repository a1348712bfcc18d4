import { errorResponse, json, signedInUser } from './http.ts';
import type { FunctionHandler } from './types.ts';

/**
 * POST /functions/v1/delete-account: deletes the signed-in caller through the admin API. Their
 * User row, apps, bundles, domains and school memberships go with them (foreign keys cascade
 * from auth.users), and so do their sessions. Someone who set up two-factor authentication must
 * have verified it in this session (aal2) first: a stolen password alone cannot delete an account.
 */
export const deleteAccount: FunctionHandler = async (req, ctx) => {
  if (req.method !== 'POST') return errorResponse(405, 'method_not_allowed', 'Use POST');
  const caller = signedInUser(ctx);
  if (!caller) return errorResponse(401, 'not_authenticated', 'Sign in to delete your account');

  if (caller.claims.aal !== 'aal2') {
    const factors = await ctx.supabase.auth.admin.mfa.listFactors({ userId: caller.id });
    if (factors.error) {
      if (factors.error.status === 404) return errorResponse(404, 'user_not_found', 'Your account no longer exists');
      throw new Error(`Reading the factors failed: ${factors.error.message}`);
    }
    if (factors.data.factors.some((factor) => factor.status === 'verified')) {
      return errorResponse(
        403,
        'insufficient_aal',
        'Enter a code from your authenticator app before deleting your account',
      );
    }
  }

  const deleted = await ctx.supabase.auth.admin.deleteUser(caller.id);
  if (deleted.error) {
    if (deleted.error.status === 404) return errorResponse(404, 'user_not_found', 'Your account no longer exists');
    throw new Error(`Deleting the user failed: ${deleted.error.message}`);
  }
  ctx.log.info({ user_id: caller.id }, 'account deleted');
  return json(200, { deleted: true });
};
