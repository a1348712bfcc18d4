// Whether the key's owner may run an app (the app's visibility and price rules, applied to the
// key's owner). SEAM for entitlements (#17): when keys may reach apps their owner bought, connect
// the purchase check here; until then a key only reaches its owner's own apps (see scope.ts),
// and an owner may always run their own apps.
import type { AppRow } from '../apps.ts';
import { ApiError } from './errors.ts';

export function keyOwnerMayRun(app: AppRow, keyOwnerId: string): ApiError | null {
  if (app.owner_id === keyOwnerId) return null;
  if (app.visibility === 'public' || app.visibility === 'unlisted' || app.visibility === 'signed_in') return null;
  return new ApiError(403, 'app_not_in_scope', `${app.name} is open only to the people its owner chose`);
}
