import { Button, PageTitle } from '@appforge/ui';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useJoinPreview } from '../data/use-join-preview';
import { useAuthFeature } from '../lib/auth-context';
import { isInFrame } from '../lib/frame';
import { useSignInSession } from '../lib/sign-in-client';
import { safeNextPath } from '../lib/safe-next';
import { currentAddress, joinCodeOf, readSignInParams } from '../lib/sign-in-params';
import { useBrandIcon, useBrandName } from '../lib/use-brand-name';
import { BackgroundVideo } from './BackgroundVideo';
import { EmailCodeForm } from './EmailCodeForm';
import { PasskeySignInButton } from './PasskeySignInButton';
import { SocialButtons } from './SocialButtons';

export const DEFAULT_HEADING = 'Build the AI apps you need';
export const SIGN_UP_HEADING = 'Sign Up To Create Your App';
export const LOADING_TEXT = 'Loading...';

// The modal (a Radix dialog) is only needed inside a frame: it is not downloaded otherwise.
const AppOpenedInNewTabModal = lazy(() =>
  import('./AppOpenedInNewTabModal').then((module) => ({ default: module.AppOpenedInNewTabModal })),
);

/**
 * The sign-in screen (seed §2.3): a heading (the default, the sign-up one, or the fetched app or
 * bundle name, with its icon when it has one), the looping background, Google/Facebook/Apple, and the e-mail code flow.
 * Inside a frame it opens itself in a new tab and says so.
 */
export function SignInScreen() {
  const location = useLocation();
  const { reportError } = useAuthFeature();
  const params = readSignInParams(new URLSearchParams(location.search), location.state);
  const brand = useBrandName(params.appId, params.bundleId);
  const icon = useBrandIcon(params.appId, params.bundleId);
  const joining = useJoinPreview(joinCodeOf(location.pathname, safeNextPath(location.search)));
  const session = useSignInSession();
  const [framed] = useState(() => isInFrame(window));
  const [modalOpen, setModalOpen] = useState(framed);
  const [redirectTo] = useState(() => currentAddress(window.location.href));

  const fallbackHeading = params.appDescriptionId === null ? DEFAULT_HEADING : SIGN_UP_HEADING;
  let heading = fallbackHeading;
  let name: string | null = null;
  if (brand !== null) {
    if (brand.state.status === 'pending') heading = LOADING_TEXT;
    else if (brand.state.status === 'success') name = heading = brand.state.data;
  }

  const brandError = brand?.state.error ?? null;
  useEffect(() => {
    if (brandError !== null && brand !== null) {
      // The default heading stays (seed §8): the visitor can still sign in.
      reportError(brandError, { context: `sign-in ${brand.kind} name lookup` });
    }
    // brand.kind only changes together with the error object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [brandError, reportError]);

  const tabTitle = <PageTitle title={name ?? (params.appDescriptionId === null ? 'Sign in' : 'Sign up')} product={name === null} />;

  // Seed §4: the listener logs once that a session was created.
  const logged = useRef(false);
  useEffect(() => {
    if (session.status === 'signed_in' && !logged.current) {
      logged.current = true;
      console.info('[appforge] session created');
    }
    if (session.status === 'signed_out') logged.current = false;
  }, [session.status]);

  // Providers refuse to run inside frames, so a framed sign-in page continues in a new tab.
  const openInNewTab = () => {
    window.open(currentAddress(window.location.href), '_blank', 'noopener');
  };
  const openedOnce = useRef(false);
  useEffect(() => {
    if (framed && !openedOnce.current) {
      openedOnce.current = true;
      openInNewTab();
    }
  }, [framed]);

  return (
    <>
      {tabTitle}
      <div className="auth-screen">
        <BackgroundVideo />
        <main className="auth-panel" id="main">
          <p className="auth-brand">Appforge</p>
          {/* Decorative: the heading next to it names the app or bundle. */}
          {name !== null && icon !== null ? <img className="auth-brand-icon" src={icon} alt="" width={64} height={64} /> : null}
          <h1 className="auth-heading" aria-busy={heading === LOADING_TEXT}>
            {heading}
          </h1>
          {joining === null ? null : (
            <p className="auth-joining" role="status">
              You are joining <strong>{joining.className}</strong>
              {joining.schoolName === null ? '' : ` at ${joining.schoolName}`}. Sign in to join the class.
            </p>
          )}
          <div className="auth-social">
            <SocialButtons redirectTo={redirectTo} />
            <PasskeySignInButton />
          </div>
          <p className="auth-divider">
            <span>or continue with e-mail</span>
          </p>
          <EmailCodeForm redirectTo={redirectTo} />
          {params.bundleId === null ? null : (
            <Button variant="secondary" fullWidth asChild>
              <Link to="/">Back</Link>
            </Button>
          )}
        </main>
        {framed ? (
          <Suspense fallback={null}>
            <AppOpenedInNewTabModal open={modalOpen} onOpenChange={setModalOpen} onOpenInNewTab={openInNewTab} />
          </Suspense>
        ) : null}
      </div>
    </>
  );
}
