// Addresses of the bundles feature's pages, and of the pages it links to elsewhere.
export const bundlePaths = (bundleId: string) => {
  const base = `/bundle/${encodeURIComponent(bundleId)}`;
  return {
    page: base,
    settings: `${base}/settings`,
    editApps: `${base}/edit-apps`,
    editPrice: `${base}/edit-price`,
    allowedUsers: `${base}/allowed-users`,
    /** Owned by the domains feature (#18); linked from here. */
    customDomain: `${base}/custom-domain`,
  };
};

/** The auth feature's sign-in screen branded with the bundle (seed §2.3), coming back here after. */
export function bundleSignInHref(bundleId: string, next: string): string {
  return `/sign-in?${new URLSearchParams({ bundle_id: bundleId, next }).toString()}`;
}

export const deployedAppPath = (appId: string): string => `/deployed-app/${encodeURIComponent(appId)}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in the address bar are outside input: anything but a UUID is "no such bundle". */
export function isId(value: string | undefined): value is string {
  return value !== undefined && UUID.test(value);
}
