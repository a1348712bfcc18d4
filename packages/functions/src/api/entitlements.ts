// Whether the key's owner may run an app (the app's visibility rules, applied to the key's owner).
// A key only reaches its owner's own apps (see scope.ts), and an owner may always run their own
// apps; price, allowed people, plan limits and caps are admitRun's (billing/entitlements.ts),
// which prepareStart (runs.ts) asks before every run started with a key.
import type { AppRow } from '../apps.ts';
import { ApiError } from './errors.ts';

export function keyOwnerMayRun(app: AppRow, keyOwnerId: string): ApiError | null {
  if (app.owner_id === keyOwnerId) return null;
  if (app.visibility === 'public' || app.visibility === 'unlisted' || app.visibility === 'signed_in') return null;
  return new ApiError(403, 'app_not_in_scope', `${app.name} is open only to the people its owner chose`);
}
