import type { AppSpec, Problem } from '@appforge/engine';
import type { AppDetail, AppVersionRow } from '@appforge/sdk';
import { createContext, useContext } from 'react';
import type { SaveState } from './autosave';

export type ApiCheck = 'ready' | 'loading' | 'error';

/** What the version editor's pages share: the working spec, its problems and its save state. */
export interface EditorContextValue {
  readonly appId: string;
  readonly versionId: string;
  readonly app: AppDetail;
  readonly version: AppVersionRow;
  /** The spec as the creator sees it now (ahead of the server while a save is pending). */
  readonly spec: AppSpec;
  /** The engine's messages for `spec`, refreshed on every edit. */
  readonly problems: readonly Problem[];
  /**
   * Whether `problems` include the check of the api steps against the creator's APIs: `loading`
   * while those are fetched, `error` when they could not be (then the server checks on deploy).
   */
  readonly apiCheck: ApiCheck;
  /** A deployed version is read-only; edits go through "change version". */
  readonly frozen: boolean;
  readonly save: SaveState;
  /** True when edits typed earlier in this browser were restored over the server's copy. */
  readonly restored: boolean;
  readonly edit: (update: (spec: AppSpec) => AppSpec) => void;
  /** Saves now: "Retry now" after an error. */
  readonly retry: () => void;
}

/** What the checks of an api step could not say yet, or undefined once they ran. */
export function apiCheckWords(check: ApiCheck): string | undefined {
  if (check === 'loading') return 'Checking the API steps against your APIs…';
  if (check === 'error') return 'Your APIs could not be loaded, so the API steps are not checked here yet; deploying still checks them.';
  return undefined;
}

export const EditorContext = createContext<EditorContextValue | null>(null);

export function useEditor(): EditorContextValue {
  const value = useContext(EditorContext);
  if (!value) throw new Error('useEditor() is used inside the version editor only.');
  return value;
}

/** Paths of the editor's routes (seed §2.1). */
export const editorPaths = {
  version: (appId: string, versionId: string) => `/create-app/${appId}/${versionId}`,
  step: (appId: string, versionId: string, stepId: string) => `/create-app/${appId}/${versionId}/${stepId}`,
  deleteStep: (appId: string, versionId: string, stepId: string) => `/create-app/${appId}/${versionId}/${stepId}/delete`,
  nextStep: (appId: string, versionId: string, stepId: string) => `/create-app/${appId}/${versionId}/${stepId}/next-step-selector`,
  changeVersion: (appId: string, versionId: string) => `/create-app-change-version/${appId}/${versionId}`,
  changeVersionConfirm: (appId: string, versionId: string, newVersionId: string) =>
    `/create-app-change-version-confirm/${appId}/${versionId}/${newVersionId}`,
  database: (appId: string, versionId: string) => `/create-app-database/${appId}/${versionId}`,
  databaseNew: (appId: string, versionId: string) => `/create-app-database-new/${appId}/${versionId}`,
  deploy: (appId: string, versionId: string) => `/create-app-deploy/${appId}/${versionId}`,
  overview: (appId: string) => `/create-app/${appId}`,
  deployedApp: (appId: string) => `/deployed-app/${appId}`,
  landingPage: (appId: string) => `/landing-page/${appId}`,
};
