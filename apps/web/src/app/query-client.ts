import { QueryClient } from '@tanstack/react-query';

/** One retry hides a blip without hiding an outage; a mutation is never repeated behind the user's back. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
