import { PageTitle } from '@appforge/ui';
import type { PublicApp } from '@appforge/sdk';
import type { VisitorLiteClient } from '@appforge/sdk/visitor-lite';
import { useEffect, useState } from 'react';
import { AppSkeleton } from '../components/AppSkeleton';
import { DeployedAppRunner } from '../components/DeployedAppRunner';
import { deployedAppPath, signInHref } from '../lib/sign-in-link';
import { useEmbedResize } from '../lib/use-embed-resize';
import { useLightRunStream } from './use-light-run-stream';

export interface LightDeployedAppProps {
  client: VisitorLiteClient;
  appId: string;
  /** Where a sign-in comes back to: `/` on a custom domain (its target is shown there); the app's own address otherwise. */
  returnPath?: string | undefined;
  /**
   * Called when this page cannot serve the visitor alone: the app is not found or not open to
   * everyone, it is sold, or it could not be loaded. The entry then loads the full shell, which
   * has the words, the paywall and the sign-in for each of those.
   */
  onNeedsFullApp: () => void;
}

type Loaded = { status: 'loading' } | { status: 'ready'; app: PublicApp & { deployed: NonNullable<PublicApp['deployed']> } };

/**
 * A signed-out visitor's deployed app in the light visitor entry (issue 28): the app and its run
 * over plain fetch, rendered by the same components as the shell's page. The happy path only:
 * everything else is handed to the full shell (onNeedsFullApp).
 */
export function LightDeployedApp({ client, appId, returnPath, onNeedsFullApp }: LightDeployedAppProps) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const stream = useLightRunStream(client);
  const tabTitle = <PageTitle title={loaded.status === 'ready' ? loaded.app.name : null} product={false} />;
  useEmbedResize();

  useEffect(() => {
    let live = true;
    client.apps
      .getPublic(appId)
      .then(async (app) => {
        const open = app.visibility === 'public' || app.visibility === 'unlisted';
        if (!open || app.deployed === null || (await client.apps.isSold(app))) return null;
        return { ...app, deployed: app.deployed };
      })
      .then(
        (app) => {
          if (!live) return;
          if (app === null) onNeedsFullApp();
          else setLoaded({ status: 'ready', app });
        },
        () => live && onNeedsFullApp(),
      );
    return () => {
      live = false;
    };
  }, [client, appId, onNeedsFullApp]);

  if (loaded.status === 'loading') {
    return (
      <>
        {tabTitle}
        <AppSkeleton />
      </>
    );
  }
  const { app } = loaded;
  return (
    <>
      {tabTitle}
      <DeployedAppRunner
        key={app.id}
        app={app}
        spec={app.deployed.spec}
        signedIn={false}
        signInHref={signInHref(app.id, returnPath ?? deployedAppPath(app.id))}
        classId={null}
        stream={stream}
      />
    </>
  );
}
