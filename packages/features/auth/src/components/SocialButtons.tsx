import type { Provider } from '@appforge/sdk';
import { Button } from '@appforge/ui';
import { memo, useState } from 'react';
import type { ReactNode } from 'react';
import { useAuthFeature } from '../lib/auth-context';
import { useSignInClient } from '../lib/sign-in-client';

/** The three providers the product offers (seed §2.3). */
export const SIGN_IN_PROVIDERS = ['google', 'facebook', 'apple'] as const satisfies readonly Provider[];
type SignInProvider = (typeof SIGN_IN_PROVIDERS)[number];

const LABELS: Record<SignInProvider, string> = { google: 'Google', facebook: 'Facebook', apple: 'Apple' };

/** The providers' marks, decorative (the label names the provider). */
const ICONS: Record<SignInProvider, ReactNode> = {
  google: (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.7z" />
      <path fill="#34A853" d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24z" />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1z" />
      <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.9 3.6-4.9 6.7-4.9z" />
    </svg>
  ),
  facebook: (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path fill="#1877F2" d="M24 12a12 12 0 1 0-13.9 11.9v-8.4H7.1V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v3h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12z" />
    </svg>
  ),
  apple: (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M16.4 12.7c0-2.6 2.1-3.8 2.2-3.9-1.2-1.8-3.1-2-3.7-2-1.6-.2-3.1.9-3.9.9-.8 0-2-.9-3.4-.9-1.7 0-3.3 1-4.2 2.6-1.8 3.1-.5 7.7 1.3 10.2.9 1.2 1.9 2.6 3.2 2.6 1.3-.1 1.8-.8 3.3-.8 1.6 0 2 .8 3.4.8 1.4 0 2.3-1.3 3.1-2.5 1-1.4 1.4-2.8 1.4-2.9 0 0-2.7-1-2.7-4.1zM13.9 5.1c.7-.9 1.2-2 1-3.2-1 0-2.3.7-3 1.6-.7.8-1.3 2-1.1 3.1 1.2.1 2.3-.6 3.1-1.5z" />
    </svg>
  ),
};

/**
 * "Sign in with Google / Facebook / Apple" (seed §2.3): each starts the provider's sign-in, which
 * comes back to `redirectTo` (the SDK drops a trailing `#`). A failure is reported and its message
 * shown (what the hosted widget did).
 */
export const SocialButtons = memo(function SocialButtons({ redirectTo }: { redirectTo: string }) {
  const client = useSignInClient();
  const { reportError } = useAuthFeature();
  const [pending, setPending] = useState<SignInProvider | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const start = async (provider: SignInProvider) => {
    setPending(provider);
    setMessage(null);
    try {
      await client.auth.signInWithProvider(provider, redirectTo);
    } catch (error) {
      reportError(error, { context: `issue with sign in with ${provider}` });
      setMessage(error instanceof Error && error.message !== '' ? error.message : 'The sign-in could not start. Please try again.');
    } finally {
      // The browser is on its way to the provider; a page restored from the back/forward cache
      // must not come back with busy buttons.
      setPending(null);
    }
  };

  return (
    <div className="auth-social-buttons">
      {SIGN_IN_PROVIDERS.map((provider) => (
        <Button
          key={provider}
          variant="secondary"
          fullWidth
          className="auth-social-button"
          startIcon={ICONS[provider]}
          loading={pending === provider}
          disabled={pending !== null && pending !== provider}
          onClick={() => void start(provider)}
        >
          {`Sign in with ${LABELS[provider]}`}
        </Button>
      ))}
      {message === null ? null : (
        <p className="auth-form-message" role="alert">
          {message}
        </p>
      )}
    </div>
  );
});
