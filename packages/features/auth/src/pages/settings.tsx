import { PageHeader, PageTitle } from '@appforge/ui';
import { AnalyticsSection } from '../components/AnalyticsSection';
import { DeleteAccountSection } from '../components/DeleteAccountSection';
import { PasskeysSection } from '../components/PasskeysSection';
import { ProfileSection } from '../components/ProfileSection';
import { SessionsSection } from '../components/SessionsSection';
import { SignInMethodsSection } from '../components/SignInMethodsSection';
import { TwoFactorSection } from '../components/TwoFactorSection';

/** `/settings` — profile, sign-in methods, passkeys, two-factor, sessions, analytics consent, delete account. */
export function Component() {
  const tabTitle = <PageTitle title="Settings" />;
  return (
    <>
      {tabTitle}
      <div className="auth-page">
        <PageHeader title="Settings" description="Your profile, how you sign in, and your privacy." />
        <ProfileSection />
        <SignInMethodsSection />
        <PasskeysSection />
        <TwoFactorSection />
        <SessionsSection />
        <AnalyticsSection />
        <DeleteAccountSection />
      </div>
    </>
  );
}
