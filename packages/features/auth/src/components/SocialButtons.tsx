import { useAppforge } from '@appforge/sdk/react';
import { Auth } from '@supabase/auth-ui-react';
import { ThemeSupa } from '@supabase/auth-ui-shared';
import { memo } from 'react';

/** The three providers the product offers (seed §2.3); the widget knows many more. */
export const SIGN_IN_PROVIDERS = ['google', 'facebook', 'apple'] as const;

/** Purple brand (seed §2.3), the same values as @appforge/ui's --af-color-brand-700/800. */
const BRAND = {
  brand: '#6d28d9',
  brandAccent: '#5b21b6',
  brandButtonText: '#ffffff',
  // The widget's default grey-on-white provider buttons fail WCAG AA contrast (axe); ours pass.
  defaultButtonBackground: '#ffffff',
  defaultButtonBackgroundHover: '#f5f3ff',
  defaultButtonBorder: '#c4b5fd',
  defaultButtonText: '#2e1065',
};
// Stable props: the widget rebuilds its buttons whenever these change identity.
const PROVIDERS = [...SIGN_IN_PROVIDERS];
const APPEARANCE = { theme: ThemeSupa, variables: { default: { colors: BRAND } } };
const LOCALIZATION = { variables: { sign_in: { social_provider_text: 'Sign in with {{provider}}' } } };

/**
 * Google, Facebook and Apple buttons through the hosted sign-in widget (@supabase/auth-ui-react),
 * redirecting back to `redirectTo` after the provider.
 */
export const SocialButtons = memo(function SocialButtons({ redirectTo }: { redirectTo: string }) {
  const client = useAppforge();
  return (
    <Auth
      supabaseClient={client.supabase}
      providers={PROVIDERS}
      onlyThirdPartyProviders
      redirectTo={redirectTo}
      socialLayout="vertical"
      appearance={APPEARANCE}
      localization={LOCALIZATION}
    />
  );
});
