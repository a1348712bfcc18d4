import { useEffect, useState } from 'react';
import { useSignInClient } from './sign-in-client';

/** What every SDK error carries (read structurally: the sign-in path does not load the SDK's error module). */
interface ErrorShape {
  code?: unknown;
  status?: unknown;
}

/** Network trouble and server errors may pass; "not found" is final and shows at once. Twice at most. */
export function retryTransient(failureCount: number, error: unknown): boolean {
  if (failureCount > 2 || typeof error !== 'object' || error === null) return false;
  const { code, status } = error as ErrorShape;
  return code === 'network_error' || (typeof status === 'number' && status >= 500);
}

/** 1 s, then 2 s between attempts (what TanStack Query waits by default). */
const retryDelay = (failureCount: number) => Math.min(1000 * 2 ** (failureCount - 1), 30_000);

export type BrandNameState =
  | { status: 'pending'; data: undefined; error: null }
  | { status: 'success'; data: string; error: null }
  | { status: 'error'; data: undefined; error: unknown };

const PENDING: BrandNameState = { status: 'pending', data: undefined, error: null };

/**
 * The app's or bundle's name for the sign-in branding (seed §7.1); null without an id. The
 * bundle wins when both are given (seed §2.3). A plain effect rather than TanStack Query: the
 * sign-in page is the one page whose download is kept minimal, and this is its only read.
 */
export function useBrandName(appId: string | null, bundleId: string | null): { kind: 'app' | 'bundle'; state: BrandNameState } | null {
  const client = useSignInClient();
  const kind = bundleId !== null ? 'bundle' : appId !== null ? 'app' : null;
  const id = bundleId ?? appId;
  const key = kind === null || id === null ? null : `${kind}:${id}`;
  const [tracked, setTracked] = useState<{ key: string | null; state: BrandNameState }>({ key, state: PENDING });

  useEffect(() => {
    if (kind === null || id === null) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = (failureCount: number) => {
      const lookup = kind === 'bundle' ? client.bundles.getName(id) : client.apps.getName(id);
      lookup.then(
        (name) => live && setTracked({ key: `${kind}:${id}`, state: { status: 'success', data: name, error: null } }),
        (error: unknown) => {
          if (!live) return;
          if (retryTransient(failureCount + 1, error)) {
            timer = setTimeout(() => attempt(failureCount + 1), retryDelay(failureCount + 1));
          } else {
            setTracked({ key: `${kind}:${id}`, state: { status: 'error', data: undefined, error } });
          }
        },
      );
    };
    setTracked({ key: `${kind}:${id}`, state: PENDING });
    attempt(0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // The light client may hand over to the full one; the name does not change with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind, id]);

  if (kind === null) return null;
  return { kind, state: tracked.key === key ? tracked.state : PENDING };
}

/**
 * The app's or bundle's icon for the sign-in branding (#18: also on its custom domain), or null:
 * without an id, while it loads, when it has none, or when the lookup fails (the icon is an
 * extra; the name carries the branding).
 */
export function useBrandIcon(appId: string | null, bundleId: string | null): string | null {
  const client = useSignInClient();
  const kind = bundleId !== null ? 'bundle' : appId !== null ? 'app' : null;
  const id = bundleId ?? appId;
  const key = kind === null || id === null ? null : `${kind}:${id}`;
  const [icon, setIcon] = useState<{ key: string; url: string | null } | null>(null);

  useEffect(() => {
    if (kind === null || id === null) return;
    let live = true;
    const lookup = kind === 'bundle' ? client.bundles.getSignInIcon(id) : client.apps.getSignInIcon(id);
    lookup.then(
      (url) => live && setIcon({ key: `${kind}:${id}`, url }),
      () => undefined,
    );
    return () => {
      live = false;
    };
    // As for the name: the light client may hand over to the full one; the icon does not change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind, id]);

  return key !== null && icon?.key === key ? icon.url : null;
}
