// Addresses the public bundle page links to: its own, the owner's manage pages (the bundles and
// domains features' routes, linked by path only) and the sign-in page branded with the bundle.
export const bundlePaths = (bundleId: string) => {
  const base = `/bundle/${encodeURIComponent(bundleId)}`;
  return {
    page: base,
    settings: `${base}/settings`,
    editApps: `${base}/edit-apps`,
    editPrice: `${base}/edit-price`,
    allowedUsers: `${base}/allowed-users`,
    customDomain: `${base}/custom-domain`,
  };
};

/** The auth feature's sign-in screen branded with the bundle (seed §2.3), coming back here after. */
export function bundleSignInHref(bundleId: string, next: string): string {
  return `/sign-in?${new URLSearchParams({ bundle_id: bundleId, next }).toString()}`;
}
