import type { ClassJoinPreview } from '@appforge/sdk';
import { useEffect, useState } from 'react';
import { useSignInClient } from '../lib/sign-in-client';

/**
 * The class a join link leads to, for "You are joining …" on its sign-in screen (issue 27); null
 * without a code, while it loads, for a code no open class has, or when the lookup fails (the line
 * is an extra: the person can still sign in and join). A plain effect, like the brand name: the
 * sign-in page keeps its download minimal.
 */
export function useJoinPreview(code: string | null): ClassJoinPreview | null {
  const client = useSignInClient();
  const [found, setFound] = useState<{ code: string; preview: ClassJoinPreview | null } | null>(null);

  useEffect(() => {
    if (code === null) return;
    let live = true;
    client.classes.joinPreview(code).then(
      (preview) => live && setFound({ code, preview }),
      () => live && setFound({ code, preview: null }),
    );
    return () => {
      live = false;
    };
    // The light client may hand over to the full one; the class does not change with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [code]);

  return code !== null && found?.code === code ? found.preview : null;
}
