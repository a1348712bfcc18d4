import { Card, PageHeader, PageTitle } from '@appforge/ui';
import { PasswordWidget } from '../components/PasswordWidget';
import { currentAddress } from '../lib/sign-in-params';

/**
 * `/reset-password` — where a password-recovery link lands (signed in by the link): the widget's
 * update_password view ("Update password" → "Your password has been updated").
 */
export function Component() {
  const tabTitle = <PageTitle title="Reset password" />;
  return (
    <>
      {tabTitle}
      <div className="auth-page">
        <PageHeader title="Choose a new password" description="Type the password you want to use from now on." />
        <Card>
          <PasswordWidget view="update_password" redirectTo={currentAddress(window.location.href)} />
        </Card>
      </div>
    </>
  );
}
