import { useAppforge } from '@appforge/sdk/react';
import { Auth } from '@supabase/auth-ui-react';
import { ThemeSupa } from '@supabase/auth-ui-shared';
import type { ViewType } from '@supabase/auth-ui-shared';

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

/**
 * The hosted sign-in widget (seed §2.4) in one of its e-mail/password views, with the product's
 * purple. Its confirmation texts and button labels are the widget's own (seed §9); a failed
 * request shows the backend's message in the widget's danger box.
 */
export function PasswordWidget({ view, redirectTo }: { view: ViewType; redirectTo: string }) {
  const client = useAppforge();
  return (
    <Auth
      supabaseClient={client.supabase}
      view={view}
      providers={[]}
      redirectTo={redirectTo}
      showLinks={false}
      appearance={{ theme: ThemeSupa, variables: { default: { colors: BRAND } } }}
    />
  );
}
