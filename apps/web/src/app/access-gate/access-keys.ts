// Query keys of the access checks. Everything under ['access', userId] is dropped on sign-out.
export const accessKeys = {
  all: ['access'] as const,
  user: (userId: string) => ['access', userId] as const,
  ensure: (userId: string, referralAppId: string | null) => ['access', userId, 'ensure', referralAppId] as const,
  schoolInfo: (userId: string) => ['access', userId, 'school-info'] as const,
  assurance: (userId: string, accessToken: string) => ['access', userId, 'assurance', accessToken] as const,
  customDomain: (host: string) => ['access', 'custom-domain', host] as const,
};
