import { createContext } from 'react';
import type { AppforgeClient, Session, User } from '../types';

export type SessionStatus = 'loading' | 'signed_out' | 'signed_in';

export interface SessionState {
  status: SessionStatus;
  session: Session | null;
  user: User | null;
}

export interface AppforgeContextValue {
  client: AppforgeClient;
  session: SessionState;
}

export const AppforgeContext = createContext<AppforgeContextValue | null>(null);
