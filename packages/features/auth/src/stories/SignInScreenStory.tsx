// The sign-in screen inside the providers the shell gives it, over the in-memory fake backend, for
// Storybook (the stories' play functions and axe run in stories.test.tsx).
import '../styles.css';
import { AppforgeProvider } from '@appforge/sdk/react';
import { createFakeAppforgeClient } from '@appforge/sdk/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { SignInScreen } from '../components/SignInScreen';
import { AuthFeatureProvider } from '../lib/auth-context';
import type { AuthFeatureConfig } from '../lib/auth-context';
import { SignInClientProvider } from '../lib/sign-in-client';

export const WAIT = { timeout: 10_000 } as const;
export const STORY_APP_ID = '6f1c1d8e-5b7a-4a53-9b3e-2f6a0c1d2e3f';
export const STORY_BUNDLE_ID = '0b6b5a7c-1d2e-4f3a-8b9c-0d1e2f3a4b5c';

/** A small icon drawn inline (stories make no network requests). */
export const STORY_ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" rx="14" fill="#6d28d9"/><text x="32" y="42" font-size="28" text-anchor="middle" fill="#fff" font-family="sans-serif">Q</text></svg>',
)}`;

export interface SignInScreenStoryProps {
  /** What the sign-in is branded with (as `?app_id=` or `?bundle_id=` would say), or nothing. */
  brand: 'none' | 'app' | 'bundle';
  name?: string;
  /** The icon URL the backend answers for the app or bundle; none when left out. */
  icon?: string;
}

const config: AuthFeatureConfig = {
  supportEmail: 'help@appforge.test',
  reportError: () => undefined,
  analytics: { enabled: false, getConsent: () => 'denied', setConsent: () => undefined, subscribe: () => () => undefined },
};

export function SignInScreenStory({ brand, name = 'Recipe Quiz', icon }: SignInScreenStoryProps) {
  const [setup] = useState(() => {
    const client = createFakeAppforgeClient();
    client.fake.data.appNames[STORY_APP_ID] = name;
    client.fake.data.bundleNames[STORY_BUNDLE_ID] = name;
    if (icon !== undefined) client.fake.data.signInIcons[brand === 'bundle' ? STORY_BUNDLE_ID : STORY_APP_ID] = icon;
    const search = brand === 'app' ? `?app_id=${STORY_APP_ID}` : brand === 'bundle' ? `?bundle_id=${STORY_BUNDLE_ID}` : '';
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    const router = createMemoryRouter(
      [
        { path: '/sign-in', element: <SignInScreen /> },
        { path: '*', element: <h1>Another page</h1> },
      ],
      { initialEntries: [`/sign-in${search}`] },
    );
    return { client, queryClient, router };
  });
  return (
    <QueryClientProvider client={setup.queryClient}>
      <AppforgeProvider client={setup.client}>
        <SignInClientProvider client={setup.client}>
          <AuthFeatureProvider config={config}>
            <RouterProvider router={setup.router} />
          </AuthFeatureProvider>
        </SignInClientProvider>
      </AppforgeProvider>
    </QueryClientProvider>
  );
}
