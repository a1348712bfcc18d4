// Settings' passkeys card inside the providers the shell gives it, signed in on the in-memory fake
// backend (which stands in for the browser's WebAuthn prompt), for Storybook.
import '../styles.css';
import { AppforgeProvider } from '@appforge/sdk/react';
import { createFakeAppforgeClient, makeUserRow } from '@appforge/sdk/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { PasskeysSection } from '../components/PasskeysSection';

export interface PasskeysSectionStoryProps {
  /** Whether the browser can create passkeys (WebAuthn present). */
  supported: boolean;
}

export function PasskeysSectionStory({ supported }: PasskeysSectionStoryProps) {
  const [setup] = useState(() => {
    const client = createFakeAppforgeClient();
    const session = client.fake.signIn({ email: 'ada@example.org' });
    client.fake.data.me = makeUserRow({ id: session.user.id, email: 'ada@example.org', display_name: 'Ada' });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    return { client, queryClient };
  });
  return (
    <QueryClientProvider client={setup.queryClient}>
      <AppforgeProvider client={setup.client}>
        <main>
          <PasskeysSection supported={supported} />
        </main>
      </AppforgeProvider>
    </QueryClientProvider>
  );
}
