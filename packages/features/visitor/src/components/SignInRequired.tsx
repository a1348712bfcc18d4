import { buttonClassName } from '@appforge/ui';
import { VisitorLink } from './VisitorLink';

export interface SignInRequiredProps {
  appName: string;
  /** The sign-in page, branded with the app and coming back here afterwards. */
  signInHref: string;
  /** The owner lets only chosen people in: signing in may still not be enough. */
  invitedOnly?: boolean;
  /** 1 when it is the whole page (a signed-out visitor's page of a hidden app), 2 inside the app's page. */
  headingLevel?: 1 | 2;
}

/** The app is open to signed-in people only: say so, with a sign-in link branded with the app. */
export function SignInRequired({ appName, signInHref, invitedOnly = false, headingLevel = 2 }: SignInRequiredProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className="visitor-sign-in" aria-labelledby="visitor-sign-in-title">
      <Heading id="visitor-sign-in-title" className="visitor-sign-in__title">
        Sign in to use {appName}
      </Heading>
      <p className="visitor-sign-in__detail">
        {invitedOnly
          ? `${appName} is open only to the people its owner chose. Sign in with the e-mail address you were invited with.`
          : `${appName} is open to signed-in people only. It takes a minute, with an e-mail code or your Google, GitHub or Microsoft account.`}
      </p>
      <VisitorLink to={signInHref} className={buttonClassName({ variant: 'primary', size: 'lg' })}>
        Sign in to continue
      </VisitorLink>
    </section>
  );
}
