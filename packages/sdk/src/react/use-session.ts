import type { SessionState } from './appforge-context';
import { useAppforgeContext } from './use-appforge';

/** 'loading' until the stored session has been read, then 'signed_in' or 'signed_out'. */
export function useSession(): SessionState {
  return useAppforgeContext().session;
}
