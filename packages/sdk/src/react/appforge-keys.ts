// Query keys of every SDK query. Data that belongs to a person is keyed by their user id, so one
// person's cached answers are never shown to the next person who signs in on the same tab.
export const appforgeKeys = {
  all: ['appforge'] as const,
  appName: (appId: string | undefined) => ['appforge', 'app-name', appId ?? null] as const,
  bundleName: (bundleId: string | undefined) => ['appforge', 'bundle-name', bundleId ?? null] as const,
  customDomain: (host: string) => ['appforge', 'custom-domain', host] as const,
  user: (userId: string | undefined) => ['appforge', 'user', userId ?? null] as const,
  me: (userId: string | undefined) => ['appforge', 'user', userId ?? null, 'me'] as const,
  schoolInfo: (userId: string | undefined) => ['appforge', 'user', userId ?? null, 'school-info'] as const,
  factors: (userId: string | undefined) => ['appforge', 'user', userId ?? null, 'factors'] as const,
  assuranceLevel: (userId: string | undefined) => ['appforge', 'user', userId ?? null, 'assurance-level'] as const,
  identities: (userId: string | undefined) => ['appforge', 'user', userId ?? null, 'identities'] as const,
};
