import type { BundlePage } from '@appforge/sdk';
import type { VisitorLiteClient } from '@appforge/sdk/visitor-lite';
import { isNotFound, messageOf } from '@appforge/sdk/visitor-lite';
import { useCallback, useEffect, useState } from 'react';
import { AccessNote, BundleLoadError, BundleLoading, BundleNotFound, BundleTitle, BundleView } from '../components/BundleView';
import { isAppId } from '../lib/sign-in-link';

export interface LightBundlePageProps {
  client: VisitorLiteClient;
  /** The id in the address (`/bundle/:bundleId`): anything but a UUID is "not found". */
  bundleId: string;
  /**
   * Called when this page cannot serve a signed-out visitor alone: the bundle is paid and the
   * visitor has no access (its price, "Get access" and checkout are the shell's).
   */
  onNeedsFullApp: () => void;
}

type Loaded =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'error'; message: string }
  | { status: 'ready'; page: BundlePage & { access: NonNullable<BundlePage['access']> } };

/**
 * `/bundle/:bundleId` for a signed-out visitor in the light visitor entry (issue 28): the shell's
 * page (BundleView and its states) over plain fetch, for a bundle open to everyone. A bundle the
 * visitor must buy hands over to the full shell (onNeedsFullApp).
 */
export function LightBundlePage({ client, bundleId, onNeedsFullApp }: LightBundlePageProps) {
  const validId = isAppId(bundleId) ? bundleId : null;
  const [loaded, setLoaded] = useState<Loaded>(validId === null ? { status: 'not-found' } : { status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => {
    setLoaded({ status: 'loading' });
    setAttempt((count) => count + 1);
  }, []);

  useEffect(() => {
    if (validId === null) return;
    let live = true;
    client.bundles.getPage(validId).then(
      (page) => {
        if (!live) return;
        const { access } = page;
        if (access === null) onNeedsFullApp();
        else setLoaded({ status: 'ready', page: { ...page, access } });
      },
      (error: unknown) => {
        if (!live) return;
        setLoaded(isNotFound(error) ? { status: 'not-found' } : { status: 'error', message: messageOf(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [client, validId, attempt, onNeedsFullApp]);

  return (
    <>
      <BundleTitle name={loaded.status === 'ready' ? loaded.page.name : undefined} />
      <LightBundleBody loaded={loaded} retry={retry} />
    </>
  );
}

function LightBundleBody({ loaded, retry }: { loaded: Loaded; retry: () => void }) {
  switch (loaded.status) {
    case 'loading':
      return <BundleLoading />;
    case 'not-found':
      return <BundleNotFound />;
    case 'error':
      return <BundleLoadError message={loaded.message} onRetry={retry} />;
    case 'ready':
      return <BundleView data={loaded.page} checkoutOutcome={null} getAccess={<AccessNote access={loaded.page.access} />} />;
  }
}
