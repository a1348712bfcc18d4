/** The seed's settings routes for one app (§2.1 "App routes"). */
export function settingsPaths(appId: string) {
  const id = encodeURIComponent(appId);
  return {
    hub: `/app-settings/${id}`,
    details: `/app-details/${id}`,
    icon: `/app-icon/${id}`,
    price: `/app-price/${id}`,
    design: `/app-design/${id}`,
    config: `/app-config/${id}`,
    data: `/app-data/${id}`,
    customDomain: `/custom-domain/${id}`,
    /** @appforge/app-tests, by URL. */
    tests: `/app-tests/${id}`,
    apiAccess: `/api-app-access/${id}`,
    editor: `/create-app/${id}`,
    deployed: `/deployed-app/${id}`,
  };
}
