// What the sign-in screen is told by whoever sent the visitor there: an app or a bundle to
// brand the page with, a new-signup flag and a pending app description (seed §2.3). All of it
// arrives in the address bar or router state, so it is validated like any outside input.
import { z } from 'zod/mini';

export interface SignInParams {
  /** The app whose name brands the page (`app_id`). */
  readonly appId: string | null;
  /** The bundle whose name brands the page (`bundle_id`); wins over `appId` when both are given. */
  readonly bundleId: string | null;
  /** `new_signup=true|1`: the visitor came to create an account. */
  readonly newSignup: boolean;
  /** `app_description_id`: a description saved on /create-new-app, waiting for an account. */
  readonly appDescriptionId: string | null;
}

const uuid = z.uuid();
const token = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,128}$/));
const flag = z.enum(['true', '1']);

const stateSchema = z.object({
  app_id: z.optional(z.unknown()),
  bundle_id: z.optional(z.unknown()),
  new_signup: z.optional(z.unknown()),
  app_description_id: z.optional(z.unknown()),
});

function pick<T>(schema: z.ZodMiniType<T>, ...candidates: unknown[]): T | null {
  for (const candidate of candidates) {
    const parsed = schema.safeParse(typeof candidate === 'boolean' ? String(candidate) : candidate);
    if (parsed.success) return parsed.data;
  }
  return null;
}

/**
 * Reads the sign-in inputs from the query string first, then from router state. A malformed
 * value (not a UUID, script, overlong) counts as absent: the page falls back to its defaults
 * and never sends it to the backend.
 */
export function readSignInParams(search: URLSearchParams, state: unknown): SignInParams {
  const fromState = stateSchema.safeParse(state);
  const s = fromState.success ? fromState.data : {};
  return {
    appId: pick(uuid, search.get('app_id'), s.app_id),
    bundleId: pick(uuid, search.get('bundle_id'), s.bundle_id),
    newSignup: pick(flag, search.get('new_signup'), s.new_signup) !== null,
    appDescriptionId: pick(token, search.get('app_description_id'), s.app_description_id),
  };
}

/** The page's own address for redirects after a provider or an e-mail link: a bare trailing `#` is dropped. */
export function currentAddress(href: string): string {
  return href.endsWith('#') ? href.slice(0, -1) : href;
}
