/**
 * The sign-in page's address for an app: `app_id` brands the page with the app's name (the auth
 * feature's readSignInParams) and `next` brings the visitor back here once signed in (its
 * safeNextPath accepts only paths on this site).
 */
export function signInHref(appId: string, next: string): string {
  const params = new URLSearchParams({ app_id: appId, next });
  return `/sign-in?${params.toString()}`;
}

export function deployedAppPath(appId: string): string {
  return `/deployed-app/${encodeURIComponent(appId)}`;
}

export function landingPagePath(appId: string): string {
  return `/landing-page/${encodeURIComponent(appId)}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** App ids in the address bar are outside input: anything but a UUID is "no such app". */
export function isAppId(value: string | undefined): value is string {
  return value !== undefined && UUID.test(value);
}
