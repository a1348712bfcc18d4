import { describeApp } from '@appforge/engine/describe';
import { PageTitle } from '@appforge/ui';
import type { AppOutline } from '@appforge/engine';
import type { PublicApp } from '@appforge/sdk';
import type { VisitorLiteClient } from '@appforge/sdk/visitor-lite';
import { useCallback, useEffect, useState } from 'react';
import { AppNotFound } from '../components/AppNotFound';
import { AppSkeleton } from '../components/AppSkeleton';
import { LandingView } from '../components/LandingView';
import { RunProblem } from '../components/RunProblem';
import { SignInRequired } from '../components/SignInRequired';
import type { ProblemLike } from '../lib/problem-words';
import { deployedAppPath, isAppId, landingPagePath, signInHref } from '../lib/sign-in-link';

export interface LightLandingPageProps {
  client: VisitorLiteClient;
  /** The id in the address (`/landing-page/:appId`): anything but a UUID is "not found". */
  appId: string;
  /**
   * Called when this page cannot serve a signed-out visitor alone: the app is sold (its paywall,
   * sign-in and checkout are the shell's), or whether it is could not be told.
   */
  onNeedsFullApp: () => void;
}

type Loaded =
  | { status: 'loading' }
  | { status: 'not-found'; unpublished: boolean }
  /** Open to signed-in people only: its sign-in name, from app_sign_in_name. */
  | { status: 'sign-in'; appName: string }
  | { status: 'problem'; problem: ProblemLike }
  | { status: 'ready'; app: PublicApp; outline: AppOutline };

const NOT_FOUND_CODES: ReadonlySet<string> = new Set(['not_found', 'app_not_found', 'not_deployed', 'invalid_input']);

const problemOf = (error: unknown): ProblemLike =>
  typeof error === 'object' && error !== null && 'code' in error && 'message' in error && typeof error.code === 'string' && typeof error.message === 'string'
    ? { code: error.code, message: error.message }
    : { code: 'unknown_error', message: 'Something went wrong. Please try again.' };

/**
 * `/landing-page/:appId` for a signed-out visitor in the light visitor entry (issue 28): the same
 * page as the shell's (LandingView, AppNotFound, SignInRequired, RunProblem) over plain fetch. A
 * sold app hands over to the full shell (onNeedsFullApp), which has the paywall.
 */
export function LightLandingPage({ client, appId, onNeedsFullApp }: LightLandingPageProps) {
  const validId = isAppId(appId) ? appId : null;
  const [loaded, setLoaded] = useState<Loaded>(validId === null ? { status: 'not-found', unpublished: false } : { status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => {
    setLoaded({ status: 'loading' });
    setAttempt((count) => count + 1);
  }, []);

  useEffect(() => {
    if (validId === null) return;
    let live = true;
    const show = (next: Loaded) => live && setLoaded(next);
    client.apps.getPublic(validId).then(
      async (app) => {
        if (app.deployed === null) return show({ status: 'not-found', unpublished: true });
        let sold: boolean;
        try {
          sold = await client.apps.isSold(app);
        } catch {
          if (live) onNeedsFullApp();
          return;
        }
        if (!live) return;
        if (sold) return onNeedsFullApp();
        show({ status: 'ready', app, outline: describeApp(app.deployed.spec) });
      },
      async (error: unknown) => {
        const problem = problemOf(error);
        if (!NOT_FOUND_CODES.has(problem.code)) return show({ status: 'problem', problem });
        // Hidden from a signed-out visitor: a deployed app open to signed-in people says so by name.
        const appName = await client.apps.getName(validId).catch(() => null);
        show(appName === null ? { status: 'not-found', unpublished: false } : { status: 'sign-in', appName });
      },
    );
    return () => {
      live = false;
    };
  }, [client, validId, attempt, onNeedsFullApp]);

  const signIn = signInHref(appId, landingPagePath(appId));
  const title = loaded.status === 'ready' ? loaded.app.name : loaded.status === 'loading' ? null : 'App not found';
  return (
    <>
      <PageTitle title={title} product={false} />
      <LightLandingBody loaded={loaded} validId={validId} signIn={signIn} retry={retry} />
    </>
  );
}

function LightLandingBody({ loaded, validId, signIn, retry }: { loaded: Loaded; validId: string | null; signIn: string; retry: () => void }) {
  switch (loaded.status) {
    case 'loading':
      return <AppSkeleton label="Loading app page" />;
    case 'not-found':
      // As the shell's page: a deployed-less app is simply not found; a hidden one may open after a sign-in.
      return <AppNotFound signInHref={validId !== null && !loaded.unpublished ? signIn : undefined} />;
    case 'sign-in':
      return <SignInRequired appName={loaded.appName} signInHref={signIn} headingLevel={1} />;
    case 'problem':
      return <RunProblem problem={loaded.problem} appName="This app" signInHref={signIn} onRetry={retry} />;
    case 'ready':
      return (
        <LandingView
          key={loaded.app.id}
          app={loaded.app}
          outline={loaded.outline}
          openHref={deployedAppPath(loaded.app.id)}
          signInHref={signInHref(loaded.app.id, deployedAppPath(loaded.app.id))}
        />
      );
  }
}
