import { useContext } from 'react';
import type { AppforgeClient } from '../types';
import { AppforgeContext } from './appforge-context';
import type { AppforgeContextValue } from './appforge-context';

export function useAppforgeContext(): AppforgeContextValue {
  const value = useContext(AppforgeContext);
  if (!value) throw new Error('useAppforge needs an <AppforgeProvider client={…}> above it.');
  return value;
}

/** The AppforgeClient from the nearest AppforgeProvider. */
export function useAppforge(): AppforgeClient {
  return useAppforgeContext().client;
}
